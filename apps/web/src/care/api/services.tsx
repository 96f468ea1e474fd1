import { createContext, useContext, type ReactNode } from 'react';
import type { CareSession } from '../session';
import type { StaffApi } from './http';

// What the console's screens share: the staff session and the API client over it. Passed in
// (main.tsx builds the real ones, tests their own), never imported as module state.

export interface CareServices {
  session: CareSession;
  api: StaffApi;
}

const Context = createContext<CareServices | null>(null);

export function CareServicesProvider({
  services,
  children,
}: {
  services: CareServices;
  children: ReactNode;
}) {
  return <Context.Provider value={services}>{children}</Context.Provider>;
}

export function useCare(): CareServices {
  const services = useContext(Context);
  if (!services) throw new Error('useCare outside CareServicesProvider');
  return services;
}
