import { useQuery } from '@tanstack/react-query';
import { GetRescheduleDocument } from '../../gql/graphql';
import { useServices, useSession } from '../../lib/services';

export const rescheduleRequestQueryKey = (id: string | null) => ['reschedule', id] as const;

/** The reschedule request a link names (`rescheduleId`), marked SCHEDULED once moved. */
export function useRescheduleRequest(id: string | null) {
  const { graphql } = useServices();
  const { status } = useSession();
  return useQuery({
    queryKey: rescheduleRequestQueryKey(id),
    queryFn: async () =>
      (await graphql.request(GetRescheduleDocument, { id: id ?? '' })).reschedule,
    enabled: status === 'authenticated' && Boolean(id),
  });
}
