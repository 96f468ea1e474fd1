import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  GetCustomerNotificationsDocument,
  type NotificationFieldsFragment,
} from '../../gql/graphql';
import type { GraphqlClient } from '../api/graphql-client';
import { useServices } from '../services';

export type PortalNotification = NotificationFieldsFragment;

/** Every notification query starts with this; the live subscription and updates stale it. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const NOTIFICATIONS_LIST_QUERY_KEY = [...NOTIFICATIONS_KEY, 'list'] as const;

export function notificationsQueryOptions(graphql: GraphqlClient) {
  return queryOptions({
    queryKey: NOTIFICATIONS_LIST_QUERY_KEY,
    queryFn: async () =>
      (await graphql.request(GetCustomerNotificationsDocument)).customerNotifications ?? [],
    staleTime: 60_000,
  });
}

/** GetCustomerNotifications: shown now, newest first. */
export function useNotificationsQuery() {
  const { graphql } = useServices();
  return useQuery(notificationsQueryOptions(graphql));
}

export function isUnread(notification: Pick<PortalNotification, 'status'>): boolean {
  return notification.status === 'unread' || notification.status === 'requires_action';
}
