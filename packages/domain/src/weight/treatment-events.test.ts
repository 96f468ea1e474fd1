import { describe, expect, it } from 'vitest';
import { treatmentEvents, weightAtDate } from './treatment-events';

const rx = (date: string, weeklyDoseMg: number | null, treatment = 'Semaglutide') => ({
  date,
  weeklyDoseMg,
  treatment,
});

describe('treatment events on the weight chart (issue 13, beyond the spec)', () => {
  it('the first dose starts the treatment; a different dose is a change; a refill is nothing', () => {
    expect(
      treatmentEvents([
        rx('2026-10-01', 0.5),
        rx('2026-08-01', 0.25),
        rx('2026-09-01', 0.25),
        rx('2026-07-15', null),
      ]),
    ).toEqual([
      {
        date: '2026-08-01',
        kind: 'start',
        treatment: 'Semaglutide',
        doseMg: 0.25,
        previousDoseMg: null,
      },
      {
        date: '2026-10-01',
        kind: 'dose_change',
        treatment: 'Semaglutide',
        doseMg: 0.5,
        previousDoseMg: 0.25,
      },
    ]);
  });

  it('each treatment has its own start', () => {
    const events = treatmentEvents([rx('2026-08-01', 0.25), rx('2026-09-01', 2.5, 'Tirzepatide')]);
    expect(events.map((e) => [e.kind, e.treatment])).toEqual([
      ['start', 'Semaglutide'],
      ['start', 'Tirzepatide'],
    ]);
  });

  it('no dosed prescription, no events', () => {
    expect(treatmentEvents([rx('2026-08-01', null)])).toEqual([]);
  });

  it('the weight at a day is the last entry up to it, else the first after it', () => {
    const points = [
      { date: '2026-08-05', lb: 210 },
      { date: '2026-08-10', lb: 208 },
    ];
    expect(weightAtDate(points, '2026-08-09')).toBe(210);
    expect(weightAtDate(points, '2026-08-10')).toBe(208);
    expect(weightAtDate(points, '2026-08-01')).toBe(210);
    expect(weightAtDate([], '2026-08-01')).toBeNull();
  });
});
