import { useMutation } from '@tanstack/react-query';
import { StartCardSetupDocument } from '../../gql/graphql';
import { useServices } from '../../lib/services';

/**
 * startCardSetup (issue 39): with Stripe, a SetupIntent's client secret for the Payment Element
 * to confirm; no card detail passes here. Nothing is stale until replacePaymentSource saves.
 */
export function useStartCardSetup() {
  const { graphql } = useServices();
  return useMutation({
    mutationFn: async () => (await graphql.request(StartCardSetupDocument)).startCardSetup,
  });
}
