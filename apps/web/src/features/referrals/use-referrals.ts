import { queryOptions, useQuery } from '@tanstack/react-query';
import { GetReferralsDocument, type GetReferralsQuery } from '../../gql/graphql';
import type { GraphqlClient } from '../../lib/api/graphql-client';
import { useServices, useSession } from '../../lib/services';

export type Referral = GetReferralsQuery['referrals'][number];

/** The signed-in customer's referrals (the token decides whose). */
export const REFERRALS_KEY = ['referrals'] as const;

export function referralsQueryOptions(graphql: GraphqlClient) {
  return queryOptions({
    queryKey: REFERRALS_KEY,
    queryFn: async () => (await graphql.request(GetReferralsDocument, {})).referrals,
    retry: 1,
  });
}

/** GetReferrals (spec 02 §7): status and referrer_discount_remaining of each referral. */
export function useReferrals() {
  const { graphql } = useServices();
  const { status } = useSession();
  return useQuery({ ...referralsQueryOptions(graphql), enabled: status === 'authenticated' });
}
