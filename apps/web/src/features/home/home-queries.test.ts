import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createGraphqlClient } from '../../lib/api/graphql-client';
import { APPOINTMENT_PRESENCE_QUERY_KEY } from '../../lib/appointments/use-has-appointments';
import { CUSTOMER_QUERY_KEY } from '../../lib/customer/customer';
import { FEATURE_FLAGS_QUERY_KEY, loadFeatureFlags } from '../../lib/flags/load-feature-flags';
import { CONTRACT_EXPIRATION_QUERY_KEY } from '../../lib/notifications/use-contract-expiration-banners';
import { LAB_RESULT_NOTIFICATIONS_QUERY_KEY } from '../../lib/notifications/use-lab-result-notifications';
import { NOTIFICATIONS_LIST_QUERY_KEY } from '../../lib/notifications/use-notifications';
import { prefetchHomeQueries } from './home-queries';
import { SDUI_MODULES_QUERY_KEY } from './use-sdui-home-modules';

/** A data API that holds every answer until `answerAll`, recording the operations asked. */
function heldApi() {
  const asked: string[] = [];
  const held: (() => void)[] = [];
  const fetch = (input: string, init?: RequestInit) => {
    // A query without variables is a GET naming the operation; the others are POSTs of the text.
    const name =
      new URL(input, 'http://localhost').searchParams.get('operationName') ??
      /^\s*query\s+(\w+)/.exec(
        (JSON.parse(init?.body as string) as { query: string }).query,
      )?.[1] ??
      '?';
    asked.push(name);
    const data: Record<string, unknown> = {
      GetCustomerData: { customer: { id: 'c1', first_name: 'Alejandro', preferred_name: 'Alex' } },
      GetFeatureFlags: { featureFlags: [{ name: 'one-way-messaging', enabled: true }] },
      GetSduiModules: { sduiModules: { home: [] } },
      GetAppointmentPresence: { appointmentsByCustomer: null },
      GetCustomerNotifications: { customerNotifications: [] },
      GetLabResultNotifications: { labResultNotifications: [] },
      GetContractExpirationBannerNotifications: { contractExpirationBannerNotifications: [] },
    };
    return new Promise<Response>((resolve) => {
      held.push(() => resolve(new Response(JSON.stringify({ data: data[name] ?? null }))));
    });
  };
  const answerAll = () => held.splice(0).forEach((answer) => answer());
  return { asked, fetch, answerAll };
}

describe('prefetchHomeQueries (issue 16: the queries home needs, sent together)', () => {
  it('sends every query home needs at once, the customer first, under the keys the hooks read', async () => {
    const api = heldApi();
    const graphql = createGraphqlClient({
      fetch: api.fetch,
      getAccessToken: () => Promise.resolve('access-1'),
      refreshAccessToken: () => Promise.resolve('access-2'),
    });
    const queryClient = new QueryClient();

    prefetchHomeQueries({ graphql, queryClient });
    await new Promise((resolve) => setTimeout(resolve, 0));

    // All of them are out before any answer came back: no waterfall.
    expect(api.asked).toEqual([
      'GetCustomerData',
      'GetFeatureFlags',
      'GetSduiModules',
      'GetAppointmentPresence',
      'GetCustomerNotifications',
      'GetLabResultNotifications',
      'GetContractExpirationBannerNotifications',
    ]);

    api.answerAll();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const cached = (key: readonly unknown[]) => queryClient.getQueryData(key);
    expect(cached(CUSTOMER_QUERY_KEY)).toMatchObject({ preferred_name: 'Alex' });
    expect(cached(FEATURE_FLAGS_QUERY_KEY)).toEqual({ 'one-way-messaging': true });
    expect(cached(SDUI_MODULES_QUERY_KEY)).toEqual([]);
    expect(cached(APPOINTMENT_PRESENCE_QUERY_KEY)).toEqual({
      hasAppointments: false,
      intakeNeeded: false,
    });
    expect(cached(NOTIFICATIONS_LIST_QUERY_KEY)).toEqual([]);
    expect(cached(LAB_RESULT_NOTIFICATIONS_QUERY_KEY)).toEqual([]);
    expect(cached(CONTRACT_EXPIRATION_QUERY_KEY)).toEqual([]);

    // The flag provider's load right after takes the prefetched answer instead of asking again.
    await expect(loadFeatureFlags(graphql, queryClient)).resolves.toEqual({
      'one-way-messaging': true,
    });
    expect(api.asked.filter((name) => name === 'GetFeatureFlags')).toHaveLength(1);
  });
});
