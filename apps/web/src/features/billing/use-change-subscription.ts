import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ChangeCustomerSubscriptionDocument } from '../../gql/graphql';
import { useServices } from '../../lib/services';
import { CUSTOMER_QUERY_KEY } from '../../lib/customer/customer';
import { BILLING_KEY } from './keys';
import type { QuoteRequest } from './use-price-change-quote';

/** changeCustomerSubscription (spec 02 §7): submits the quote it was shown. */
export function useChangeSubscription() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: QuoteRequest & { quoteId: string; quoteSignature: string }) =>
      (await graphql.request(ChangeCustomerSubscriptionDocument, input)).changeCustomerSubscription,
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: BILLING_KEY }),
        queryClient.invalidateQueries({ queryKey: CUSTOMER_QUERY_KEY }),
      ]);
    },
  });
}
