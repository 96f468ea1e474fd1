import { NOTIFICATION_TYPE } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import {
  UpdateCustomerNotificationStatusDocument,
  type CustomerNotificationStatusUpdate,
} from '../../gql/graphql';
import { useServices } from '../services';
import { NOTIFICATIONS_KEY, type PortalNotification } from './use-notifications';

export const LABS_PATH = '/labs';

/** UpdateCustomerNotificationStatus; makes every notification query stale. */
export function useUpdateNotificationStatus() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { id: string; newStatus: CustomerNotificationStatusUpdate }) =>
      graphql.request(UpdateCustomerNotificationStatusDocument, vars),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  });
}

/**
 * Spec 01 §4: opening a lab result sets it read and goes to /labs; any other notification
 * with a call to action is marked read and follows it (a path in the portal, or a new tab).
 */
export function useOpenNotification() {
  const navigate = useNavigate();
  const update = useUpdateNotificationStatus();
  return useCallback(
    async (notification: PortalNotification) => {
      const target =
        notification.type === NOTIFICATION_TYPE.labResult
          ? LABS_PATH
          : (notification.action?.url ?? null);
      if (notification.status === 'unread') {
        await update.mutateAsync({ id: notification.id, newStatus: 'read' }).catch(() => {
          // Marking read is best effort; the customer still gets where they asked to go.
        });
      }
      if (!target) return;
      if (target.startsWith('/')) await navigate(target);
      else window.open(target, '_blank', 'noopener');
    },
    [navigate, update],
  );
}
