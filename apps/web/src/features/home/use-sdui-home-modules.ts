import { queryOptions, useQuery } from '@tanstack/react-query';
import { GetSduiModulesDocument } from '../../gql/graphql';
import type { GraphqlClient } from '../../lib/api/graphql-client';
import { useServices } from '../../lib/services';

export const SDUI_MODULES_QUERY_KEY = ['sdui-modules'] as const;

export function sduiHomeModulesQueryOptions(graphql: GraphqlClient) {
  return queryOptions({
    queryKey: SDUI_MODULES_QUERY_KEY,
    queryFn: async () => (await graphql.request(GetSduiModulesDocument)).sduiModules?.home ?? [],
    staleTime: 5 * 60_000,
  });
}

/** GetSduiModules: the ordered home list (the web applies the spec's rules on top). */
export function useSduiHomeModules() {
  const { graphql } = useServices();
  return useQuery(sduiHomeModulesQueryOptions(graphql));
}
