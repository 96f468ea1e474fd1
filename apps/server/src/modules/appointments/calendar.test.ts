import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarMethod, parseMailbox, visitCalendar, type CalendarVisit } from './calendar';

const visit: CalendarVisit = {
  id: '0b8c7a52-1f1e-4c1a-9d55-1d2f3a4b5c6d',
  // 10:00–10:30 in Los Angeles on a PDT day.
  start: new Date('2025-06-02T17:00:00Z'),
  end: new Date('2025-06-02T17:30:00Z'),
  sequence: 0,
  changedAt: new Date('2025-06-01T00:00:00Z'),
  cancelled: false,
  summary: 'Weight management visit',
  description: 'Video visit with Dr. Ruiz',
  url: 'https://visit.example.com/ruiz',
  timeZone: 'America/Los_Angeles',
  attendee: { email: 'pat@example.com', name: 'Pat Doe' },
};
const options = {
  host: 'portal.example.com',
  organizer: parseMailbox('Patient Portal <no-reply@portal.example.com>'),
};

/** Reads the file as a calendar client would: TZIDs resolve only through its VTIMEZONEs. */
function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const zones = calendar.getAllSubcomponents('vtimezone').map((c) => new ICAL.Timezone(c));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  const tzid = String(vevent.getFirstProperty('dtstart')?.getParameter('tzid'));
  const at = (name: string) => {
    if (!zones.some((z) => z.tzid === tzid)) throw new Error(`no VTIMEZONE for ${tzid}`);
    zones.forEach((z) => ICAL.TimezoneService.register(z));
    try {
      return (vevent.getFirstPropertyValue(name) as ICAL.Time).toJSDate().toISOString();
    } finally {
      zones.forEach((z) => ICAL.TimezoneService.remove(z.tzid));
    }
  };
  const organizer = vevent.getFirstProperty('organizer');
  const attendee = vevent.getFirstProperty('attendee');
  return {
    method: calendar.getFirstPropertyValue('method'),
    tzid,
    zoneIds: zones.map((z) => z.tzid),
    uid: vevent.getFirstPropertyValue('uid'),
    sequence: vevent.getFirstPropertyValue('sequence'),
    status: vevent.getFirstPropertyValue('status'),
    wallStart: (vevent.getFirstPropertyValue('dtstart') as ICAL.Time).toString(),
    organizer: String(organizer?.getFirstValue()).toLowerCase(),
    attendee: String(attendee?.getFirstValue()).toLowerCase(),
    attendeeRsvp: attendee?.getParameter('rsvp'),
    at,
  };
}

describe('a visit’s calendar file (issue 43; RFC 5545/5546 through ical-generator)', () => {
  it('asks to add the booking: METHOD:REQUEST, UID <id>@host, SEQUENCE 0, its VTIMEZONE', () => {
    const parsed = parse(visitCalendar(visit, options));
    expect(parsed.method).toBe('REQUEST');
    expect(parsed.uid).toBe(`${visit.id}@portal.example.com`);
    expect(parsed.sequence).toBe(0);
    expect(parsed.status).toBe('CONFIRMED');
    expect(parsed.tzid).toBe('America/Los_Angeles');
    expect(parsed.zoneIds).toEqual(['America/Los_Angeles']);
    expect(parsed.wallStart).toBe('2025-06-02T10:00:00');
    expect(parsed.at('dtstart')).toBe('2025-06-02T17:00:00.000Z');
    expect(parsed.at('dtend')).toBe('2025-06-02T17:30:00.000Z');
  });

  it('names the organizer and the patient, which clients need to apply REQUEST and CANCEL', () => {
    const parsed = parse(visitCalendar(visit, options));
    expect(parsed.organizer).toBe('mailto:no-reply@portal.example.com');
    expect(parsed.attendee).toBe('mailto:pat@example.com');
    expect(parsed.attendeeRsvp).toBe('FALSE');
  });

  it('updates on a move: the same UID with a higher SEQUENCE and the new time', () => {
    const moved = parse(
      visitCalendar(
        {
          ...visit,
          start: new Date('2025-06-03T18:00:00Z'),
          end: new Date('2025-06-03T18:30:00Z'),
          sequence: 1,
        },
        options,
      ),
    );
    expect(moved.uid).toBe(parse(visitCalendar(visit, options)).uid);
    expect(moved.sequence).toBe(1);
    expect(moved.method).toBe('REQUEST');
    expect(moved.at('dtstart')).toBe('2025-06-03T18:00:00.000Z');
  });

  it('removes on a cancellation: METHOD:CANCEL, STATUS:CANCELLED, the same UID', () => {
    const cancelled = { ...visit, sequence: 2, cancelled: true };
    const parsed = parse(visitCalendar(cancelled, options));
    expect(calendarMethod(cancelled)).toBe('CANCEL');
    expect(parsed.method).toBe('CANCEL');
    expect(parsed.status).toBe('CANCELLED');
    expect(parsed.sequence).toBe(2);
    expect(parsed.uid).toBe(`${visit.id}@portal.example.com`);
  });

  it('writes a half-hour-offset zone’s wall clock and defines that zone', () => {
    const parsed = parse(visitCalendar({ ...visit, timeZone: 'Asia/Kolkata' }, options));
    expect(parsed.zoneIds).toEqual(['Asia/Kolkata']);
    expect(parsed.wallStart).toBe('2025-06-02T22:30:00');
    expect(parsed.at('dtstart')).toBe('2025-06-02T17:00:00.000Z');
  });

  it('is the same file for the same state (the served file matches the mail’s)', () => {
    expect(visitCalendar(visit, options)).toBe(visitCalendar({ ...visit }, options));
  });

  it('reads a bare address as the organizer too', () => {
    expect(parseMailbox('care@example.com')).toEqual({
      name: 'care@example.com',
      email: 'care@example.com',
    });
  });
});
