import { describe, expect, it } from 'vitest';
import { WEIGHT_BOUNDS_LB } from '../constants';
import { parseWeightData } from './import';
import {
  bmi,
  isHeightInBounds,
  isWeightInBounds,
  percentBodyWeightLost,
  poundsToHundredths,
  progressPercent,
  roundTo,
  totalLost,
} from './measures';
import {
  measurementChangeFormSchema,
  measurementInputSchema,
  updateWeightArgsSchema,
  weightLbSchema,
  weightTextSchema,
} from './schemas';
import {
  goalDateAtPace,
  needsWeightConfirmation,
  paceAdvice,
  weightPace,
  weightTrend,
} from './trend';

describe('spec 02 §5: weight bounds, 50 to 1400 lb inclusive', () => {
  it.each([
    [49.99, false],
    [50, true],
    [200, true],
    [1400, true],
    [1400.01, false],
    [Number.NaN, false],
  ])('%s lb in bounds: %s', (lb, ok) => {
    expect(isWeightInBounds(lb)).toBe(ok);
    expect(weightLbSchema.safeParse(lb).success).toBe(ok);
  });

  it('the bounds are the constants', () => {
    expect(WEIGHT_BOUNDS_LB).toEqual({ min: 50, max: 1400 });
  });

  it('an out-of-bounds weight fails with measurements.errorWeight', () => {
    const r = weightTextSchema.safeParse('49.99');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('measurements.errorWeight');
    expect(weightTextSchema.parse(' 210.5 ')).toBe(210.5);
    expect(weightTextSchema.safeParse('abc').success).toBe(false);
  });
});

describe('spec 02 §5: stored value = entered × 100, rounded', () => {
  it.each([
    [210.5, 21050],
    [199.99, 19999],
    [180.555, 18056],
    [0.1 + 0.2, 30],
    [1400, 140000],
  ])('%s lb → %s', (lb, stored) => {
    expect(poundsToHundredths(lb)).toBe(stored);
  });
});

describe('spec 02 §5: BMI from feet, inches and pounds, one decimal', () => {
  it.each([
    [5, 10, 200, 28.7], // 703 × 200 / 70² = 28.69…
    [6, 0, 180, 24.4], // 24.41…
    [5, 4, 150, 25.7], // 25.74…
    [5, 0, 100, 19.5], // 19.52
  ])('%s ft %s in, %s lb → %s', (feet, inches, lb, expected) => {
    expect(bmi({ feet, inches }, lb)).toBe(expected);
  });

  it('no height, no BMI', () => {
    expect(bmi({ feet: 0, inches: 0 }, 200)).toBeNull();
  });

  it('height must be valid: 0 inches is not', () => {
    expect(isHeightInBounds(0)).toBe(false);
    expect(isHeightInBounds(70)).toBe(true);
  });
});

describe('spec 02 §5: progress percent, two decimals; total lost, floor', () => {
  it.each([
    [250, 230, 200, 40],
    [250, 240, 190, 16.67], // 10 / 60 = 16.666…
    [250, 260, 200, -20],
    [210.5, 200.2, 180, 33.77], // 10.3 / 30.5 = 33.770…
  ])('start %s, current %s, goal %s → %s%%', (start, current, goal, expected) => {
    expect(progressPercent(start, current, goal)).toBe(expected);
  });

  it('start equal to goal gives no percent', () => {
    expect(progressPercent(200, 190, 200)).toBeNull();
  });

  it.each([
    [250, 240.5, 9],
    [210.5, 200.2, 10],
    [200, 200, 0],
    [200, 201.5, -2],
  ])('start %s, current %s → lost %s', (start, current, lost) => {
    expect(totalLost(start, current)).toBe(lost);
  });

  it('percent of body weight lost, one decimal', () => {
    expect(percentBodyWeightLost(250, 225)).toBe(10);
    expect(percentBodyWeightLost(210, 200)).toBe(4.8);
  });
});

describe('spec 02 §5: weightData import entries', () => {
  it('reads dot-separated date_value entries in hundredths of a pound', () => {
    expect(parseWeightData('2026-11-01_21050.2026-11-08_20890')).toEqual({
      entries: [
        { date: '2026-11-01', value: 21050 },
        { date: '2026-11-08', value: 20890 },
      ],
      skipped: 0,
    });
  });

  it.each([
    ['_21050', 'no date'],
    ['2026-11-01_0', 'a zero value'],
    ['2026-11-01_', 'no value'],
    ['2026-02-30_21050', 'no such day'],
    ['2026-11-01_4999', 'below 50 lb'],
    ['2026-11-01_abc', 'an unreadable value'],
  ])('skips %s (%s)', (entry) => {
    const parsed = parseWeightData(`${entry}.2026-11-08_20890`);
    expect(parsed.entries).toEqual([{ date: '2026-11-08', value: 20890 }]);
    expect(parsed.skipped).toBe(1);
  });

  it('keeps one entry per day', () => {
    expect(parseWeightData('2026-11-01_21050.2026-11-01_21000').entries).toHaveLength(1);
  });
});

