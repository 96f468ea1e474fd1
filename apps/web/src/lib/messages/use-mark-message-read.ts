import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UpdateProviderMessageReadDocument } from '../../gql/graphql';
import { NOTIFICATIONS_KEY } from '../notifications/use-notifications';
import { useServices } from '../services';
import { PROVIDER_MESSAGES_KEY } from './use-provider-messages';

/**
 * updateProviderMessageRead (spec 01 §4: read time set to now, then data refetched). Stales
 * every provider-message query, the nav badge's read states included. Issue 9: the server reads
 * the message's new-message notice in the same transaction, so the bell is refetched too and
 * the bell, the badge and the messages card agree.
 */
export function useMarkMessageRead() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) =>
      graphql.request(UpdateProviderMessageReadDocument, { messageId }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: PROVIDER_MESSAGES_KEY }),
        queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
      ]),
  });
}
