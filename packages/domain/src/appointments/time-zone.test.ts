import { describe, expect, it } from 'vitest';
import { BOOKING_TIME_ZONES, isBookingTimeZone } from '../constants';
import { displayTimeZoneSchema } from './time-zone';

describe('displayTimeZoneSchema (issue 43: one zone, saved from the offered list)', () => {
  it('takes each offered US zone', () => {
    for (const timeZone of BOOKING_TIME_ZONES) {
      expect(displayTimeZoneSchema.parse({ timeZone })).toEqual({ timeZone });
    }
  });

  it('refuses a zone outside the list, a made-up one and an empty value, with its key', () => {
    for (const timeZone of ['Europe/Berlin', 'Not/AZone', '', 'america/new_york']) {
      const result = displayTimeZoneSchema.safeParse({ timeZone });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('appointments.validation.timeZoneInvalid');
    }
  });

  it('agrees with isBookingTimeZone, its guard without zod (issue 46)', () => {
    for (const timeZone of [...BOOKING_TIME_ZONES, 'Europe/Berlin', 'Not/AZone', '', 'UTC']) {
      expect(isBookingTimeZone(timeZone)).toBe(
        displayTimeZoneSchema.safeParse({ timeZone }).success,
      );
    }
  });
});
