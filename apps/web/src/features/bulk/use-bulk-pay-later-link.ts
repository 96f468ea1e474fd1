import { useMutation } from '@tanstack/react-query';
import { BulkPayLaterLinkDocument } from '../../gql/graphql';
import { useServices } from '../../lib/services';

/** The pay-later link (spec 02 §4): the gateway's hosted checkout for this action. */
export function useBulkPayLaterLink() {
  const { graphql } = useServices();
  return useMutation({
    mutationFn: async (customerActionId: string) =>
      (await graphql.request(BulkPayLaterLinkDocument, { customerActionId })).bulkPayLaterLink,
  });
}
