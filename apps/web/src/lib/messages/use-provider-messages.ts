import { FEATURE_FLAGS } from '@portal/domain';
import { useBooleanFlagValue } from '@openfeature/react-sdk';
import { useQuery } from '@tanstack/react-query';
import { GetProviderMessagesDocument, type GetProviderMessagesQuery } from '../../gql/graphql';
import { useCustomerQuery } from '../customer/use-customer';
import { useServices } from '../services';

export type ProviderMessage = GetProviderMessagesQuery['providerMessages'][number];

/** Every provider-message query starts with this; the nav badge's read states included. */
export const PROVIDER_MESSAGES_KEY = ['provider-messages'] as const;

export const providerMessagesQueryKey = (customerId: string | undefined) =>
  [...PROVIDER_MESSAGES_KEY, 'list', customerId] as const;

/** getProviderMessages, newest first; asked for only with one-way-messaging on. */
export function useProviderMessagesQuery() {
  const { graphql } = useServices();
  const messaging = useBooleanFlagValue(FEATURE_FLAGS.oneWayMessaging, false);
  const customerId = useCustomerQuery().data?.id;
  return useQuery({
    queryKey: providerMessagesQueryKey(customerId),
    queryFn: async () =>
      (await graphql.request(GetProviderMessagesDocument, { customerId: customerId! }))
        .providerMessages ?? [],
    enabled: messaging && customerId !== undefined,
    staleTime: 60_000,
  });
}
