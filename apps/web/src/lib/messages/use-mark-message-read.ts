import { NOTIFICATION_TYPE } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UpdateProviderMessageReadDocument } from '../../gql/graphql';
import {
  NOTIFICATIONS_LIST_QUERY_KEY,
  type PortalNotification,
} from '../notifications/use-notifications';
import { useUpdateNotificationStatus } from '../notifications/use-update-notification-status';
import { useServices } from '../services';
import { PROVIDER_MESSAGES_KEY } from './use-provider-messages';

/** The unread new-message notices that point at this message (their action opens it). */
export function noticesOfMessage(
  notifications: readonly PortalNotification[],
  messageId: string,
): PortalNotification[] {
  return notifications.filter(
    (n) =>
      n.type === NOTIFICATION_TYPE.providerMessage &&
      n.status === 'unread' &&
      n.action?.url === `/messages/${messageId}`,
  );
}

/**
 * updateProviderMessageRead (spec 01 §4: read time set to now, then data refetched). Stales
 * every provider-message query, the nav badge's read states included. Issue 9: the bell and
 * the messages badge agree, so the message's new-message notice is marked read with it.
 */
export function useMarkMessageRead() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  const updateNotification = useUpdateNotificationStatus();
  return useMutation({
    mutationFn: (messageId: string) =>
      graphql.request(UpdateProviderMessageReadDocument, { messageId }),
    onSuccess: async (_result, messageId) => {
      const notifications =
        queryClient.getQueryData<PortalNotification[]>(NOTIFICATIONS_LIST_QUERY_KEY) ?? [];
      await Promise.all(
        noticesOfMessage(notifications, messageId).map((n) =>
          updateNotification.mutateAsync({ id: n.id, newStatus: 'read' }).catch(() => {
            // Best effort: the message itself is read; the notice can still be marked by hand.
          }),
        ),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROVIDER_MESSAGES_KEY }),
  });
}
