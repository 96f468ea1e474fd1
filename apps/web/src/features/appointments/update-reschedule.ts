import { RESCHEDULE_STATUS_SCHEDULED } from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { UpdateRescheduleDocument } from '../../gql/graphql';
import type { GraphqlClient } from '../../lib/api/graphql-client';
import { rescheduleRequestQueryKey } from './use-reschedule-request';

/** Marks the customer's reschedule request SCHEDULED; its query goes stale. */
export async function markRescheduleScheduled(
  graphql: GraphqlClient,
  queryClient: QueryClient,
  id: string,
): Promise<void> {
  await graphql.request(UpdateRescheduleDocument, { id, status: RESCHEDULE_STATUS_SCHEDULED });
  await queryClient.invalidateQueries({ queryKey: rescheduleRequestQueryKey(id) });
}
