import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServicesProvider } from '../../lib/services';
import { createFakeServices } from '../../test/render-with-services';
import {
  DISPLAY_TIME_ZONE_KEY,
  deviceTimeZone,
  deviceZoneToRecord,
  isTimeZone,
  resolveDisplayTimeZone,
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

  it('issue 43 one zone: the device’s until chosen, then the choice on every device', () => {
    const device = 'America/Chicago';
    const saved = 'America/New_York';
    // Nothing chosen: the device's zone, whatever the record holds.
    expect(resolveDisplayTimeZone({ saved, chosen: false, stored: null, device })).toBe(device);
    expect(resolveDisplayTimeZone({ saved: undefined, chosen: false, stored: null, device })).toBe(
      device,
    );
    // Chosen (perhaps on another device): the choice, even over what this device picked.
    expect(resolveDisplayTimeZone({ saved, chosen: true, stored: null, device })).toBe(saved);
    expect(resolveDisplayTimeZone({ saved, chosen: true, stored: 'America/Denver', device })).toBe(
      saved,
    );
    // A zone the record cannot hold is this device's own choice.
    expect(resolveDisplayTimeZone({ saved, chosen: true, stored: 'Europe/London', device })).toBe(
      'Europe/London',
    );
  });

  it('issue 43: the device’s zone goes on the record only while nothing is chosen', () => {
    const unchosen = { timeZone: 'America/Los_Angeles', chosen: false };
    expect(deviceZoneToRecord(unchosen, 'America/New_York')).toBe('America/New_York');
    expect(deviceZoneToRecord({ ...unchosen, chosen: true }, 'America/New_York')).toBeNull();
    expect(deviceZoneToRecord(unchosen, 'America/Los_Angeles')).toBeNull();
    // Outside the offered list the record cannot hold it (nor before the record is read).
    expect(deviceZoneToRecord(unchosen, 'Europe/Berlin')).toBeNull();
    expect(deviceZoneToRecord(undefined, 'America/New_York')).toBeNull();
  });

  function zoneHook(record: { timeZone: string; chosen: boolean }, device: string) {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat('en-US').resolvedOptions(),
      timeZone: device,
    });
    const { services, queryClient, calls } = createFakeServices((operation, variables) =>
      operation === 'GetDisplayTimeZone'
        ? { displayTimeZone: record }
        : {
            setDisplayTimeZone: {
              statusCode: 200,
              data:
                variables.fromDevice && record.chosen
                  ? record
                  : {
                      timeZone: variables.timeZone,
                      chosen: !variables.fromDevice,
                    },
            },
          },
    );
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(ServicesProvider, {
        services,
        children: createElement(QueryClientProvider, { client: queryClient }, children),
      });
    const saves = () => calls.filter((c) => c.operation === 'SetDisplayTimeZone');
    return { hook: renderHook(() => useDisplayTimeZone(), { wrapper }), saves };
  }

  it('a patient who never chose reads the device’s zone, and the record takes it', async () => {
    const { hook, saves } = zoneHook(
      { timeZone: 'America/Los_Angeles', chosen: false },
      'America/Phoenix',
    );
    expect(hook.result.current[0]).toBe('America/Phoenix');
    await waitFor(() =>
      expect(saves()).toEqual([
        {
          operation: 'SetDisplayTimeZone',
          variables: { timeZone: 'America/Phoenix', fromDevice: true },
        },
      ]),
    );
    expect(hook.result.current[0]).toBe('America/Phoenix');
  });

  it('a choice is saved and wins; a bad stored value is ignored; an unsavable one stays here', async () => {
    window.localStorage.setItem(DISPLAY_TIME_ZONE_KEY, 'Not/AZone');
    const { hook, saves } = zoneHook(
      { timeZone: 'America/Denver', chosen: true },
      'America/Chicago',
    );
    // The record's choice, not the device's zone; nothing is recorded for the device.
    await waitFor(() => expect(hook.result.current[0]).toBe('America/Denver'));
    act(() => hook.result.current[1]('America/Anchorage'));
    expect(hook.result.current[0]).toBe('America/Anchorage');
    await waitFor(() =>
      expect(saves()).toEqual([
        {
          operation: 'SetDisplayTimeZone',
          variables: { timeZone: 'America/Anchorage', fromDevice: false },
        },
      ]),
    );
    // A zone outside the offered list stays on this device: nothing is sent for it.
    act(() => hook.result.current[1]('Europe/London'));
    expect(hook.result.current[0]).toBe('Europe/London');
    expect(saves()).toHaveLength(1);
    window.localStorage.removeItem(DISPLAY_TIME_ZONE_KEY);
  });
});
