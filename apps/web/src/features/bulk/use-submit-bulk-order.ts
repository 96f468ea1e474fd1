import type { BulkOrderInput } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { SubmitBulkOrderDocument } from '../../gql/graphql';
import { useServices } from '../../lib/services';

/**
 * The vial order (spec 02 §4); BS101/BS102 when the customer may not order now. Eligibility
 * is not refetched here: the screen shows its step, and the next entry reads it afresh.
 */
export function useSubmitBulkOrder() {
  const { graphql } = useServices();
  return useMutation({
    mutationFn: async (input: BulkOrderInput) =>
      (await graphql.request(SubmitBulkOrderDocument, input)).submitBulkOrder.data,
  });
}
