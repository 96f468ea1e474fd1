import { PREVIOUS_PROVIDERS_LIMIT } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { GetCustomerPreviousProvidersDocument } from '../../gql/graphql';
import { useServices, useSession } from '../../lib/services';

export const PREVIOUS_PROVIDERS_QUERY_KEY = ['previousProviders'] as const;

/** The providers the customer saw before, offered first when picking a time. */
export function usePreviousProviders() {
  const { graphql } = useServices();
  const { status } = useSession();
  return useQuery({
    queryKey: PREVIOUS_PROVIDERS_QUERY_KEY,
    queryFn: async () =>
      (
        await graphql.request(GetCustomerPreviousProvidersDocument, {
          limit: PREVIOUS_PROVIDERS_LIMIT,
        })
      ).customerPreviousProviders,
    enabled: status === 'authenticated',
  });
}
