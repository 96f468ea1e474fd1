import { queryOptions, useQuery } from '@tanstack/react-query';
import { GetLabResultNotificationsDocument } from '../../gql/graphql';
import type { GraphqlClient } from '../api/graphql-client';
import { useServices } from '../services';
import { NOTIFICATIONS_KEY } from './use-notifications';

// Under NOTIFICATIONS_KEY so the live subscription and a status update refresh it too.
export const LAB_RESULT_NOTIFICATIONS_QUERY_KEY = [...NOTIFICATIONS_KEY, 'lab-results'] as const;

export function labResultNotificationsQueryOptions(graphql: GraphqlClient) {
  return queryOptions({
    queryKey: LAB_RESULT_NOTIFICATIONS_QUERY_KEY,
    queryFn: async () =>
      (await graphql.request(GetLabResultNotificationsDocument)).labResultNotifications ?? [],
    staleTime: 60_000,
  });
}

/** GetLabResultNotifications (spec 01 §7): the customer's lab-result notices shown now. */
export function useLabResultNotifications() {
  const { graphql } = useServices();
  return useQuery(labResultNotificationsQueryOptions(graphql));
}
