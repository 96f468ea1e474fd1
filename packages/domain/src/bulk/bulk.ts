import {
  BULK_RESUBMIT_BLOCK_MINUTES,
  BULK_VIAL,
  BULK_VIAL_OPTIONS,
  FOLLOW_UP_INTERVAL_MONTHS,
  type BulkVialOption,
} from '../constants';
import { mgToSyringeUnits } from '../treatment/dose';

// Bulk semaglutide (spec 02 §4, §5, §9): the vial choice, its price, and who may order.
// Pure: the server passes in the customer's data and `now`. Its inputs' schemas are in
// schemas.ts, so a screen that only needs the vial table does not load zod (issue 46).

/** Message keys (the bulk namespace of the web catalogue). */
export const BULK_MESSAGES = {
  vialCountRequired: 'bulk.validation.vialCountRequired',
  actionIdInvalid: 'bulk.validation.actionIdInvalid',
} as const;

/** Spec 02 §9: the sale table's row for a vial count; undefined outside 2 to 6. */
export function bulkVialOption(vials: number): BulkVialOption | undefined {
  return BULK_VIAL_OPTIONS.find((o) => o.vials === vials);
}

/** Spec 02 §5: only 2 to 6 vials have a payment link. */
export function isBulkVialCount(value: unknown): value is BulkVialOption['vials'] {
  return typeof value === 'number' && bulkVialOption(value) !== undefined;
}

/** Spec 02 §9: what the customer saves against the full price, in cents. */
export function bulkSavingsCents(option: BulkVialOption): number {
  return option.fullPriceCents - option.totalCents;
}

/** Spec 02 §9: medication in one bulk vial (2.5 ml at 5 mg/ml = 12.5 mg). */
export const BULK_VIAL_MG = BULK_VIAL.volumeMl * BULK_VIAL.concentrationMgPerMl;

/** What eligibility is computed from (the server reads it from the customer's records). */
export interface BulkEligibilityFacts {
  /** The bulk flag (spec 02 §6): off means ordering is no longer available. */
  bulkEnabled: boolean;
  /** Whether the customer is treated for weight management (an active GLP-1 plan). */
  hasWeightTreatment: boolean;
  /** When the customer last submitted a bulk order, if ever. */
  lastBulkOrderAt: Date | null;
  /** Whether a bulk order of theirs is still in process (awaiting approval or payment). */
  bulkOrderInProcess: boolean;
  /** Starts of the customer's bulk visits (appointments that carry a vial count). */
  bulkAppointmentStarts: Date[];
  /** Starts of the customer's completed or past visits, async included. */
  encounterStarts: Date[];
}

export interface BulkEligibility {
  isBulkEligible: boolean;
  needsSyncEncounter: boolean;
  bulkOrderedTooRecently: boolean;
  hasRecentBulkAppointment: boolean;
}

const MINUTE = 60_000;

function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now.getTime());
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

/**
 * Spec 02 §3, §4, §8, §9: bulk eligibility.
 * - bulkOrderedTooRecently (BS101): a submit in the last 5 minutes, or an order in process.
 * - hasRecentBulkAppointment (BS102): a bulk visit upcoming or in the last 6 months.
 * - needsSyncEncounter: no visit in the last 6 months (the follow-up cadence), so the order
 *   goes through a live visit instead of an async review.
 */
export function bulkEligibility(facts: BulkEligibilityFacts, now: Date): BulkEligibility {
  const blockEnd = facts.lastBulkOrderAt
    ? facts.lastBulkOrderAt.getTime() + BULK_RESUBMIT_BLOCK_MINUTES * MINUTE
    : -Infinity;
  const bulkOrderedTooRecently = facts.bulkOrderInProcess || now.getTime() < blockEnd;
  const since = monthsBefore(now, FOLLOW_UP_INTERVAL_MONTHS).getTime();
  const hasRecentBulkAppointment = facts.bulkAppointmentStarts.some((s) => s.getTime() >= since);
  const needsSyncEncounter = !facts.encounterStarts.some(
    (s) => s.getTime() >= since && s.getTime() <= now.getTime(),
  );
  return {
    isBulkEligible:
      facts.bulkEnabled &&
      facts.hasWeightTreatment &&
      !bulkOrderedTooRecently &&
      !hasRecentBulkAppointment,
    needsSyncEncounter,
    bulkOrderedTooRecently,
    hasRecentBulkAppointment,
  };
}

/** Spec 02 §8: the code a refused bulk submit carries (BS101 first, as the spec lists it). */
export function bulkRefusalCode(e: BulkEligibility): 'BS101' | 'BS102' | null {
  if (e.bulkOrderedTooRecently) return 'BS101';
  if (e.hasRecentBulkAppointment) return 'BS102';
  return null;
}

/** The dosing guide's steps for a 5 mg/ml vial: weekly mg and U-100 syringe units. */
export const BULK_DOSING_STEPS_MG = [0.25, 0.5, 1, 1.7, 2.4] as const;

/** The dosing guide's rows: each step's mg and its units at the bulk vials' 5 mg/ml. */
export function bulkDosingGuide(): { doseMg: number; units: number }[] {
  return BULK_DOSING_STEPS_MG.map((doseMg) => ({
    doseMg,
    units: mgToSyringeUnits(doseMg, BULK_VIAL.concentrationMgPerMl),
  }));
}
