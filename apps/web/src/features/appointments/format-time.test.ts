import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DISPLAY_TIME_ZONE_KEY,
  deviceTimeZone,
  isTimeZone,
  timeZoneOptions,
  useDisplayTimeZone,
} from './display-time-zone';
import { formatClockWithZone, formatVisitTime, zoneAbbreviation } from './format-time';

const WINTER = new Date('2026-01-15T18:00:00Z');
const SUMMER = new Date('2026-07-15T17:00:00Z');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('times name their zone (issue 9)', () => {
  it('names US zones by their short names, standard or daylight by the date', () => {
    expect(formatClockWithZone(WINTER, 'America/Los_Angeles')).toBe('10:00 AM PST');
    expect(formatClockWithZone(SUMMER, 'America/Los_Angeles')).toBe('10:00 AM PDT');
    expect(formatClockWithZone(WINTER, 'America/New_York')).toBe('1:00 PM EST');
    expect(formatClockWithZone(SUMMER, 'America/Chicago')).toBe('12:00 PM CDT');
    // Arizona keeps standard time all year.
    expect(formatClockWithZone(SUMMER, 'America/Phoenix')).toBe('10:00 AM MST');
    expect(formatClockWithZone(WINTER, 'Pacific/Honolulu')).toBe('8:00 AM HST');
  });

  it('one instant reads differently in another zone', () => {
    expect(formatClockWithZone(WINTER, 'America/Denver')).toBe('11:00 AM MST');
    expect(formatClockWithZone(WINTER, 'UTC')).toBe('6:00 PM UTC');
  });

  it('a zone without an abbreviation reads as its offset', () => {
    expect(zoneAbbreviation(WINTER, 'Asia/Kolkata')).toBe('GMT+5:30');
  });

  it('a visit reads start – end and the zone of its start', () => {
    const end = new Date(SUMMER.getTime() + 30 * 60_000);
    expect(formatVisitTime(SUMMER, end, 'America/New_York')).toBe('1:00 PM – 1:30 PM EDT');
  });

  it('across the autumn change a time says which side it is on', () => {
    // 2026-11-01: clocks go back at 2:00 in Los Angeles; 1:30 happens twice.
    expect(formatClockWithZone(new Date('2026-11-01T08:30:00Z'), 'America/Los_Angeles')).toBe(
      '1:30 AM PDT',
    );
    expect(formatClockWithZone(new Date('2026-11-01T09:30:00Z'), 'America/Los_Angeles')).toBe(
      '1:30 AM PST',
    );
  });
});

describe('the zone picker (issue 9)', () => {
  it('accepts real IANA zones only', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone(null)).toBe(false);
  });

  it('defaults to the device zone', () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en-US').resolvedOptions(),
      timeZone: 'America/Chicago',
    });
    expect(deviceTimeZone()).toBe('America/Chicago');
  });

  it('offers the US zones west to east, then the device and customer zones once each', () => {
    const options = timeZoneOptions({
      at: WINTER,
      language: 'en',
      device: 'Europe/London',
      extra: ['America/New_York', 'Asia/Kolkata', null, 'Asia/Kolkata'],
    });
    expect(options.map((o) => o.id)).toEqual([
      'Pacific/Honolulu',
      'America/Anchorage',
      'America/Los_Angeles',
      'America/Phoenix',
      'America/Denver',
      'America/Chicago',
      'America/New_York',
      'Europe/London',
      'Asia/Kolkata',
    ]);
    const pacific = options.find((o) => o.id === 'America/Los_Angeles');
    expect(pacific).toMatchObject({ nameKey: 'appointments.zones.pacific', short: 'PST' });
    const london = options.find((o) => o.id === 'Europe/London');
    expect(london).toMatchObject({ nameKey: null, short: 'GMT', device: true });
    expect(london?.name).toMatch(/Time/);
  });

  it('a choice holds for the session; a stored value that is no zone is ignored', () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en-US').resolvedOptions(),
      timeZone: 'America/Chicago',
    });
    const first = renderHook(() => useDisplayTimeZone());
    expect(first.result.current[0]).toBe('America/Chicago');
    act(() => first.result.current[1]('America/Denver'));
    expect(first.result.current[0]).toBe('America/Denver');
    expect(window.sessionStorage.getItem(DISPLAY_TIME_ZONE_KEY)).toBe('America/Denver');
    // The next dialog opened in the session starts where the customer left it.
    expect(renderHook(() => useDisplayTimeZone()).result.current[0]).toBe('America/Denver');

    window.sessionStorage.setItem(DISPLAY_TIME_ZONE_KEY, 'Not/AZone');
    expect(renderHook(() => useDisplayTimeZone()).result.current[0]).toBe('America/Chicago');
  });
});
