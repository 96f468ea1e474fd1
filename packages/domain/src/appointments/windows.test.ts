import { describe, expect, it } from 'vitest';
import {
  bookingWindow,
  earliestSlotStart,
  isWithinWindow,
  localDayWindow,
  narrowWindow,
  FIXED_RESCHEDULE_START,
  FIXED_START_RESCHEDULE_TREATMENTS,
  rescheduleWindow,
} from './windows';

const at = (value: string) => new Date(value);

describe('booking window (spec 01 §9: earliest 24 h, 48 h on a UTC Saturday or Sunday; latest 13 days)', () => {
  it('Friday in UTC: earliest is 24 hours ahead', () => {
    const now = at('2026-03-06T15:00:00Z');
    expect(earliestSlotStart(now).toISOString()).toBe('2026-03-07T15:00:00.000Z');
  });

  it('Saturday in UTC: earliest is 48 hours ahead', () => {
    const now = at('2026-03-07T10:00:00Z');
    expect(earliestSlotStart(now).toISOString()).toBe('2026-03-09T10:00:00.000Z');
  });

  it('Sunday in UTC: earliest is 48 hours ahead', () => {
    const now = at('2026-03-08T23:59:00Z');
    expect(earliestSlotStart(now).toISOString()).toBe('2026-03-10T23:59:00.000Z');
  });

  it('reads the weekday in UTC terms, not the customer zone', () => {
    // Friday 16:30 in Los Angeles, already Saturday in UTC.
    expect(earliestSlotStart(at('2026-03-07T00:30:00Z')).toISOString()).toBe(
      '2026-03-09T00:30:00.000Z',
    );
    // Monday 00:00 UTC (still Sunday evening in Los Angeles) is a weekday.
    expect(earliestSlotStart(at('2026-03-09T00:00:00Z')).toISOString()).toBe(
      '2026-03-10T00:00:00.000Z',
    );
  });

  it('a slot at 23h59m is outside the window, at 24h inside, at 13 days inside, later outside', () => {
    const now = at('2026-03-06T15:00:00Z');
    const window = bookingWindow(now);
    expect(isWithinWindow(at('2026-03-07T14:59:00Z'), window)).toBe(false);
    expect(isWithinWindow(at('2026-03-07T15:00:00Z'), window)).toBe(true);
    expect(window.latest.toISOString()).toBe('2026-03-19T15:00:00.000Z');
    expect(isWithinWindow(at('2026-03-19T15:00:00Z'), window)).toBe(true);
    expect(isWithinWindow(at('2026-03-19T15:00:01Z'), window)).toBe(false);
  });
});

describe('reschedule window (spec 01 §9: search up to 14 days ahead)', () => {
  it('looks 14 days ahead with the same earliest start as booking', () => {
    const now = at('2026-03-06T15:00:00Z');
    const window = rescheduleWindow(now);
    expect(window.earliest.toISOString()).toBe('2026-03-07T15:00:00.000Z');
    expect(window.latest.toISOString()).toBe('2026-03-20T15:00:00.000Z');
  });

  it('reaches a day past the booking window: 13 days + 1 s is reschedulable, 14 days + 1 s is not', () => {
    const now = at('2026-03-06T15:00:00Z');
    const afterBooking = at('2026-03-19T15:00:01Z');
    expect(isWithinWindow(afterBooking, bookingWindow(now))).toBe(false);
    expect(isWithinWindow(afterBooking, rescheduleWindow(now))).toBe(true);
    expect(isWithinWindow(at('2026-03-20T15:00:00Z'), rescheduleWindow(now))).toBe(true);
    expect(isWithinWindow(at('2026-03-20T15:00:01Z'), rescheduleWindow(now))).toBe(false);
  });

  it('from a UTC Sunday a moved visit needs 48 hours of notice, like a new booking', () => {
    const now = at('2026-03-08T12:00:00Z');
    expect(isWithinWindow(at('2026-03-10T11:59:00Z'), rescheduleWindow(now))).toBe(false);
    expect(isWithinWindow(at('2026-03-10T12:00:00Z'), rescheduleWindow(now))).toBe(true);
  });
});

