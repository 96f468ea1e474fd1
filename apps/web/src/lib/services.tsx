import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { GraphqlClient } from './api/graphql-client';
import type { AppConfigStore } from './config';
import type { FlagStore } from './flags/flag-store';
import type { SessionManager, SessionSnapshot } from './session/session-manager';

/** The app's long-lived objects; built once in app/services.ts, replaced by fakes in tests. */
export interface AppServices {
  session: SessionManager;
  graphql: GraphqlClient;
  /**
   * The query cache. Issue 16: the query library is not on the sign-in page; the signed-in
   * layer (app/data-layer.tsx) creates the client (ensureQueryClient) before any screen that
   * reads this renders, and the sign-in screen loads it while the customer types.
   */
  readonly queryClient: QueryClient;
  /** The query cache if it exists yet (the sign-in page's error screen: no customer then). */
  peekQueryClient: () => QueryClient | undefined;
  /** The query cache, created with `create` if it does not exist yet (synchronous). */
  ensureQueryClient: (create: () => QueryClient) => QueryClient;
  /** The query cache, with the query library fetched first if need be. */
  loadQueryClient: () => Promise<QueryClient>;
  /** Flags for every screen (useFlag); signed-in screens also read them through OpenFeature. */
  flags: FlagStore;
  /** GET /config.json, once per page (useAppConfig). */
  config: AppConfigStore;
  storage: Storage;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({
  services,
  children,
}: {
  services: AppServices;
  children: ReactNode;
}) {
  return <ServicesContext value={services}>{children}</ServicesContext>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesProvider');
  return services;
}

export function useSession(): SessionSnapshot {
  const { session } = useServices();
  // The third: the build's pre-render (issue 46) and its hydration read the store as it is.
  return useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
}
