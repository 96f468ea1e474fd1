import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UpdateProviderMessageReadDocument } from '../../gql/graphql';
import { useServices } from '../services';
import { PROVIDER_MESSAGES_KEY } from './use-provider-messages';

/**
 * updateProviderMessageRead (spec 01 §4: read time set to now, then data refetched). Stales
 * every provider-message query, the nav badge's read states included.
 */
export function useMarkMessageRead() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) =>
      graphql.request(UpdateProviderMessageReadDocument, { messageId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROVIDER_MESSAGES_KEY }),
  });
}
