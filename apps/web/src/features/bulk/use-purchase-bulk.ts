import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PurchaseBulkWithChargebeeDocument } from '../../gql/graphql';
import { NOTIFICATIONS_KEY } from '../../lib/notifications/use-notifications';
import { useServices } from '../../lib/services';
import { BULK_KEY } from './keys';

/** PurchaseBulkWithChargebee (spec 02 §7): only the action id goes; the server prices it. */
export function usePurchaseBulk() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (customerActionId: string) =>
      (await graphql.request(PurchaseBulkWithChargebeeDocument, { customerActionId }))
        .purchaseBulkWithChargebee.data,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: BULK_KEY });
      await queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    },
  });
}
