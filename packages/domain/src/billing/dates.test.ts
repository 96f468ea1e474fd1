import { describe, expect, it } from 'vitest';
import { addMonthsToDate, calendarDateIn, daysBetween } from './dates';

describe('billing calendar dates', () => {
  it('adds months and clamps to the last day of a shorter month', () => {
    expect(addMonthsToDate('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsToDate('2028-01-31', 1)).toBe('2028-02-29'); // leap year
    expect(addMonthsToDate('2026-03-31', 1)).toBe('2026-04-30');
    expect(addMonthsToDate('2026-11-15', 3)).toBe('2027-02-15');
    expect(addMonthsToDate('2026-01-31', 12)).toBe('2027-01-31');
  });

  it('counts days across month lengths and DST changes', () => {
    expect(daysBetween('2026-02-01', '2026-03-01')).toBe(28);
    expect(daysBetween('2028-02-01', '2028-03-01')).toBe(29);
    expect(daysBetween('2026-04-01', '2026-05-01')).toBe(30);
    expect(daysBetween('2026-03-01', '2026-04-01')).toBe(31); // holds the US DST start
    expect(daysBetween('2026-03-10', '2026-03-01')).toBe(-9);
  });

  it('rejects what is not a calendar date', () => {
    expect(() => addMonthsToDate('2026-02-30', 1)).toThrow(RangeError);
    expect(() => daysBetween('2026-2-1', '2026-03-01')).toThrow(RangeError);
  });

  it("takes today's date in the customer's zone", () => {
    const instant = new Date('2026-03-01T05:30:00Z');
    expect(calendarDateIn(instant, 'America/Los_Angeles')).toBe('2026-02-28');
    expect(calendarDateIn(instant, 'Asia/Kolkata')).toBe('2026-03-01');
    // Again, through the zone's kept formatter, and for another instant.
    expect(calendarDateIn(instant, 'America/Los_Angeles')).toBe('2026-02-28');
    expect(calendarDateIn(new Date('2026-03-01T08:00:00Z'), 'America/Los_Angeles')).toBe(
      '2026-03-01',
    );
  });

  it('an unknown zone is refused every time', () => {
    const instant = new Date('2026-03-01T05:30:00Z');
    expect(() => calendarDateIn(instant, 'Mars/Olympus_Mons')).toThrow(RangeError);
    expect(() => calendarDateIn(instant, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});
