import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { GetLabOrdersDocument, type GetLabOrdersQuery, type LabSortOrder } from '../../gql/graphql';
import type { GraphqlClient } from '../../lib/api/graphql-client';
import { useServices, useSession } from '../../lib/services';
import { LAB_ORDERS_KEY } from '../../lib/treatment/keys';

export type LabOrder = GetLabOrdersQuery['labOrders'][number];

export function labOrdersQueryOptions(graphql: GraphqlClient, sort: LabSortOrder) {
  return queryOptions({
    queryKey: [...LAB_ORDERS_KEY, sort],
    queryFn: async () => (await graphql.request(GetLabOrdersDocument, { sort })).labOrders,
    retry: 1,
  });
}

/** getLabOrders (spec 02 §7): lab results (category LabResult), Newest or Oldest first. */
export function useLabOrders(sort: LabSortOrder) {
  const { graphql } = useServices();
  const { status } = useSession();
  return useQuery({
    ...labOrdersQueryOptions(graphql, sort),
    enabled: status === 'authenticated',
    // Changing the sort keeps the list on screen while the other order loads.
    placeholderData: keepPreviousData,
  });
}
