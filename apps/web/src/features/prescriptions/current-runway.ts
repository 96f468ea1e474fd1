import type { Prescription } from '../../lib/treatment/use-prescriptions';

export interface CurrentRunway {
  /** The prescription whose supply the customer is using now. */
  prescriptionId: string;
  /** A newer prescription (the refill) is already written: no need to ask for one. */
  refillInFlight: boolean;
}

/**
 * Only the supply in use has a runway: the newest prescription the server gives one (it does
 * once delivered). An older delivery's runway is history, not a count to act on; and when a
 * newer prescription that is not cancelled exists, the refill is already on its way.
 */
export function currentRunway(prescriptions: readonly Prescription[]): CurrentRunway | null {
  const newestFirst = [...prescriptions].sort(
    (a, b) => Date.parse(b.created_at) - Date.parse(a.created_at),
  );
  const index = newestFirst.findIndex((p) => p.runway !== null);
  const current = newestFirst[index];
  if (!current) return null;
  return {
    prescriptionId: current.id,
    refillInFlight: newestFirst.slice(0, index).some((p) => p.status.name !== 'cancelled'),
  };
}
