import { TZDate } from '@date-fns/tz';
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';

// Issue 43: the calendar file of a visit (RFC 5545, written by ical-generator), the same in
// every mail and in "Add to Calendar". A client updates or removes the event it has only when
// the UID stays, SEQUENCE grows and METHOD says what happened (RFC 5546 §3.2), and it reads
// the zone from the file's own VTIMEZONE (from timezones-ical-library's IANA table), not its
// guess of the TZID.

/** What happened to the visit: a booking and a move ask to add or update, a cancel removes. */
export type CalendarChange = 'booked' | 'moved' | 'cancelled';

export type CalendarMethod = 'REQUEST' | 'CANCEL';

export interface CalendarVisit {
  /** The appointment's id: the UID is `<id>@<portal host>` for every version of it. */
  id: string;
  start: Date;
  end: Date;
  /** appointments.sequence: 0 when booked, raised by each move and by the cancellation. */
  sequence: number;
  /** When the visit last changed (its DTSTAMP), so the same state gives the same file. */
  changedAt: Date;
  cancelled: boolean;
  summary: string;
  description: string;
  /** The provider's video link, or null. */
  url: string | null;
  /** The zone the customer chose (customers.time_zone); the file's times carry it. */
  timeZone: string;
  attendee: { email: string; name: string };
}

export interface CalendarParty {
  name: string;
  email: string;
}

export function calendarUid(appointmentId: string, host: string): string {
  return `${appointmentId}@${host}`;
}

export function calendarMethod(visit: Pick<CalendarVisit, 'cancelled'>): CalendarMethod {
  return visit.cancelled ? 'CANCEL' : 'REQUEST';
}

/** "Patient Portal <no-reply@portal.localhost>" → its name and address. */
export function parseMailbox(value: string): CalendarParty {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  if (match?.[2]) return { name: match[1]?.trim() || match[2], email: match[2].trim() };
  return { name: value.trim(), email: value.trim() };
}

/** The VTIMEZONE block of an IANA zone (null for a zone the table lacks, UTC among them). */
function vtimezone(timeZone: string): string | null {
  const block = tzlib_get_ical_block(timeZone);
  return Array.isArray(block) && block[0] ? block[0] : null;
}

/**
 * The .ics of a visit as it is now: METHOD:REQUEST (booked or moved) or METHOD:CANCEL with
 * STATUS:CANCELLED, one VEVENT with the stable UID and the visit's SEQUENCE, an ORGANIZER (the
 * portal's sender) and the customer as the one ATTENDEE, which Google, Outlook and Apple need
 * before they apply a REQUEST or CANCEL to the event they hold.
 */
export function visitCalendar(
  visit: CalendarVisit,
  { host, organizer }: { host: string; organizer: CalendarParty },
): string {
  const cancel = visit.cancelled;
  const calendar = ical({
    prodId: { company: 'Patient Portal', product: 'Appointments', language: 'EN' },
    method: cancel ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    // No calendar-wide zone (DTSTAMP stays UTC); a VTIMEZONE for the zone the event names.
    timezone: { name: null, generator: vtimezone },
  });
  calendar.createEvent({
    id: calendarUid(visit.id, host),
    sequence: visit.sequence,
    stamp: visit.changedAt,
    // TZDate: ical-generator reads the fields in the event's zone, not the process's.
    start: new TZDate(visit.start.getTime(), visit.timeZone),
    end: new TZDate(visit.end.getTime(), visit.timeZone),
    timezone: visit.timeZone,
    summary: visit.summary,
    description: visit.url ? `${visit.description}\n${visit.url}` : visit.description,
    ...(visit.url ? { url: visit.url, location: visit.url } : {}),
    status: cancel ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer,
    attendees: [
      {
        email: visit.attendee.email,
        name: visit.attendee.name,
        role: ICalAttendeeRole.REQ,
        // The patient booked it themselves: nothing to answer.
        status: ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
      },
    ],
  });
  return calendar.toString();
}
