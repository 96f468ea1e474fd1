import { OpenFeature } from '@openfeature/react-sdk';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { App } from '../app/app';
import { routes } from '../app/routes';
import { createAppServices } from '../app/services';
import { ANONYMOUS_TARGETING_KEY } from '../lib/flags/portal-flag-provider';
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

/** Renders the whole app at `path` against a fake server. */
export async function renderApp(path: string, serverOptions: FakeServerOptions = {}) {
  const server = createFakeServer(serverOptions);
  vi.stubGlobal('fetch', server.handler);
  const services = createAppServices({ fetch: server.handler });
  services.session.start();
  await OpenFeature.setProviderAndWait(services.flags, { targetingKey: ANONYMOUS_TARGETING_KEY });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(<App services={services} router={router} i18n={createI18n()} />);
  return { ...view, server, services, router };
}
