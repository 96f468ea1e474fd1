import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDate, formatMoney, relativeTime } from './format';

describe('formatters (UI.md; spec 01 §9 date formats)', () => {
  it('shows an instant in the customer time zone, Los Angeles by default', () => {
    const instant = '2026-03-08T07:30:00Z'; // 23:30 on the 7th in Los Angeles (PST)
    expect(formatDate(instant, 'date')).toBe('03/07/2026');
    expect(formatDate(instant, 'date', 'Asia/Kolkata')).toBe('03/08/2026');
    expect(formatDate(instant, 'weekday', null)).toBe('Saturday');
    expect(formatDate(instant, 'monthDay')).toBe('March 7');
  });

  it('keeps a calendar date as written', () => {
    expect(formatCalendarDate('1990-01-31')).toBe('01/31/1990');
  });

  it('says minutes or hours ago on the same day, the date otherwise', () => {
    const now = new Date('2026-05-20T20:00:00Z'); // 13:00 in Los Angeles
    expect(relativeTime('2026-05-20T19:35:00Z', now)).toEqual({ unit: 'minutes', count: 25 });
    expect(relativeTime('2026-05-20T16:00:00Z', now)).toEqual({ unit: 'hours', count: 4 });
    expect(relativeTime('2026-05-20T06:00:00Z', now)).toEqual({
      unit: 'date',
      text: 'May 19, 2026',
    });
  });

  it('formats cents as dollars', () => {
    expect(formatMoney(109_800)).toBe('$1,098.00');
  });
});
