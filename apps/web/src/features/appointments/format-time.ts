import { TZDate } from '@date-fns/tz';
import { DEFAULT_TIME_ZONE } from '@portal/domain';
import { format } from 'date-fns';
import { formatDate } from '../../lib/format';

// lib/format.ts holds the spec's date formats; a visit also needs its clock time and zone.

export function zoneOf(timeZone: string | null | undefined): string {
  return timeZone ?? DEFAULT_TIME_ZONE;
}

/** "Monday, June 2" in the customer's zone (spec 01 §9: EEEE, MMMM d). */
export function formatVisitDay(instant: Date, timeZone: string): string {
  return `${formatDate(instant, 'weekday', timeZone)}, ${formatDate(instant, 'monthDay', timeZone)}`;
}

/** "10:00 AM – 10:30 AM PDT" in the customer's zone. */
export function formatVisitTime(start: Date, end: Date, timeZone: string): string {
  const clock = (d: Date) => format(new TZDate(d.getTime(), timeZone), 'h:mm a');
  const zone =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
      .formatToParts(start)
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  return `${clock(start)} – ${clock(end)} ${zone}`;
}
