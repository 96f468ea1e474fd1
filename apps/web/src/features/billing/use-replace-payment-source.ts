import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ReplacePaymentSourceDocument } from '../../gql/graphql';
import { useServices } from '../../lib/services';
import { BILLING_KEY } from './keys';

/** replacePaymentSource (spec 02 §7): only the gateway's token reaches our API. */
export function useReplacePaymentSource() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { oldPaymentSourceId: string | null; paymentToken: string }) =>
      (await graphql.request(ReplacePaymentSourceDocument, input)).replacePaymentSource,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: BILLING_KEY });
    },
  });
}
