import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDate, formatMoney, initialsOf, relativeTime } from './format';

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

describe('initialsOf: one initials rule for every avatar (issue 9)', () => {
  it('takes the first and last names, without a title', () => {
    expect(initialsOf('Dr. Maria Lopez')).toBe('ML');
    expect(initialsOf('Dr Maria del Carmen Lopez')).toBe('ML');
    expect(initialsOf('Marcus Bell')).toBe('MB');
    expect(initialsOf('Prof. Ada Lovelace')).toBe('AL');
  });

  it('drops credentials after a comma', () => {
    expect(initialsOf('Maria Lopez, MD')).toBe('ML');
  });

  it('gives one letter for a single name, even a title alone', () => {
    expect(initialsOf('Cher')).toBe('C');
    expect(initialsOf('Dr.')).toBe('D');
  });

  it('ignores extra whitespace, case and punctuation', () => {
    expect(initialsOf('  priya   natarajan  ')).toBe('PN');
    expect(initialsOf('\tÉlena\n  ruiz ')).toBe('ÉR');
    expect(initialsOf("Sinéad O'Connor")).toBe('SO');
    expect(initialsOf('"Alex" Rivera')).toBe('AR');
  });

  it('is null when there is no letter, so the avatar shows its icon', () => {
    expect(initialsOf('')).toBeNull();
    expect(initialsOf('   ')).toBeNull();
    expect(initialsOf(null)).toBeNull();
    expect(initialsOf(undefined)).toBeNull();
    expect(initialsOf('· 123 ·')).toBeNull();
  });
});
