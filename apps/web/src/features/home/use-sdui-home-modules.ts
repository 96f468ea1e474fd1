import { useQuery } from '@tanstack/react-query';
import { GetSduiModulesDocument } from '../../gql/graphql';
import { useServices } from '../../lib/services';

export const SDUI_MODULES_QUERY_KEY = ['sdui-modules'] as const;

/** GetSduiModules: the ordered home list (the web applies the spec's rules on top). */
export function useSduiHomeModules() {
  const { graphql } = useServices();
  return useQuery({
    queryKey: SDUI_MODULES_QUERY_KEY,
    queryFn: async () => (await graphql.request(GetSduiModulesDocument)).sduiModules?.home ?? [],
    staleTime: 5 * 60_000,
  });
}
