import { useQuery } from '@tanstack/react-query';
import {
  GetCustomerSubscriptionDocument,
  type GetCustomerSubscriptionQuery,
} from '../../gql/graphql';
import { useServices, useSession } from '../../lib/services';
import { subscriptionKey } from './keys';

export type BillingSubscription = NonNullable<GetCustomerSubscriptionQuery['customerSubscription']>;

/** GetCustomerSubscription (spec 02 §7): the plan as billed; null when it is not the viewer's. */
export function useSubscription(subscriptionId: string | undefined) {
  const { graphql } = useServices();
  const { status } = useSession();
  return useQuery({
    queryKey: subscriptionKey(subscriptionId ?? ''),
    queryFn: async () =>
      (
        await graphql.request(GetCustomerSubscriptionDocument, {
          subscriptionId: subscriptionId ?? '',
        })
      ).customerSubscription,
    enabled: status === 'authenticated' && Boolean(subscriptionId),
    retry: 1,
  });
}
