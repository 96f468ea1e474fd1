import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  GetPrescriptionsByCustomerDocument,
  type PrescriptionViewFragment,
  type ShipmentViewFragment,
} from '../../gql/graphql';
import type { GraphqlClient } from '../api/graphql-client';
import { useCustomerQuery } from '../customer/use-customer';
import { useServices, useSession } from '../services';
import { PRESCRIPTIONS_KEY } from './keys';

export type Prescription = PrescriptionViewFragment;
export type Shipment = ShipmentViewFragment;

export function prescriptionsQueryOptions(graphql: GraphqlClient, customerId: string) {
  return queryOptions({
    queryKey: [...PRESCRIPTIONS_KEY, customerId],
    queryFn: async () =>
      (await graphql.request(GetPrescriptionsByCustomerDocument, { customerId }))
        .prescriptionsByCustomer,
    retry: 1,
  });
}

/**
 * Spec 02 §7, prescriptions by customer: the signed-in customer's prescriptions, newest first.
 * Waits for the customer's id; `isPending` stays true until both have loaded.
 */
export function usePrescriptions() {
  const { graphql } = useServices();
  const { status } = useSession();
  const customer = useCustomerQuery();
  const customerId = customer.data?.id ?? '';
  const query = useQuery({
    ...prescriptionsQueryOptions(graphql, customerId),
    enabled: status === 'authenticated' && customerId !== '',
  });
  // A failed customer read is a failed prescriptions read too (there is no one to ask about).
  const customerFailed = customer.isError || (customer.isSuccess && !customer.data);
  return {
    data: query.data,
    isPending: !customerFailed && query.isPending,
    isError: customerFailed || query.isError,
    refetch: async () => {
      if (customer.isError) await customer.refetch();
      return query.refetch();
    },
  };
}
