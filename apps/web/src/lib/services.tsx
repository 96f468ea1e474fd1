import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { GraphqlClient } from './api/graphql-client';
import type { PortalFlagProvider } from './flags/portal-flag-provider';
import type { SessionManager, SessionSnapshot } from './session/session-manager';

/** The app's long-lived objects; built once in app/services.ts, replaced by fakes in tests. */
export interface AppServices {
  session: SessionManager;
  graphql: GraphqlClient;
  queryClient: QueryClient;
  flags: PortalFlagProvider;
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
  return useSyncExternalStore(session.subscribe, session.getSnapshot);
}
