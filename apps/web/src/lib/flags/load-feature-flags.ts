import { GetFeatureFlagsDocument } from '../../gql/graphql';
import type { GraphqlClient } from '../api/graphql-client';

export async function loadFeatureFlags(graphql: GraphqlClient): Promise<Record<string, boolean>> {
  const { featureFlags } = await graphql.request(GetFeatureFlagsDocument);
  return Object.fromEntries(featureFlags.map((flag) => [flag.name, flag.enabled]));
}
