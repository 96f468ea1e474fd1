import { useQuery } from '@tanstack/react-query';
import { GetCustomerPaymentSourcesDocument } from '../../gql/graphql';
import { useServices, useSession } from '../../lib/services';
import { PAYMENT_SOURCES_KEY } from './keys';

/** customerPaymentSources (spec 02 §7): saved cards, newest first. */
export function usePaymentSources() {
  const { graphql } = useServices();
  const { status } = useSession();
  return useQuery({
    queryKey: PAYMENT_SOURCES_KEY,
    queryFn: async () =>
      (await graphql.request(GetCustomerPaymentSourcesDocument)).customerPaymentSources,
    enabled: status === 'authenticated',
    retry: 1,
  });
}
