import { useQueryClient } from '@tanstack/react-query';
import { NotificationsChangedDocument } from '../../gql/graphql';
import { useLiveSubscription } from '../api/use-live-subscription';
import { NOTIFICATIONS_KEY } from './use-notifications';

/** Keeps every notification query fresh while the portal is open (graphql-ws). */
export function useNotificationsLive(): void {
  const queryClient = useQueryClient();
  useLiveSubscription(NotificationsChangedDocument, () => {
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  });
}
