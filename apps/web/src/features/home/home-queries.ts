import type { QueryClient } from '@tanstack/react-query';
import type { GraphqlClient } from '../../lib/api/graphql-client';
import { appointmentPresenceQueryOptions } from '../../lib/appointments/use-has-appointments';
import { customerQueryOptions } from '../../lib/customer/use-customer';
import { featureFlagsQueryOptions } from '../../lib/flags/load-feature-flags';
import { contractExpirationBannersQueryOptions } from '../../lib/notifications/use-contract-expiration-banners';
import { labResultNotificationsQueryOptions } from '../../lib/notifications/use-lab-result-notifications';
import { notificationsQueryOptions } from '../../lib/notifications/use-notifications';
import { sduiHomeModulesQueryOptions } from './use-sdui-home-modules';

/**
 * Issue 16: every query home needs, sent at once into the query cache right after the token
 * exchange, instead of each screen asking when it renders (a waterfall behind the shell, the
 * customer and the home chunk). The same options (keys, functions, stale times) as the hooks
 * that read them, so a hook that mounts while one is in flight shares it. In the order asked:
 * the customer first (the greeting, and the shell waits on it), the customer's flags, then the
 * rest of home and the shell. prefetchQuery never throws: a failed one is asked again by its hook.
 */
export function prefetchHomeQueries({
  graphql,
  queryClient,
}: {
  graphql: GraphqlClient;
  queryClient: QueryClient;
}): void {
  void queryClient.prefetchQuery(customerQueryOptions(graphql));
  void queryClient.prefetchQuery(featureFlagsQueryOptions(graphql));
  void queryClient.prefetchQuery(sduiHomeModulesQueryOptions(graphql));
  void queryClient.prefetchQuery(appointmentPresenceQueryOptions(graphql));
  void queryClient.prefetchQuery(notificationsQueryOptions(graphql));
  void queryClient.prefetchQuery(labResultNotificationsQueryOptions(graphql));
  void queryClient.prefetchQuery(contractExpirationBannersQueryOptions(graphql));
}
