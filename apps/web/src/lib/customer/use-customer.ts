import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { GetCustomerDataDocument, type GetCustomerDataQuery } from '../../gql/graphql';
import type { GraphqlClient } from '../api/graphql-client';
import { useServices, useSession } from '../services';

export type Customer = NonNullable<GetCustomerDataQuery['customer']>;

export const CUSTOMER_QUERY_KEY = ['customer'] as const;

export function customerQueryOptions(graphql: GraphqlClient) {
  return queryOptions({
    queryKey: CUSTOMER_QUERY_KEY,
    queryFn: async () => (await graphql.request(GetCustomerDataDocument)).customer,
    staleTime: 60_000,
    retry: 1,
  });
}

/** The signed-in customer; `data` is null for an account without a customer record (C108). */
export function useCustomerQuery() {
  const { graphql } = useServices();
  const { status } = useSession();
  return useQuery({ ...customerQueryOptions(graphql), enabled: status === 'authenticated' });
}

/**
 * The customer if already loaded, without subscribing: for prefilling forms and links. (A
 * second subscriber would refetch a failed query on mount, so an error screen that used
 * useCustomerQuery would loop between loading and error.)
 */
export function useLoadedCustomer(): Customer | null | undefined {
  const queryClient = useQueryClient();
  return queryClient.getQueryData<Customer | null>(CUSTOMER_QUERY_KEY);
}
