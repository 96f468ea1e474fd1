import { z } from 'zod';
import { BOOKING_TIME_ZONES } from '../constants';

/**
 * Issue 43: the zone a customer reads visit times in, saved on their record so the dialog, the
 * cards, the mails and the calendar file all use it. One of the offered US zones; a device zone
 * outside them is remembered on that device only.
 */
export const displayTimeZoneSchema = z.object({
  timeZone: z.enum(BOOKING_TIME_ZONES, { error: 'appointments.validation.timeZoneInvalid' }),
});
export type DisplayTimeZoneInput = z.output<typeof displayTimeZoneSchema>;
