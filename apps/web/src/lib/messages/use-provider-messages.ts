import { FEATURE_FLAGS } from '@portal/domain';
import { useBooleanFlagValue } from '@openfeature/react-sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  GetProviderMessagesDocument,
  ProviderMessagesChangedDocument,
  UpdateProviderMessageReadDocument,
  type GetProviderMessagesQuery,
} from '../../gql/graphql';
import { useLiveSubscription } from '../api/use-live-subscription';
import { useCustomerQuery } from '../customer/use-customer';
import { useServices } from '../services';

export type ProviderMessage = GetProviderMessagesQuery['providerMessages'][number];

/** Every provider-message query starts with this; the nav badge's read states included. */
export const PROVIDER_MESSAGES_KEY = ['provider-messages'] as const;

/** getProviderMessages, newest first; asked for only with one-way-messaging on. */
export function useProviderMessagesQuery() {
  const { graphql } = useServices();
  const messaging = useBooleanFlagValue(FEATURE_FLAGS.oneWayMessaging, false);
  const customerId = useCustomerQuery().data?.id;
  return useQuery({
    queryKey: [...PROVIDER_MESSAGES_KEY, 'list', customerId],
    queryFn: async () =>
      (await graphql.request(GetProviderMessagesDocument, { customerId: customerId! }))
        .providerMessages ?? [],
    enabled: messaging && customerId !== undefined,
    staleTime: 60_000,
  });
}

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

/**
 * updateProviderMessageRead (spec 01 §4: read time set to now, then data refetched). Stales
 * every provider-message query, the nav badge's ['provider-messages','read-states'] included.
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
