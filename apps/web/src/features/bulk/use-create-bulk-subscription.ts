import { useMutation } from '@tanstack/react-query';
import { CreateBulkSubscriptionDocument } from '../../gql/graphql';
import { useServices } from '../../lib/services';

/** CreateBulkSubscription (spec 02 §7): before a live visit for a bulk order. */
export function useCreateBulkSubscription() {
  const { graphql } = useServices();
  return useMutation({
    mutationFn: async (treatmentShortId: string) =>
      (await graphql.request(CreateBulkSubscriptionDocument, { treatmentShortId }))
        .createBulkSubscription.newSubscriptionId,
  });
}
