import type { QueryClient } from '@tanstack/react-query';
import { createGraphqlClient } from '../lib/api/graphql-client';
import type { FetchLike } from '../lib/api/http';
import { createIdentityApi } from '../lib/api/identity';
import { AppConfigStore } from '../lib/config';
import { FlagStore } from '../lib/flags/flag-store';
import { readFlagOverrides } from '../lib/flags/overrides';
import { prefetchHomeData } from '../lib/prefetch-home';
import type { AppServices } from '../lib/services';
import { SessionManager } from '../lib/session/session-manager';

export interface ServiceOptions {
  fetch?: FetchLike;
  storage?: Storage;
  sessionStorage?: Storage;
  locks?: Pick<LockManager, 'request'>;
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
  // Issue 16: the query library stays off the sign-in page; the client is made by the first
  // of the signed-in layer's render (ensureQueryClient) or a load (loadQueryClient).
  let queryClient: QueryClient | undefined;
  const ensureQueryClient = (create: () => QueryClient) => (queryClient ??= create());
  const loadQueryClient = async () =>
    queryClient ?? ensureQueryClient((await import('../lib/query-client')).createQueryClient);
  const config = new AppConfigStore();
  const flags = new FlagStore(
    {
      // The customer's flags need GetFeatureFlags (the generated documents): loaded once signed
      // in, not with the sign-in page (issue 16), through the query cache so home's prefetch
      // and the flags share one answer. A visitor's are /config.json's defaults.
      customer: async () => {
        const [module, client] = await Promise.all([
          import('../lib/flags/load-feature-flags'),
          loadQueryClient(),
        ]);
        return module.loadFeatureFlags(graphql, client);
      },
      visitor: async () => (await config.load()).flags,
    },
    () => readFlagOverrides(overridesStorage),
  );
  session.onSignedOut(() => queryClient?.clear());
  // Issue 16: home's queries leave together with the first access token (lib/prefetch-home.ts).
  session.onSignedIn(() => {
    if (queryClient) prefetchHomeData({ graphql, queryClient });
    else {
      loadQueryClient().then(
        (client) => prefetchHomeData({ graphql, queryClient: client }),
        () => undefined,
      );
    }
  });
  return {
    session,
    graphql,
    get queryClient(): QueryClient {
      if (!queryClient) throw new Error('the query client is made by the signed-in layer');
      return queryClient;
    },
    peekQueryClient: () => queryClient,
    ensureQueryClient,
    loadQueryClient,
    flags,
    config,
    storage,
  };
}
