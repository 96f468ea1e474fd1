import { describe, expect, it } from 'vitest';
import { BULK_VIAL_OPTIONS } from '../constants';
import {
  bulkDosingGuide,
  bulkEligibility,
  bulkRefusalCode,
  bulkVialOption,
  isBulkVialCount,
  type BulkEligibilityFacts,
} from './bulk';
import { bulkOrderSchema, purchaseBulkSchema } from './schemas';

const NOW = new Date('2026-11-21T10:00:00Z'); // a Saturday

const facts = (over: Partial<BulkEligibilityFacts> = {}): BulkEligibilityFacts => ({
  bulkEnabled: true,
  hasWeightTreatment: true,
  lastBulkOrderAt: null,
  bulkOrderInProcess: false,
  bulkAppointmentStarts: [],
  encounterStarts: [new Date('2026-10-01T17:00:00Z')],
  ...over,
});

describe('bulk vial rules (spec 02 §5, §9)', () => {
  it('spec 02 §5: only 2 to 6 vials have a payment link', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 2.5, '3', null].map(isBulkVialCount)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it('spec 02 §9: each total is the per-vial price times the vials, below the full price', () => {
    for (const o of BULK_VIAL_OPTIONS) {
      expect(bulkVialOption(o.vials)?.totalCents).toBe(o.perVialCents * o.vials);
      expect(o.totalCents).toBeLessThan(o.fullPriceCents);
    }
    expect(bulkVialOption(7)).toBeUndefined();
  });

  it("spec 02 §5: no vial count gives 'Please select a vial count before submitting.'", () => {
    for (const vialCount of [undefined, 1, 7, 3.5]) {
      const r = bulkOrderSchema.safeParse({ vialCount });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe('bulk.validation.vialCountRequired');
    }
    expect(bulkOrderSchema.parse({ vialCount: 3 })).toEqual({
      vialCount: 3,
      treatmentShortId: 'weightmanagement_bulk',
    });
  });

  it('spec 02 §7: the purchase takes only the action id; a client price is refused', () => {
    const id = '7f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f';
    expect(purchaseBulkSchema.safeParse({ customerActionId: id }).success).toBe(true);
    expect(purchaseBulkSchema.safeParse({ customerActionId: id, amount: 1 }).success).toBe(false);
    expect(purchaseBulkSchema.safeParse({ customerActionId: 'x' }).success).toBe(false);
  });

  it('spec 02 §9: the dosing guide gives units at 5 mg/ml (0.25 mg is 5 units)', () => {
    expect(bulkDosingGuide()[0]).toEqual({ doseMg: 0.25, units: 5 });
    expect(bulkDosingGuide().at(-1)).toEqual({ doseMg: 2.4, units: 48 });
  });
});

describe('bulk eligibility (spec 02 §3, §4, §8, §9)', () => {
  it('a treated customer with a recent visit may order, asynchronously', () => {
    expect(bulkEligibility(facts(), NOW)).toEqual({
      isBulkEligible: true,
      needsSyncEncounter: false,
      bulkOrderedTooRecently: false,
      hasRecentBulkAppointment: false,
    });
  });

  it('spec 02 §4, §9: for five minutes after a submit the customer is not eligible (BS101)', () => {
    const at = (minutesAgo: number) =>
      bulkEligibility(
        facts({ lastBulkOrderAt: new Date(NOW.getTime() - minutesAgo * 60_000) }),
        NOW,
      );
    expect(at(4.99).isBulkEligible).toBe(false);
    expect(bulkRefusalCode(at(4.99))).toBe('BS101');
    expect(at(5).isBulkEligible).toBe(true);
  });

  it('spec 02 §8: an order already in process is BS101; a recent bulk visit BS102', () => {
    expect(bulkRefusalCode(bulkEligibility(facts({ bulkOrderInProcess: true }), NOW))).toBe(
      'BS101',
    );
    const visit = facts({ bulkAppointmentStarts: [new Date('2026-09-01T16:00:00Z')] });
    expect(bulkRefusalCode(bulkEligibility(visit, NOW))).toBe('BS102');
    const old = facts({ bulkAppointmentStarts: [new Date('2026-01-01T16:00:00Z')] });
    expect(bulkEligibility(old, NOW).isBulkEligible).toBe(true);
  });

  it('no visit in six months needs a live (sync) visit; a future one does not count', () => {
    const e = bulkEligibility(facts({ encounterStarts: [new Date('2026-12-01T16:00:00Z')] }), NOW);
    expect(e.needsSyncEncounter).toBe(true);
    expect(e.isBulkEligible).toBe(true);
  });

  it('spec 02 §6: the flag off, or no weight treatment, means not eligible', () => {
    expect(bulkEligibility(facts({ bulkEnabled: false }), NOW).isBulkEligible).toBe(false);
    expect(bulkEligibility(facts({ hasWeightTreatment: false }), NOW).isBulkEligible).toBe(false);
  });
});
