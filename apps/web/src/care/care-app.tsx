import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { StaffApiError } from './api/http';
import { CareServicesProvider, type CareServices } from './api/services';
import { LanguageProvider } from './language/language-context';
import { AnnouncerProvider } from './layout/announcer';

/** A request the server refused on its merits is not tried again; a network failure once. */
function retry(failures: number, error: unknown): boolean {
  if (error instanceof StaffApiError && error.status >= 400 && error.status < 500) return false;
  return failures < 1;
}

export function createCareQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: true, retry },
      mutations: { retry: false },
    },
  });
}

/** The console's providers around its router (main.tsx: BrowserRouter; tests: MemoryRouter). */
export function CareApp({
  services,
  client,
  children,
}: {
  services: CareServices;
  client?: QueryClient;
  children: ReactNode;
}) {
  const [queryClient] = useState(() => client ?? createCareQueryClient());
  return (
    <CareServicesProvider services={services}>
      <QueryClientProvider client={queryClient}>
        <AnnouncerProvider>
          <LanguageProvider>{children}</LanguageProvider>
        </AnnouncerProvider>
      </QueryClientProvider>
    </CareServicesProvider>
  );
}
