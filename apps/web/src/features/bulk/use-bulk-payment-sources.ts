import { useQuery } from '@tanstack/react-query';
import { GetBulkPaymentSourcesDocument } from '../../gql/graphql';
import { useServices, useSession } from '../../lib/services';
import { BULK_PAYMENT_SOURCES_KEY } from './keys';

/** The card a bulk order is charged to: the newest payment source. */
export function useBulkPaymentSources() {
  const { graphql } = useServices();
  const { status } = useSession();
  return useQuery({
    queryKey: BULK_PAYMENT_SOURCES_KEY,
    queryFn: async () =>
      (await graphql.request(GetBulkPaymentSourcesDocument)).customerPaymentSources,
    enabled: status === 'authenticated',
    retry: 1,
  });
}
