import { useQuery } from '@tanstack/react-query';
import { GetBulkActionDocument } from '../../gql/graphql';
import { useServices, useSession } from '../../lib/services';
import { bulkActionKey } from './keys';

/** Customer action by id (spec 02 §7): null for an id that is not the customer's. */
export function useBulkAction(id: string | null) {
  const { graphql } = useServices();
  const { status } = useSession();
  return useQuery({
    queryKey: bulkActionKey(id ?? ''),
    queryFn: async () =>
      (await graphql.request(GetBulkActionDocument, { id: id ?? '' })).customerAction,
    enabled: status === 'authenticated' && id !== null,
    retry: 1,
  });
}
