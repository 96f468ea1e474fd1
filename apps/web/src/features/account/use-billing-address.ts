import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  GetBillingAddressesDocument,
  UpdateBillingAddressDocument,
  type UpdateBillingAddressMutationVariables,
} from '../../gql/graphql';
import { useServices } from '../../lib/services';

/*
 * The billing area's query keys start with 'billing' (features/billing/keys.ts); these sit
 * under that prefix so the plan tab's card and this screen go stale together.
 */
const BILLING_PREFIX = ['billing'] as const;
const BILLING_ADDRESSES_KEY = [...BILLING_PREFIX, 'billingAddresses'] as const;

/** The viewer's active cards with their billing addresses (customerPaymentSources). */
export function useBillingAddresses() {
  const { graphql } = useServices();
  return useQuery({
    queryKey: BILLING_ADDRESSES_KEY,
    queryFn: async () =>
      (await graphql.request(GetBillingAddressesDocument)).customerPaymentSources,
    retry: 1,
  });
}

/** Update billing address: field errors (C101), or ST101 for a card that is gone. */
export function useUpdateBillingAddress() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: UpdateBillingAddressMutationVariables) =>
      graphql.request(UpdateBillingAddressDocument, vars),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BILLING_PREFIX }),
  });
}