describe('measurement inputs', () => {
  const base = { recordedAt: '2026-11-01' };
  it.each([
    [{ type: 'weight', value: 4999, unit: 'hundredthsOfAPound' }, false],
    [{ type: 'weight', value: 5000, unit: 'hundredthsOfAPound' }, true],
    [{ type: 'goal_weight', value: 140001, unit: 'hundredthsOfAPound' }, false],
    [{ type: 'height', value: 0, unit: 'inches' }, false],
    [{ type: 'height', value: 70, unit: 'inches' }, true],
    [{ type: 'height', value: 70, unit: 'hundredthsOfAPound' }, false],
    [{ type: 'weight', value: 200.5, unit: 'hundredthsOfAPound' }, false],
  ])('%o valid: %s', (m, ok) => {
    expect(measurementInputSchema.safeParse({ ...base, ...m }).success).toBe(ok);
  });

  it('update and change request use the same bounds', () => {
    const id = '00000000-0000-4000-8000-000000000001';
    expect(updateWeightArgsSchema.safeParse({ id, newWeight: 140001 }).success).toBe(false);
    expect(updateWeightArgsSchema.safeParse({ id, newWeight: 20000 }).success).toBe(true);
    expect(measurementChangeFormSchema.safeParse({ startingWeight: 4999 }).success).toBe(false);
  });
});

describe('beyond the spec: trend, pace, goal date, "Is this right?"', () => {
  const weekly = [
    { date: '2026-10-04', lb: 214 },
    { date: '2026-10-11', lb: 213 },
    { date: '2026-10-18', lb: 212 },
    { date: '2026-10-25', lb: 211 },
    { date: '2026-11-01', lb: 210 },
  ];

  it('the 7-day trend averages the entries of the 7 days ending each day', () => {
    const daily = [
      { date: '2026-11-01', lb: 200 },
      { date: '2026-11-02', lb: 202 },
      { date: '2026-11-09', lb: 198 },
    ];
    expect(weightTrend(daily)).toEqual([
      { date: '2026-11-01', lb: 200 },
      { date: '2026-11-02', lb: 201 },
      { date: '2026-11-09', lb: 198 },
    ]);
  });

  it('the trend is the mean of each 7-day window, same-day entries and gaps included', () => {
    // The definition, entry by entry, against a year of irregular entries out of order.
    const definition = (points: { date: string; lb: number }[]) => {
      const sorted = [...points].sort((a, b) => a.date.localeCompare(b.date));
      return sorted.map((point) => {
        const from = new Date(`${point.date}T00:00:00Z`);
        from.setUTCDate(from.getUTCDate() - 6);
        const start = from.toISOString().slice(0, 10);
        const window = sorted.filter((p) => p.date >= start && p.date <= point.date);
        const mean = window.reduce((sum, p) => sum + p.lb, 0) / window.length;
        return { date: point.date, lb: roundTo(mean, 2) };
      });
    };
    const points: { date: string; lb: number }[] = [];
    const day = new Date('2026-01-01T00:00:00Z');
    for (let i = 0; i < 365; i += 1) {
      day.setUTCDate(day.getUTCDate() + 1);
      if (i % 11 === 3) continue; // a gap
      const date = day.toISOString().slice(0, 10);
      points.push({ date, lb: 240 - i * 0.07 + ((i * 37) % 13) / 10 });
      if (i % 17 === 0) points.push({ date, lb: 238.55 + (i % 5) }); // two entries that day
    }
    points.reverse();
    expect(weightTrend(points)).toEqual(definition(points));
  });

  it('pace in lb a week and the goal date at that pace', () => {
    expect(weightPace(weekly)).toBe(-1);
    expect(goalDateAtPace(weekly, 200)).toBe('2027-01-10'); // 10 weeks after 2026-11-01
    expect(goalDateAtPace(weekly, 220)).toBeNull(); // heading away
    expect(weightPace(weekly.slice(0, 1))).toBeNull();
  });

  it.each([
    [null, 'none'],
    [-0.2, 'slow'],
    [-0.75, 'healthy'],
    [-2, 'fast'],
    [0.5, 'slow'],
  ] as const)('pace %s is %s against the 0.5–1 lb tip', (pace, advice) => {
    expect(paceAdvice(pace)).toBe(advice);
  });

  it.each([
    [{ date: '2026-11-02', lb: 195 }, true], // 15 lb off within a day
    [{ date: '2026-11-02', lb: 196 }, false],
    [{ date: '2026-11-01', lb: 226 }, true],
    [{ date: '2026-11-15', lb: 195 }, false], // two weeks later: allowance 15 + 2 × 13
  ])('%o asks "Is this right?": %s', (entry, ask) => {
    expect(needsWeightConfirmation(entry, weekly)).toBe(ask);
  });

  it('the first entry never asks', () => {
    expect(needsWeightConfirmation({ date: '2026-11-01', lb: 300 }, [])).toBe(false);
  });
});
