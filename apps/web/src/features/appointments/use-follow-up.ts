import { useQuery } from '@tanstack/react-query';
import { GetFollowUpDocument } from '../../gql/graphql';
import { useServices, useSession } from '../../lib/services';

export const followUpQueryKey = (id: string | null) => ['followUp', id] as const;

/** The follow-up a booking link names (`followUpId`): it fixes the treatment. */
export function useFollowUp(id: string | null) {
  const { graphql } = useServices();
  const { status } = useSession();
  return useQuery({
    queryKey: followUpQueryKey(id),
    queryFn: async () => (await graphql.request(GetFollowUpDocument, { id: id ?? '' })).followUp,
    enabled: status === 'authenticated' && Boolean(id),
  });
}
