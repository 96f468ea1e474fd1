import { DEFAULT_ACCOUNT_MODULES } from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { GetAccountModulesDocument } from '../../gql/graphql';
import { useServices } from '../../lib/services';

/** GetSduiModules' account list (spec 02 §2), the built-in list while it loads or fails. */
export function useAccountModules(): string[] {
  const { graphql } = useServices();
  const query = useQuery({
    queryKey: ['sdui-modules', 'account'],
    queryFn: async () => (await graphql.request(GetAccountModulesDocument)).sduiModules.account,
    staleTime: 5 * 60_000,
  });
  return query.data ?? [...DEFAULT_ACCOUNT_MODULES];
}
