import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { GetProviderMessageTypesDocument } from '../../gql/graphql';
import { useServices } from '../services';
import { PROVIDER_MESSAGES_KEY } from './use-provider-messages';

export const providerMessageTypesQueryKey = [...PROVIDER_MESSAGES_KEY, 'types'] as const;

/** getProviderMessageTypes: each message type with the description a person reads. */
export function useProviderMessageTypesQuery() {
  const { graphql } = useServices();
  return useQuery({
    queryKey: providerMessageTypesQueryKey,
    queryFn: async () =>
      (await graphql.request(GetProviderMessageTypesDocument)).providerMessageTypes ?? [],
    // Templates change when the care team adds one, not while a customer reads.
    staleTime: 10 * 60_000,
  });
}

/** A key such as `treatment_update` as words, for a type no template describes (yet). */
export function humanizeMessageType(type: string): string {
  const words = type.replace(/_+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : type;
}

/**
 * The title of a message: its template's type description, never the raw key (while the
 * descriptions load, or for a type without a template, the key as words).
 */
export function useMessageTypeLabel(): (type: string) => string {
  const types = useProviderMessageTypesQuery().data;
  return useCallback(
    (type: string) => types?.find((t) => t.type === type)?.description ?? humanizeMessageType(type),
    [types],
  );
}
