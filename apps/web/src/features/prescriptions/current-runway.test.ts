import { describe, expect, it } from 'vitest';
import { prescription } from '../../test/treatment-test-server';
import { currentRunway } from './current-runway';

const RUNWAY = {
  doses_left: 14,
  doses_taken: 11,
  doses_total: 25,
  refill_due_on: '2026-11-08',
  refill_must_ship_by: '2026-11-03',
  refill_urgent: false,
  runs_out_on: '2027-03-08',
};

describe('currentRunway (the medication runway on the prescription card)', () => {
  it('belongs to the newest prescription with a runway, not to older deliveries', () => {
    const older = prescription({ id: 'older', created_at: '2024-03-04T00:00:00Z', runway: RUNWAY });
    const newer = prescription({ id: 'newer', created_at: '2026-09-09T00:00:00Z', runway: RUNWAY });
    expect(currentRunway([older, newer])).toEqual({
      prescriptionId: 'newer',
      refillInFlight: false,
    });
  });

  it('knows the refill is on its way when a newer prescription is written (a cancelled one does not count)', () => {
    const delivered = prescription({
      id: 'delivered',
      created_at: '2026-09-09T00:00:00Z',
      runway: RUNWAY,
    });
    const cancelled = prescription({
      id: 'cancelled',
      created_at: '2026-10-14T00:00:00Z',
      status: { name: 'cancelled', display_name: 'Cancelled' },
    });
    expect(currentRunway([cancelled, delivered])?.refillInFlight).toBe(false);
    const refill = prescription({ id: 'refill', created_at: '2026-11-17T00:00:00Z' });
    expect(currentRunway([refill, cancelled, delivered])).toEqual({
      prescriptionId: 'delivered',
      refillInFlight: true,
    });
  });

  it('is null when no prescription has a runway', () => {
    expect(currentRunway([prescription()])).toBeNull();
  });
});
