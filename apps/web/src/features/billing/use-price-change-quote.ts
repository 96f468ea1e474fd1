import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  GetSubscriptionPriceChangeQuoteDocument,
  type GetSubscriptionPriceChangeQuoteQuery,
} from '../../gql/graphql';
import { useServices, useSession } from '../../lib/services';
import { quoteKey } from './keys';

export type PriceChangeQuote = GetSubscriptionPriceChangeQuoteQuery['subscriptionPriceChangeQuote'];

export interface QuoteRequest {
  existingSubscriptionId: string;
  newSubscriptionPlanType: string;
  newAddons: string[];
  newContractLength: number;
  isUpfrontPayment: boolean;
}

/**
 * subscriptionPriceChangeQuote (spec 02 §7): what the change costs. The quote is signed and
 * expires (15 minutes), so it is fetched fresh for each choice and never cached for long.
 */
export function usePriceChangeQuote(request: QuoteRequest | null) {
  const { graphql } = useServices();
  const { status } = useSession();
  return useQuery({
    queryKey: quoteKey(request ?? {}),
    queryFn: async () =>
      (await graphql.request(GetSubscriptionPriceChangeQuoteDocument, request as QuoteRequest))
        .subscriptionPriceChangeQuote,
    enabled: status === 'authenticated' && request !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    gcTime: 5 * 60_000,
    retry: false,
  });
}
