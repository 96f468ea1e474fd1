import { hundredthsToPounds, type WeightPoint } from '@portal/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  GetCustomerMeasurementsDocument,
  type GetCustomerMeasurementsQuery,
} from '../../gql/graphql';
import type { GraphqlClient } from '../api/graphql-client';
import { useServices, useSession } from '../services';

/** Every measurements read (the weight page, the edit dialog). */
export const MEASUREMENTS_KEY = ['measurements'] as const;

export type Measurement = GetCustomerMeasurementsQuery['getCustomerMeasurements'][number];

export function measurementsQueryOptions(graphql: GraphqlClient) {
  return queryOptions({
    queryKey: MEASUREMENTS_KEY,
    queryFn: async () =>
      (await graphql.request(GetCustomerMeasurementsDocument)).getCustomerMeasurements,
    retry: 1,
  });
}

/** getCustomerMeasurements (spec 02 §7); a failure is C111 on screen. */
export function useMeasurements() {
  const { graphql } = useServices();
  const { status } = useSession();
  return useQuery({ ...measurementsQueryOptions(graphql), enabled: status === 'authenticated' });
}

export interface WeightSummary {
  /** Weight entries, oldest first, with their row for editing. */
  entries: (WeightPoint & { id: string; source: string })[];
  current: number | null;
  goal: number | null;
  start: number | null;
  /** Inches. */
  height: number | null;
}

/** The latest of each kind, and the weights as points in pounds. */
export function summarizeMeasurements(rows: readonly Measurement[]): WeightSummary {
  const latest = (type: string) => {
    const row = rows.filter((r) => r.type === type).at(-1);
    return row ? row.value : null;
  };
  const entries = rows
    .filter((r) => r.type === 'weight')
    .map((r) => ({
      id: r.id,
      source: r.source,
      date: String(r.recorded_at),
      lb: hundredthsToPounds(r.value),
    }));
  const pounds = (v: number | null) => (v === null ? null : hundredthsToPounds(v));
  const first = entries.at(0);
  return {
    entries,
    current: entries.at(-1)?.lb ?? null,
    goal: pounds(latest('goal_weight')),
    // Without a recorded starting weight, the first entry stands in for it.
    start: pounds(latest('starting_weight')) ?? first?.lb ?? null,
    height: latest('height'),
  };
}
