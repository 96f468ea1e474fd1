import { useQuery } from '@tanstack/react-query';
import { GetProviderMessagesDocument, type GetProviderMessagesQuery } from '../../gql/graphql';
import { useCustomerQuery } from '../customer/use-customer';
import { useServices } from '../services';

export type ProviderMessage = GetProviderMessagesQuery['providerMessages'][number];

/** Every provider-message query starts with this; the nav badge's read states included. */
export const PROVIDER_MESSAGES_KEY = ['provider-messages'] as const;

export const providerMessagesQueryKey = (customerId: string | undefined) =>
  [...PROVIDER_MESSAGES_KEY, 'list', customerId] as const;

/**
 * getProviderMessages, newest first. Spec 01 §2 gates only the nav item (and home's card, which
 * is not rendered without it) on one-way-messaging: /messages and a message's own address load
 * whatever the flag says.
 */
export function useProviderMessagesQuery() {
  const { graphql } = useServices();
  const customerId = useCustomerQuery().data?.id;
  return useQuery({
    queryKey: providerMessagesQueryKey(customerId),
    queryFn: async () =>
      (await graphql.request(GetProviderMessagesDocument, { customerId: customerId! }))
        .providerMessages ?? [],
    enabled: customerId !== undefined,
    staleTime: 60_000,
  });
}
