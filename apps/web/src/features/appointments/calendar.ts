/**
 * Spec 01 §3: a calendar event, handed to Google or Outlook; the .ics file for Apple is the
 * server's (issue 43: the same file as the last appointment mail's).
 */
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

/** The .ics UID of an appointment: the same for every version of it (a reschedule keeps it). */
export function calendarUid(appointmentId: string, host: string): string {
  return `${appointmentId}@${host}`;
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
