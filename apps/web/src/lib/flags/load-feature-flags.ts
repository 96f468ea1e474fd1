import type { QueryClient } from '@tanstack/react-query';
import { GetFeatureFlagsDocument } from '../../gql/graphql';
import type { GraphqlClient } from '../api/graphql-client';
import { loadAppConfig } from '../config';

/** A signed-in customer's flags: the table's defaults with the customer's own values. */
export async function loadFeatureFlags(graphql: GraphqlClient): Promise<Record<string, boolean>> {
  const { featureFlags } = await graphql.request(GetFeatureFlagsDocument);
  return Object.fromEntries(featureFlags.map((flag) => [flag.name, flag.enabled]));
}

/** A signed-out visitor's flags: the table's defaults, from the public /config.json. */
export async function loadVisitorFlags(queryClient: QueryClient): Promise<Record<string, boolean>> {
  return (await loadAppConfig(queryClient)).flags;
}
