import { NOTIFICATION_TYPE } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import {
  GetCustomerNotificationsDocument,
  NotificationsChangedDocument,
  UpdateCustomerNotificationStatusDocument,
  type CustomerNotificationStatusUpdate,
  type NotificationFieldsFragment,
} from '../../gql/graphql';
import { useLiveSubscription } from '../api/use-live-subscription';
import { useServices } from '../services';

export type PortalNotification = NotificationFieldsFragment;

export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const LABS_PATH = '/labs';

/** GetCustomerNotifications: shown now, newest first. */
export function useNotificationsQuery() {
  const { graphql } = useServices();
  return useQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'list'],
    queryFn: async () =>
      (await graphql.request(GetCustomerNotificationsDocument)).customerNotifications ?? [],
    staleTime: 60_000,
  });
}

/** Keeps every notification query fresh while the portal is open (graphql-ws). */
export function useNotificationsLive(): void {
  const queryClient = useQueryClient();
  useLiveSubscription(NotificationsChangedDocument, () => {
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  });
}

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

export function isUnread(notification: Pick<PortalNotification, 'status'>): boolean {
  return notification.status === 'unread' || notification.status === 'requires_action';
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
