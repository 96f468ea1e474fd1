import { queryOptions, useQuery } from '@tanstack/react-query';
import { GetContractExpirationBannerNotificationsDocument } from '../../gql/graphql';
import type { GraphqlClient } from '../api/graphql-client';
import { useServices } from '../services';
import { NOTIFICATIONS_KEY } from './use-notifications';

// Under NOTIFICATIONS_KEY so the live subscription and a status update refresh it too.
export const CONTRACT_EXPIRATION_QUERY_KEY = [...NOTIFICATIONS_KEY, 'contract-expiration'] as const;

export function contractExpirationBannersQueryOptions(graphql: GraphqlClient) {
  return queryOptions({
    queryKey: CONTRACT_EXPIRATION_QUERY_KEY,
    queryFn: async () =>
      (await graphql.request(GetContractExpirationBannerNotificationsDocument))
        .contractExpirationBannerNotifications ?? [],
    staleTime: 60_000,
  });
}

/** GetContractExpirationBannerNotifications: the plan-expiration banners on home. */
export function useContractExpirationBanners() {
  const { graphql } = useServices();
  return useQuery(contractExpirationBannersQueryOptions(graphql));
}
