import { describe, expect, it } from 'vitest';
import { checkInDue, type DosedPrescriptionFacts } from './check-in-due';

const rx = (
  created_at: string,
  dose: number | null,
  status = 'Delivered',
): DosedPrescriptionFacts => ({
  created_at,
  status: { name: status },
  kit_snapshots: [{ weekly_dose_mg: dose }],
});
const NOW = new Date('2026-03-01T12:00:00Z');

describe('when the side-effect check-in is due (issue 44)', () => {
  it('CI3: never without a dosed prescription, nor for a cancelled one', () => {
    expect(checkInDue([], [], NOW)).toBeNull();
    expect(checkInDue([rx('2025-01-01T00:00:00Z', null)], [], NOW)).toBeNull();
    expect(checkInDue([rx('2025-01-01T00:00:00Z', 2.5, 'Cancelled')], [], NOW)).toBeNull();
  });

  it('CI2: four weeks after the first dosed prescription, then four weeks after each check-in', () => {
    expect(checkInDue([rx('2026-02-10T00:00:00Z', 0.25)], [], NOW)).toBeNull();
    expect(checkInDue([rx('2026-02-01T12:00:00Z', 0.25)], [], NOW)).toBe('fourWeeks');
    expect(
      checkInDue([rx('2025-12-01T00:00:00Z', 0.25)], ['2026-02-15T00:00:00Z'], NOW),
    ).toBeNull();
    expect(
      checkInDue([rx('2025-12-01T00:00:00Z', 0.25)], ['2026-01-20T00:00:00Z', null], NOW),
    ).toBe('fourWeeks');
  });

  it('CI1: a newer prescription at another weekly dose since the last check-in', () => {
    const history = [rx('2026-02-20T00:00:00Z', 0.5), rx('2026-01-20T00:00:00Z', 0.25)];
    expect(checkInDue(history, [], NOW)).toBe('doseChange');
    expect(checkInDue(history, ['2026-02-10T00:00:00Z'], NOW)).toBe('doseChange');
    expect(checkInDue(history, ['2026-02-22T00:00:00Z'], NOW)).toBeNull();
    // The same dose again is a refill, not a change.
    const refill = [rx('2026-02-20T00:00:00Z', 0.25), rx('2026-01-20T00:00:00Z', 0.25)];
    expect(checkInDue(refill, ['2026-02-10T00:00:00Z'], NOW)).toBeNull();
  });
});
