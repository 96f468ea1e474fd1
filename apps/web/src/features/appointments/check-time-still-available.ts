import { queryOptions } from '@tanstack/react-query';
import { CheckTimeStillAvailableDocument } from '../../gql/graphql';
import type { GraphqlClient } from '../../lib/api/graphql-client';

interface TimeCheck {
  state: string;
  treatmentId: string;
  start: Date;
}

/** Asked right before a reschedule, so never cached: whether a time is still free, and with whom. */
export function timeStillAvailableQueryOptions(graphql: GraphqlClient, check: TimeCheck) {
  const startTime = check.start.toISOString();
  return queryOptions({
    queryKey: ['timeStillAvailable', check.state, check.treatmentId, startTime] as const,
    queryFn: async () =>
      (
        await graphql.request(CheckTimeStillAvailableDocument, {
          state: check.state,
          treatmentId: check.treatmentId,
          startTime,
          forReschedule: true,
        })
      ).checkTimeStillAvailable,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
