import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { GetFeatureFlagsDocument } from '../../gql/graphql';
import type { GraphqlClient } from '../api/graphql-client';

/** The signed-in customer's flags in the query cache (dropped with it at sign-out). */
export const FEATURE_FLAGS_QUERY_KEY = ['feature-flags'] as const;

/**
 * GetFeatureFlags as a record. Issue 16: home's prefetch asks for it with home's other queries
 * right after the token exchange; the flag provider's load a moment later takes that answer.
 * One try, as before: a failure falls back to the table's defaults (flag-store.ts).
 */
export function featureFlagsQueryOptions(graphql: GraphqlClient) {
  return queryOptions({
    queryKey: FEATURE_FLAGS_QUERY_KEY,
    queryFn: async (): Promise<Record<string, boolean>> => {
      const { featureFlags } = await graphql.request(GetFeatureFlagsDocument);
      return Object.fromEntries(featureFlags.map((flag) => [flag.name, flag.enabled]));
    },
    staleTime: 30_000,
    retry: false,
  });
}

/** A signed-in customer's flags: the table's defaults with the customer's own values. */
export function loadFeatureFlags(
  graphql: GraphqlClient,
  queryClient: QueryClient,
): Promise<Record<string, boolean>> {
  return queryClient.fetchQuery(featureFlagsQueryOptions(graphql));
}
