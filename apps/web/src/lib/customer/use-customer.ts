import { queryOptions, useQuery } from '@tanstack/react-query';
import { GetCustomerDataDocument } from '../../gql/graphql';
import type { GraphqlClient } from '../api/graphql-client';
import { useServices, useSession } from '../services';
import { CUSTOMER_QUERY_KEY } from './customer';

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
