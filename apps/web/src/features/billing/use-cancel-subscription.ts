import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CancelSubscriptionDocument } from '../../gql/graphql';
import { useServices } from '../../lib/services';
import { CUSTOMER_QUERY_KEY } from '../../lib/customer/customer';
import { BILLING_KEY } from './keys';

/** cancelSubscription: a reason from the list and an optional bounded free text (spec 02 §5). */
export function useCancelSubscription() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { subscriptionId: string; reason: string; otherText?: string }) =>
      (await graphql.request(CancelSubscriptionDocument, input)).cancelSubscription,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BILLING_KEY }),
        queryClient.invalidateQueries({ queryKey: CUSTOMER_QUERY_KEY }),
      ]);
    },
  });
}
