import { useQuery } from '@tanstack/react-query';
import { GetActiveTreatmentsDocument } from '../../gql/graphql';
import { useServices, useSession } from '../../lib/services';

export const ACTIVE_TREATMENTS_QUERY_KEY = ['activeTreatments'] as const;

export function useActiveTreatments() {
  const { graphql } = useServices();
  const { status } = useSession();
  return useQuery({
    queryKey: ACTIVE_TREATMENTS_QUERY_KEY,
    queryFn: async () => (await graphql.request(GetActiveTreatmentsDocument)).activeTreatments,
    enabled: status === 'authenticated',
    staleTime: 60_000,
  });
}
