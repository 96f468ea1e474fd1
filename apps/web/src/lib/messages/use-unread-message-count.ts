import { FEATURE_FLAGS } from '@portal/domain';
import { useBooleanFlagValue } from '@openfeature/react-sdk';
import { useQuery } from '@tanstack/react-query';
import { GetMessageReadStatesDocument } from '../../gql/graphql';
import { useCustomerQuery } from '../customer/use-customer';
import { useServices } from '../services';
import { PROVIDER_MESSAGES_KEY } from './use-provider-messages';

// Under PROVIDER_MESSAGES_KEY, so marking a message read (or a live change) stales the badge.
export const messageReadStatesQueryKey = (customerId: string | undefined) =>
  [...PROVIDER_MESSAGES_KEY, 'read-states', customerId] as const;

/** Unread provider messages for the nav badge; only asked for with one-way-messaging on. */
export function useUnreadMessageCount(): number {
  const { graphql } = useServices();
  const messaging = useBooleanFlagValue(FEATURE_FLAGS.oneWayMessaging, false);
  const { data: customer } = useCustomerQuery();
  const customerId = customer?.id;
  const { data } = useQuery({
    queryKey: messageReadStatesQueryKey(customerId),
    queryFn: async () =>
      (await graphql.request(GetMessageReadStatesDocument, { customerId: customerId! }))
        .providerMessages,
    enabled: messaging && customerId !== undefined,
    staleTime: 60_000,
  });
  return data?.filter((message) => !message.read).length ?? 0;
}
