import { useQuery } from '@tanstack/react-query';
import { GetCorporateHealthDocument } from '../../gql/graphql';
import { useServices, useSession } from '../services';

export const CORPORATE_HEALTH_QUERY_KEY = ['customer', 'corporate-health'] as const;

/**
 * The corporate-health mode (spec 02 §6): the server answers it from the personify tag and
 * the personify_health flag together. Asked apart from GetCustomerData, which the server
 * reads in one SQL statement. Undefined while loading; false when it cannot be read (the mode
 * only takes offers away, so a failure leaves the usual screens).
 */
export function useCorporateHealth(): boolean | undefined {
  const { graphql } = useServices();
  const { status } = useSession();
  const query = useQuery({
    queryKey: CORPORATE_HEALTH_QUERY_KEY,
    queryFn: async () =>
      (await graphql.request(GetCorporateHealthDocument)).customer?.corporate_health ?? false,
    enabled: status === 'authenticated',
    staleTime: 5 * 60_000,
  });
  return query.isError ? false : query.data;
}
