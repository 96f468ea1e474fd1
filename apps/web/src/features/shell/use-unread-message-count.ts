import { FEATURE_FLAGS } from '@portal/domain';
import { useBooleanFlagValue } from '@openfeature/react-sdk';
import { useQuery } from '@tanstack/react-query';
import { GetMessageReadStatesDocument } from '../../gql/graphql';
import { useCustomerQuery } from '../../lib/customer/use-customer';
import { useServices } from '../../lib/services';

/** The messages area marks a message read and must invalidate this key. */
export const MESSAGE_READ_STATES_KEY = ['provider-messages', 'read-states'] as const;

/** Unread provider messages for the nav badge; only asked for with one-way-messaging on. */
export function useUnreadMessageCount(): number {
  const { graphql } = useServices();
  const messaging = useBooleanFlagValue(FEATURE_FLAGS.oneWayMessaging, false);
  const { data: customer } = useCustomerQuery();
  const customerId = customer?.id;
  const { data } = useQuery({
    queryKey: [...MESSAGE_READ_STATES_KEY, customerId],
    queryFn: async () =>
      (await graphql.request(GetMessageReadStatesDocument, { customerId: customerId! }))
        .providerMessages,
    enabled: messaging && customerId !== undefined,
    staleTime: 60_000,
  });
  return data?.filter((message) => !message.read).length ?? 0;
}
