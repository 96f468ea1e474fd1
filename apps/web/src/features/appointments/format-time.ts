import { TZDate } from '@date-fns/tz';
import { DEFAULT_TIME_ZONE } from '@portal/domain';
import { format } from 'date-fns';
import { formatDate } from '../../lib/format';

// lib/format.ts holds the spec's date formats; visits and slots also need their clock time
// and zone.

export function zoneOf(timeZone: string | null | undefined): string {
  return timeZone ?? DEFAULT_TIME_ZONE;
}

export function formatClock(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), 'h:mm a');
}

/**
 * The zone's short name at that instant, as people in the US read it: "PST" in winter, "PDT"
 * in summer, "EST", "CDT"… A zone without a common abbreviation reads as its offset
 * ("GMT+2"); UTC reads as "UTC".
 */
export function zoneAbbreviation(instant: Date, timeZone: string): string {
  return (
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
      .formatToParts(instant)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  );
}

/** "10:00 AM PST": a slot's or a visit's start with its zone named. */
export function formatClockWithZone(instant: Date, timeZone: string): string {
  return `${formatClock(instant, timeZone)} ${zoneAbbreviation(instant, timeZone)}`;
}

/** "Monday, June 2" in the customer's zone (spec 01 §9: EEEE, MMMM d). */
export function formatDay(instant: Date, timeZone: string): string {
  return `${formatDate(instant, 'weekday', timeZone)}, ${formatDate(instant, 'monthDay', timeZone)}`;
}

/** "10:00 AM – 10:30 AM PDT" in the customer's zone. */
export function formatVisitTime(start: Date, end: Date, timeZone: string): string {
  return `${formatClock(start, timeZone)} – ${formatClock(end, timeZone)} ${zoneAbbreviation(start, timeZone)}`;
}

/** A yyyy-MM-dd day key as its weekday and date, read at noon UTC so no zone moves it. */
export function dayKeyParts(dateKey: string): { weekday: string; date: string } {
  const noon = new TZDate(`${dateKey}T12:00:00Z`, 'UTC');
  return { weekday: format(noon, 'EEE'), date: format(noon, 'MMM d') };
}
