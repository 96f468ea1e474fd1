import { useQuery } from '@tanstack/react-query';
import { IsBulkEligibleDocument } from '../../gql/graphql';
import { useServices, useSession } from '../services';
import { ELIGIBILITY_KEY } from './keys';

/**
 * IsBulkEligible (spec 02 §7): read fresh on every entry to the order screen, and by the
 * entry points that lead there (components/bulk-supply-card.tsx).
 */
export function useBulkEligibility() {
  const { graphql } = useServices();
  const { status } = useSession();
  return useQuery({
    queryKey: ELIGIBILITY_KEY,
    queryFn: async () =>
      (
        await graphql.request(IsBulkEligibleDocument, {
          treatmentShortId: 'weightmanagement_bulk',
        })
      ).isBulkEligible,
    enabled: status === 'authenticated',
    staleTime: 0,
    gcTime: 0,
    retry: 1,
  });
}
