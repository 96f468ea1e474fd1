import { format, getDay } from 'date-fns';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { availabilityLabel, groupSlotsByTimeOfDay } from './appointments/presentation';
import {
  APP_VERSION,
  AVAILABILITY_LABELS,
  BOOKING_TIME_ZONES,
  BULK_FULL_PRICE_PER_VIAL_CENTS,
  BULK_VIAL_COUNTS,
  BULK_VIAL_OPTIONS,
  DATE_FORMATS,
  DEFAULT_LANGUAGE,
  DEFAULT_TIME_ZONE,
  FEATURE_FLAGS,
  LANGUAGES,
  SUPPORT_HOURS,
  TIME_GROUPS,
} from './constants';

// The numbers themselves are tested through the rules that read them (appointments/*.test.ts,
// money.test.ts); what is left here are the rules that tie one constant to another.

describe('spec 02 §9: bulk semaglutide sale options', () => {
  it('spec 02 §9: the total is the per-vial price times the vial count', () => {
    for (const option of BULK_VIAL_OPTIONS) {
      expect(option.totalCents).toBe(option.perVialCents * option.vials);
    }
  });

  it('spec 02 §9: the full price is the full per-vial price times the vial count, above the sale total', () => {
    for (const option of BULK_VIAL_OPTIONS) {
      expect(option.fullPriceCents).toBe(BULK_FULL_PRICE_PER_VIAL_CENTS * option.vials);
      expect(option.totalCents).toBeLessThan(option.fullPriceCents);
    }
  });

  it('spec 02 §5, §9: every vial count with a payment link has exactly one priced row', () => {
    expect(BULK_VIAL_OPTIONS.map((o) => o.vials)).toEqual([...BULK_VIAL_COUNTS]);
    expect(new Set(BULK_VIAL_COUNTS).size).toBe(BULK_VIAL_COUNTS.length);
  });
});

describe('spec 01 §9: the booking vocabularies match what the rules return', () => {
  it('spec 01 §9: every availability label a day can get is in AVAILABILITY_LABELS, and each occurs', () => {
    const labels = new Set(
      Array.from({ length: 30 }, (_, i) => availabilityLabel(i + 1)).filter((l) => l !== null),
    );
    expect([...labels].sort()).toEqual([...AVAILABILITY_LABELS].sort());
  });

  it('spec 01 §9: the slot groups are the TIME_GROUPS the picker walks, in that order', () => {
    expect(Object.keys(groupSlotsByTimeOfDay([], 'America/Los_Angeles'))).toEqual([...TIME_GROUPS]);
  });
});

describe('spec 01 §4: the running version', () => {
  it('spec 01 §4: the version the update banner compares is the package version', () => {
    expect(APP_VERSION).toBe(packageJson.version);
  });
});

describe('spec 01 §9, spec 02 §9: dates, support hours, languages', () => {
  // 2026-03-06 is a Friday; single-digit month and day show the padding rules.
  const friday = new Date(2026, 2, 6, 9, 30);

  it('spec 02 §9: dates are zero-padded month/day/year, card expiry month/two-digit year', () => {
    expect(format(friday, DATE_FORMATS.date)).toBe('03/06/2026');
    expect(format(friday, DATE_FORMATS.cardExpiry)).toBe('03/26');
    expect(format(friday, DATE_FORMATS.shortDate)).toBe('3/6/2026');
  });

  it('spec 01 §9: weekday and month-day are spelled out; messages older than today show MMM dd, yyyy', () => {
    expect(format(friday, DATE_FORMATS.weekday)).toBe('Friday');
    expect(format(friday, DATE_FORMATS.monthDay)).toBe('March 6');
    expect(format(friday, DATE_FORMATS.messageDate)).toBe('Mar 06, 2026');
  });

  it('spec 01 §9: support is open Monday to Saturday and closed on Sunday', () => {
    // 2026-03-01 is a Sunday; the week runs to Saturday 2026-03-07.
    const week = Array.from({ length: 7 }, (_, i) => new Date(2026, 2, 1 + i, 12));
    const open = week.filter((day) =>
      (SUPPORT_HOURS.days as readonly number[]).includes(getDay(day)),
    );
    expect(open.map((day) => format(day, 'EEEE'))).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    expect(SUPPORT_HOURS.openHour).toBeLessThan(SUPPORT_HOURS.closeHour);
  });

  it('spec 01 §1: the default language is one of the supported languages', () => {
    expect(LANGUAGES).toContain(DEFAULT_LANGUAGE);
  });
});

describe('spec 01 §6, spec 02 §6: feature flags', () => {
  it('spec 01 §6: no two flags share a name, so an ff_ override sets exactly one', () => {
    const names = Object.values(FEATURE_FLAGS);
    expect(new Set(names).size).toBe(names.length);
  });
});

describe('issue 9: the zones the booking dialog offers', () => {
  it('spec 01 §9: the default zone is offered, and every zone is a real IANA zone', () => {
    expect(BOOKING_TIME_ZONES).toContain(DEFAULT_TIME_ZONE);
    for (const zone of BOOKING_TIME_ZONES) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
    }
    expect(new Set(BOOKING_TIME_ZONES).size).toBe(BOOKING_TIME_ZONES.length);
  });

  it('lists the zones west to east, so the picker reads in order', () => {
    const january = new Date(Date.UTC(2026, 0, 15, 12));
    const offsets = BOOKING_TIME_ZONES.map((zone) => {
      const hour = Number(
        new Intl.DateTimeFormat('en-US', {
          timeZone: zone,
          hour: 'numeric',
          hourCycle: 'h23',
        }).format(january),
      );
      return hour;
    });
    expect([...offsets].sort((a, b) => a - b)).toEqual(offsets);
  });
});
