import { ThemeProvider } from '@mui/material/styles';
import { OpenFeatureTestProvider } from '@openfeature/react-sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nProvider } from '../lib/i18n-react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../app/theme';
import { AlertProvider } from '../components/alerts/alert-context';
import { BannerSlot, BannerSlotProvider } from '../components/layout/banner-slot';
import { AppConfigStore, type AppConfig } from '../lib/config';
import type { Customer } from '../lib/customer/customer';
import { ANONYMOUS_TARGETING_KEY, FlagStore } from '../lib/flags/flag-store';
import { createI18n } from '../lib/i18n';
import { ServicesProvider, type AppServices } from '../lib/services';

// Test-only: renders a screen with fake services whose GraphQL answers come from `answer`,
// keyed by operation name, and records every call. An answer that throws (a
// GraphqlRequestError, say) is the failed request.

export type Answer = (operation: string, variables: Record<string, unknown>) => unknown;

export const CUSTOMER: Customer = {
  id: 'c1',
  short_id: 'S1',
  full_name: 'Alejandro Rivera',
  first_name: 'Alejandro',
  last_name: 'Rivera',
  preferred_name: 'Alex',
  phone: null,
  dob: '1990-01-01',
  sex: null,
  gender: null,
  email: 'alex@example.com',
  created_at: '2025-01-01T00:00:00Z',
  time_zone: 'America/Los_Angeles',
  shippingAddresses: [],
  tags: [],
  contracts: [],
  subscriptions: [{ id: 's1', status: 'active' }],
};

const SIGNED_IN = { status: 'authenticated', userId: 'u1', email: CUSTOMER.email } as const;

/** Services whose GraphQL answers come from `answer`, for a signed-in customer. */
export function createFakeServices(
  answer: Answer,
  customer: Customer = CUSTOMER,
  flagValues: Record<string, boolean> = {},
) {
  const calls: { operation: string; variables: Record<string, unknown> }[] = [];
  const request = vi.fn((document: { toString(): string }, variables?: Record<string, unknown>) => {
    const operation = /(?:query|mutation|subscription)\s+(\w+)/.exec(document.toString())?.[1];
    const vars = variables ?? {};
    calls.push({ operation: operation ?? '?', variables: vars });
    if (operation === 'GetCustomerData') return Promise.resolve({ customer });
    return new Promise((resolve) => resolve(answer(operation ?? '?', vars)));
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // The flags screens read without OpenFeature (useFlag): the same values as the test provider.
  const flags = new FlagStore(
    { customer: () => Promise.resolve(flagValues), visitor: () => Promise.resolve(flagValues) },
    () => ({}),
  );
  void flags.setContext(ANONYMOUS_TARGETING_KEY);
  // /config.json through the test's fetch, one try (as the test query client's retry: false).
  const config = new AppConfigStore(undefined, []);
  const services = {
    graphql: { request },
    queryClient,
    peekQueryClient: () => queryClient,
    ensureQueryClient: () => queryClient,
    loadQueryClient: () => Promise.resolve(queryClient),
    flags,
    config,
    storage: window.localStorage,
    session: {
      subscribe: () => () => undefined,
      getSnapshot: () => SIGNED_IN,
      onSignedOut: () => () => undefined,
      // Identity calls made for the signed-in customer (the account dialogs) go to fetch.
      withIdToken: <T,>(call: (idToken: string) => Promise<T>) => call('test-id-token'),
      adoptTokens: vi.fn(),
    },
  } as unknown as AppServices;
  return { services, queryClient, calls };
}

export function renderWithServices(
  routes: { path: string; element: ReactNode }[],
  {
    path = '/',
    answer,
    flags = {},
    customer,
    config,
  }: {
    path?: string;
    answer: Answer;
    flags?: Record<string, boolean>;
    customer?: Customer;
    /** /config.json as already loaded; without it, the screen fetches it through the test's fetch. */
    config?: AppConfig;
  },
) {
  const { services, queryClient, calls } = createFakeServices(answer, customer, flags);
  if (config) services.config.set(config);
  // Alerts sit inside the router (their support link reads the location), as in RootLayout.
  const router = createMemoryRouter(
    [
      {
        element: (
          <AlertProvider>
            <Outlet />
          </AlertProvider>
        ),
        children: routes,
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <ServicesProvider services={services}>
      <I18nProvider i18n={createI18n()}>
        <ThemeProvider theme={theme}>
          <QueryClientProvider client={queryClient}>
            <OpenFeatureTestProvider flagValueMap={flags}>
              <BannerSlotProvider>
                <BannerSlot />
                <RouterProvider router={router} />
              </BannerSlotProvider>
            </OpenFeatureTestProvider>
          </QueryClientProvider>
        </ThemeProvider>
      </I18nProvider>
    </ServicesProvider>,
  );
  return { ...view, calls, router, queryClient };
}
