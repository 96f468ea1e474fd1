import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../lib/services';
import { accountIdentity } from './account-identity';

export const LINKED_ACCOUNTS_KEY = ['identity', 'linked-accounts'] as const;

/** Whether a Google identity is linked to the session's login (GET /identity/account/links). */
export function useLinkedAccounts() {
  const { session } = useServices();
  return useQuery({
    queryKey: LINKED_ACCOUNTS_KEY,
    queryFn: () => accountIdentity(session).linkedAccounts(),
  });
}
