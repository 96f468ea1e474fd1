import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  UpdateGenderDocument,
  UpdatePhoneDocument,
  UpdateShippingAddressDocument,
  type UpdateShippingAddressMutationVariables,
} from '../../gql/graphql';
import { CUSTOMER_QUERY_KEY } from '../../lib/customer/customer';
import { useServices } from '../../lib/services';

/** Update phone (C104); the customer query goes stale. */
export function useUpdatePhone() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { customerId: string; phone: string }) =>
      graphql.request(UpdatePhoneDocument, vars),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CUSTOMER_QUERY_KEY }),
  });
}

/** Update gender, the preferred pronouns (C109); null is "not selected". */
export function useUpdateGender() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { customerId: string; gender: string | null }) =>
      graphql.request(UpdateGenderDocument, vars),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CUSTOMER_QUERY_KEY }),
  });
}

/** Update shipping address: field errors, or SA100–SA103 when the change is locked. */
export function useUpdateShippingAddress() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: UpdateShippingAddressMutationVariables) =>
      graphql.request(UpdateShippingAddressDocument, vars),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CUSTOMER_QUERY_KEY }),
  });
}
