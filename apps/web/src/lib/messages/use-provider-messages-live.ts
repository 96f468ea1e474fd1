import { FEATURE_FLAGS } from '@portal/domain';
import { useBooleanFlagValue } from '@openfeature/react-sdk';
import { useQueryClient } from '@tanstack/react-query';
import { ProviderMessagesChangedDocument } from '../../gql/graphql';
import { useLiveSubscription } from '../api/use-live-subscription';
import { PROVIDER_MESSAGES_KEY } from './use-provider-messages';

/** A message posted or read elsewhere refreshes the list and the badge without a reload. */
export function useProviderMessagesLive(): void {
  const queryClient = useQueryClient();
  const messaging = useBooleanFlagValue(FEATURE_FLAGS.oneWayMessaging, false);
  useLiveSubscription(
    ProviderMessagesChangedDocument,
    () => void queryClient.invalidateQueries({ queryKey: PROVIDER_MESSAGES_KEY }),
    messaging,
  );
}
