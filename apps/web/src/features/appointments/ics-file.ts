import { TZDate } from '@date-fns/tz';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { CalendarEvent } from './calendar';

// Loaded on click (Add to Calendar → Apple), so the generator and the zone table stay out of
// the appointments chunk.

/** The VTIMEZONE block of an IANA zone, so no client (Outlook) has to know the TZID. */
function vtimezone(timeZone: string): string | null {
  const block = tzlib_get_ical_block(timeZone);
  return Array.isArray(block) && block[0] ? block[0] : null;
}

export interface IcsIdentity {
  /** Stable per appointment (`<appointment id>@<host>`), so a reschedule updates the event. */
  uid: string;
  /** The appointment's `sequence`: 0 when booked, raised by each reschedule. */
  sequence: number;
  now: Date;
}

/**
 * An iCalendar file with one event (RFC 5545, written by ical-generator). Start and end are
 * the customer's wall clock with its TZID, which a VTIMEZONE defines; DTSTAMP is UTC.
 */
export function buildIcs(event: CalendarEvent, { uid, sequence, now }: IcsIdentity): string {
  // No calendar-wide zone (DTSTAMP stays UTC); the generator still writes one VTIMEZONE per
  // zone an event names.
  const calendar = ical({
    prodId: { company: 'Patient Portal', product: 'Appointments', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: null, generator: vtimezone },
  });
  calendar.createEvent({
    id: uid,
    sequence,
    stamp: now,
    // TZDate: ical-generator reads its fields in the event's zone, not the browser's.
    start: new TZDate(event.start.getTime(), event.timezone),
    end: new TZDate(event.end.getTime(), event.timezone),
    timezone: event.timezone,
    summary: event.name,
    description: event.description,
    ...(event.url ? { url: event.url, location: event.url } : {}),
  });
  return calendar.toString();
}
