import { describe, expect, it } from 'vitest';
import { BULK_VIAL, LITE_PROGRAM_WEEKLY_DOSE, REFILL_INTERVAL_DAYS } from '../constants';
import { REFILL_TRANSIT_DAYS, addDaysToDate, daysBetweenDates, medicationRunway } from './runway';

describe('medication runway', () => {
  // A 2.5 ml vial at 2.5 mg/ml is 6.25 mg: 25 weekly doses of the lite program's 0.25 mg.
  const lite = { supplyMg: 2.5 * 2.5, weeklyDoseMg: LITE_PROGRAM_WEEKLY_DOSE.mg };

  it.each([
    // [today, taken, left]
    ['2026-02-28', 0, 25], // before it arrived
    ['2026-03-01', 1, 24], // first dose on arrival day
    ['2026-03-07', 1, 24],
    ['2026-03-08', 2, 23],
    ['2026-08-22', 25, 0], // 24 weeks later: the last dose
    ['2027-01-01', 25, 0],
  ])('on %s: %s taken, %s left', (today, taken, left) => {
    const runway = medicationRunway({ ...lite, startedOn: '2026-03-01', today });
    expect(runway.dosesTotal).toBe(25);
    expect(runway.dosesTaken).toBe(taken);
    expect(runway.dosesLeft).toBe(left);
  });

  it('spec 02 §9: a supply that outlasts the ~60-day cadence ships the refill by the cadence', () => {
    const runway = medicationRunway({ ...lite, startedOn: '2026-03-01', today: '2026-03-10' });
    expect(runway.refillDueOn).toBe(addDaysToDate('2026-03-01', REFILL_INTERVAL_DAYS));
    expect(runway.refillDueOn).toBe('2026-04-30');
    expect(runway.refillMustShipBy).toBe(addDaysToDate('2026-04-30', -REFILL_TRANSIT_DAYS));
    expect(runway.refillUrgent).toBe(false);
  });

  it('a supply that runs out first ships the refill before it runs out', () => {
    // Spec 02 §9 bulk vial: 2.5 ml at 5 mg/ml = 12.5 mg; at 2.4 mg a week that is 5 doses.
    const runway = medicationRunway({
      supplyMg: BULK_VIAL.volumeMl * BULK_VIAL.concentrationMgPerMl,
      weeklyDoseMg: 2.4,
      startedOn: '2026-03-01',
      today: '2026-03-25',
    });
    expect(runway.dosesTotal).toBe(5);
    expect(runway.runsOutOn).toBe('2026-04-05');
    expect(runway.refillMustShipBy).toBe('2026-03-31');
    expect(runway.refillUrgent).toBe(false);
    const later = medicationRunway({
      supplyMg: 12.5,
      weeklyDoseMg: 2.4,
      startedOn: '2026-03-01',
      today: '2026-03-31',
    });
    expect(later.refillUrgent).toBe(true);
  });

  it('dates cross a DST change and a leap day as calendar days', () => {
    expect(addDaysToDate('2026-03-07', 2)).toBe('2026-03-09');
    expect(addDaysToDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(daysBetweenDates('2026-11-01', '2026-11-02')).toBe(1);
    expect(daysBetweenDates('2026-03-10', '2026-03-01')).toBe(-9);
  });

  it('refuses a zero dose', () => {
    expect(() =>
      medicationRunway({
        supplyMg: 5,
        weeklyDoseMg: 0,
        startedOn: '2026-01-01',
        today: '2026-01-01',
      }),
    ).toThrow(RangeError);
  });
});
