import { QueryClient } from '@tanstack/react-query';

/** The app's query cache (loaded with the signed-in layer, not the sign-in page: issue 16). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1 },
      mutations: { retry: false },
    },
  });
}
