/** Spec 01 §3: a calendar event, handed to Google, Outlook, or an .ics file for Apple. */
export interface CalendarEvent {
  name: string;
  description: string;
  url: string | null;
  start: Date;
  end: Date;
  /** IANA zone the event is shown in (the customer's). */
  timezone: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 20250602T170000Z */
function utcStamp(date: Date): string {
  return (
    `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`
  );
}

/** The wall-clock time in `timeZone` as an RFC 5545 local DATE-TIME (no Z). */
function localStamp(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}${parts.month}${parts.day}T${parts.hour}${parts.minute}${parts.second}`;
}

/** RFC 5545 §3.3.11: backslash, semicolon, comma and newlines are escaped in TEXT. */
export function escapeIcsText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n/g, '\\n');
}

/** RFC 5545 §3.1: lines longer than 75 octets are folded with CRLF and one space. */
export function foldIcsLine(line: string): string {
  const encoder = new TextEncoder();
  const chunks: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    const limit = chunks.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      chunks.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  chunks.push(current);
  return chunks.join('\r\n ');
}

/**
 * An iCalendar file with one event. Start and end carry TZID (the customer's zone) so Apple
 * Calendar shows the visit at the wall time the portal showed; the zone's rules are left to
 * the client's tz database (no VTIMEZONE), which Apple, Google and Outlook all accept for
 * IANA names.
 */
export function buildIcs(event: CalendarEvent, uid: string, now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Patient Portal//Appointments//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(uid)}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;TZID=${event.timezone}:${localStamp(event.start, event.timezone)}`,
    `DTEND;TZID=${event.timezone}:${localStamp(event.end, event.timezone)}`,
    `SUMMARY:${escapeIcsText(event.name)}`,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    ...(event.url ? [`URL:${event.url}`, `LOCATION:${escapeIcsText(event.url)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldIcsLine).join('\r\n')}\r\n`;
}

export function googleCalendarUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.name,
    dates: `${utcStamp(event.start)}/${utcStamp(event.end)}`,
    details: event.url ? `${event.description}\n${event.url}` : event.description,
    ctz: event.timezone,
  });
  if (event.url) params.set('location', event.url);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

export function outlookCalendarUrl(event: CalendarEvent): string {
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.name,
    startdt: event.start.toISOString(),
    enddt: event.end.toISOString(),
    body: event.url ? `${event.description}\n${event.url}` : event.description,
  });
  if (event.url) params.set('location', event.url);
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params.toString()}`;
}
