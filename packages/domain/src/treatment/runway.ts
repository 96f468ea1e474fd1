import { REFILL_INTERVAL_DAYS } from '../constants';

// Beyond the spec (issue 10): how long a supply lasts at the prescribed weekly dose, and the
// day a refill must ship so it arrives before the supply or the ~60-day cadence runs out.

/**
 * Days we allow a refill to travel (ours, not the spec's: standard shipping of a cold-packed
 * refill); the must-ship date is this many days before the refill is needed.
 */
export const REFILL_TRANSIT_DAYS = 5;

const DAY_MS = 86_400_000;

/** yyyy-MM-dd plus days, in calendar terms (no zone: a date is a date). */
export function addDaysToDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole calendar days from one yyyy-MM-dd to another (negative when `to` is earlier). */
export function daysBetweenDates(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export interface RunwayInput {
  /** Medication in the supply, in mg (volume × concentration for a vial). */
  supplyMg: number;
  /** The prescribed dose, taken once a week. */
  weeklyDoseMg: number;
  /** The day the supply reached the customer (the first dose is taken that day). */
  startedOn: string;
  /** Today in the customer's zone. */
  today: string;
}

export interface Runway {
  dosesTotal: number;
  dosesTaken: number;
  dosesLeft: number;
  /** The first week with no dose left: the refill must be there by then. */
  runsOutOn: string;
  /** Spec 02 §9: the next refill, about 60 days after the supply started. */
  refillDueOn: string;
  /** The earlier of the two, less the transit days. */
  refillMustShipBy: string;
  /** True once today is on or past the must-ship date (and doses remain to be covered). */
  refillUrgent: boolean;
}

/**
 * Doses left and the date a refill must ship. Weekly doses are taken on the start day and
 * every 7 days after it; a partial last dose does not count.
 */
export function medicationRunway(input: RunwayInput): Runway {
  const { supplyMg, weeklyDoseMg, startedOn, today } = input;
  if (!Number.isFinite(supplyMg) || supplyMg < 0) throw new RangeError('supplyMg must be ≥ 0');
  if (!Number.isFinite(weeklyDoseMg) || weeklyDoseMg <= 0) {
    throw new RangeError('weeklyDoseMg must be positive');
  }
  // 1e-9 keeps 2.5 / 0.25 from landing a hair under 10.
  const dosesTotal = Math.floor(supplyMg / weeklyDoseMg + 1e-9);
  const elapsed = daysBetweenDates(startedOn, today);
  const dosesTaken = elapsed < 0 ? 0 : Math.min(dosesTotal, Math.floor(elapsed / 7) + 1);
  const runsOutOn = addDaysToDate(startedOn, dosesTotal * 7);
  const refillDueOn = addDaysToDate(startedOn, REFILL_INTERVAL_DAYS);
  const neededBy = runsOutOn < refillDueOn ? runsOutOn : refillDueOn;
  const refillMustShipBy = addDaysToDate(neededBy, -REFILL_TRANSIT_DAYS);
  return {
    dosesTotal,
    dosesTaken,
    dosesLeft: dosesTotal - dosesTaken,
    runsOutOn,
    refillDueOn,
    refillMustShipBy,
    refillUrgent: today >= refillMustShipBy,
  };
}
