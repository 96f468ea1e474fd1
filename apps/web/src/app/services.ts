import { QueryClient } from '@tanstack/react-query';
import { createGraphqlClient } from '../lib/api/graphql-client';
import type { FetchLike } from '../lib/api/http';
import { createIdentityApi } from '../lib/api/identity';
import { loadAppConfig } from '../lib/config';
import { readFlagOverrides } from '../lib/flags/overrides';
import { PortalFlagProvider } from '../lib/flags/portal-flag-provider';
import { prefetchHomeData } from '../lib/prefetch-home';
import type { AppServices } from '../lib/services';
import { SessionManager } from '../lib/session/session-manager';

export interface ServiceOptions {
  fetch?: FetchLike;
  storage?: Storage;
  sessionStorage?: Storage;
  locks?: Pick<LockManager, 'request'>;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1 },
      mutations: { retry: false },
    },
  });
}

export function createAppServices(options: ServiceOptions = {}): AppServices {
  const storage = options.storage ?? window.localStorage;
  const overridesStorage = options.sessionStorage ?? window.sessionStorage;
  const session = new SessionManager({
    identity: createIdentityApi(options.fetch),
    storage,
    locks: options.locks ?? (typeof navigator !== 'undefined' ? navigator.locks : undefined),
  });
  const graphql = createGraphqlClient({
    ...(options.fetch ? { fetch: options.fetch } : {}),
    getAccessToken: () => session.getAccessToken(),
    refreshAccessToken: () => session.refreshAccessToken(),
  });
  const queryClient = createQueryClient();
  const flags = new PortalFlagProvider(
    {
      // The customer's flags need GetFeatureFlags (the generated documents): loaded once signed
      // in, not with the sign-in page (issue 16), through the query cache so home's prefetch
      // and the provider share one answer. A visitor's are /config.json's defaults.
      customer: async () =>
        (await import('../lib/flags/load-feature-flags')).loadFeatureFlags(graphql, queryClient),
      visitor: async () => (await loadAppConfig(queryClient)).flags,
    },
    () => readFlagOverrides(overridesStorage),
  );
  session.onSignedOut(() => queryClient.clear());
  // Issue 16: home's queries leave together with the first access token (lib/prefetch-home.ts).
  session.onSignedIn(() => prefetchHomeData({ graphql, queryClient }));
  return { session, graphql, queryClient, flags, storage };
}
