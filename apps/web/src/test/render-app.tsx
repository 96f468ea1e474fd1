import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type Location, type To } from 'react-router';
import { vi } from 'vitest';
import { App } from '../app/app';
import { AppRoutes } from '../app/routes';
import { createAppServices } from '../app/services';
import { ANONYMOUS_TARGETING_KEY } from '../lib/flags/flag-store';
import { createI18n } from '../lib/i18n';
import { STORAGE_KEYS } from '../lib/session/storage-keys';
import { createFakeServer, fakeJwt, type FakeServerOptions } from './fake-server';

/** Puts a session in storage, as if the customer had signed in earlier. */
export function storeSignedInSession(email = 'alex@example.com'): void {
  window.localStorage.setItem(
    STORAGE_KEYS.session,
    JSON.stringify({
      idToken: fakeJwt({ sub: 'u1', email }),
      refreshToken: 'refresh-0',
      expiresAt: Date.now() + 3_600_000,
    }),
  );
}

/** What tests read of the router: its location, and a way to go elsewhere. */
export interface TestRouter {
  state: { location: Location };
  navigate: (to: To) => void;
}

function RouterProbe({ router }: { router: { location?: Location; navigate?: (to: To) => void } }) {
  router.location = useLocation();
  const navigate = useNavigate();
  router.navigate = (to) => void navigate(to);
  return null;
}

/** Renders the whole app at `path` against a fake server. */
export async function renderApp(path: string, serverOptions: FakeServerOptions = {}) {
  const server = createFakeServer(serverOptions);
  vi.stubGlobal('fetch', server.handler);
  const services = createAppServices({ fetch: server.handler });
  services.session.start();
  await services.flags.setContext(ANONYMOUS_TARGETING_KEY);
  const probe: { location?: Location; navigate?: (to: To) => void } = {};
  const router: TestRouter = {
    state: {
      get location() {
        if (!probe.location) throw new Error('the router has not rendered yet');
        return probe.location;
      },
    },
    navigate: (to) => probe.navigate?.(to),
  };
  const view = render(
    <App services={services} i18n={createI18n()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <RouterProbe router={probe} />
      </MemoryRouter>
    </App>,
  );
  return { ...view, server, services, router };
}