describe('reschedule window for the two fixed-start treatments (spec 01 §9: a fixed start of 2025-05-28)', () => {
  it('names two treatments and the date', () => {
    expect(FIXED_START_RESCHEDULE_TREATMENTS).toHaveLength(2);
    expect(FIXED_RESCHEDULE_START.toISOString()).toBe('2025-05-28T00:00:00.000Z');
  });

  it('before 2025-05-28 their search starts on that date; other treatments keep the notice rule', () => {
    const now = at('2025-05-20T15:00:00Z'); // a Tuesday
    for (const shortId of FIXED_START_RESCHEDULE_TREATMENTS) {
      const window = rescheduleWindow(now, shortId);
      expect(window.earliest.toISOString()).toBe('2025-05-28T00:00:00.000Z');
      expect(window.latest.toISOString()).toBe('2025-06-03T15:00:00.000Z');
      expect(isWithinWindow(at('2025-05-27T23:59:00Z'), window)).toBe(false);
    }
    expect(rescheduleWindow(now, 'testosterone').earliest.toISOString()).toBe(
      '2025-05-21T15:00:00.000Z',
    );
    expect(rescheduleWindow(now).earliest.toISOString()).toBe('2025-05-21T15:00:00.000Z');
  });

  it('starts at the later of the date and the notice rule: once the date has passed, it does not narrow', () => {
    const justBefore = at('2025-05-27T12:00:00Z'); // notice: 2025-05-28T12:00
    expect(rescheduleWindow(justBefore, 'weightmanagement').earliest.toISOString()).toBe(
      '2025-05-28T12:00:00.000Z',
    );
    const now = at('2026-03-08T12:00:00Z'); // a UTC Sunday: 48 hours
    expect(rescheduleWindow(now, 'weightmanagement')).toEqual(rescheduleWindow(now));
  });
});

describe('narrowWindow', () => {
  const window = { earliest: at('2026-03-07T15:00:00Z'), latest: at('2026-03-19T15:00:00Z') };
  it('keeps the server window when the client asks for more', () => {
    expect(narrowWindow(window, at('2026-03-06T00:00:00Z'), null)).toEqual(window);
  });
  it('narrows to the client range inside the window, and is null outside it', () => {
    expect(narrowWindow(window, at('2026-03-10T00:00:00Z'), at('2026-03-11T00:00:00Z'))).toEqual({
      earliest: at('2026-03-10T00:00:00Z'),
      latest: at('2026-03-11T00:00:00Z'),
    });
    expect(narrowWindow(window, at('2026-03-20T00:00:00Z'))).toBeNull();
  });
});

describe('localDayWindow (issue 16: the booking dialog asks for one day of the day strip)', () => {
  it('a day in Los Angeles is midnight to midnight PST', () => {
    expect(localDayWindow('2026-11-10', 'America/Los_Angeles')).toEqual({
      earliest: new Date('2026-11-10T08:00:00Z'),
      latest: new Date('2026-11-11T07:59:59.999Z'),
    });
  });

  it('the day the clocks go back is 25 hours long', () => {
    const day = localDayWindow('2026-11-01', 'America/New_York');
    expect(day?.earliest).toEqual(new Date('2026-11-01T04:00:00Z'));
    expect(day?.latest).toEqual(new Date('2026-11-02T04:59:59.999Z'));
  });

  it('a half-hour zone', () => {
    expect(localDayWindow('2026-11-14', 'Asia/Kolkata')?.earliest).toEqual(
      new Date('2026-11-13T18:30:00Z'),
    );
  });

  it('a malformed date is null', () => {
    expect(localDayWindow('14/11/2026', 'UTC')).toBeNull();
  });
});
