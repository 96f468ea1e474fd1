import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarUid, type CalendarEvent } from './calendar';
import { buildIcs } from './ics-file';

const event: CalendarEvent = {
  name: 'Weight management visit, Dr. Ruiz',
  description: 'Video visit; join from the link',
  url: 'https://visit.example.com/ruiz',
  // 10:00–10:30 in Los Angeles on a PDT day.
  start: new Date('2025-06-02T17:00:00Z'),
  end: new Date('2025-06-02T17:30:00Z'),
  timezone: 'America/Los_Angeles',
};
const NOW = new Date('2025-06-01T00:00:00Z');

/** Parses the file as a calendar client would, resolving TZIDs only through its VTIMEZONEs. */
function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const zones = calendar.getAllSubcomponents('vtimezone').map((c) => new ICAL.Timezone(c));
  const vevent = calendar.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  const start = vevent.getFirstProperty('dtstart');
  const tzid = String(start?.getParameter('tzid'));
  // Registered only while reading: a TZID resolves through this file's VTIMEZONE or not at all.
  const at = (name: string) => {
    if (!zones.some((z) => z.tzid === tzid)) throw new Error(`no VTIMEZONE for ${tzid}`);
    zones.forEach((z) => ICAL.TimezoneService.register(z));
    try {
      return (vevent.getFirstPropertyValue(name) as ICAL.Time).toJSDate();
    } finally {
      zones.forEach((z) => ICAL.TimezoneService.remove(z.tzid));
    }
  };
  return {
    tzid,
    zoneIds: zones.map((z) => z.tzid),
    uid: vevent.getFirstPropertyValue('uid'),
    sequence: vevent.getFirstPropertyValue('sequence'),
    summary: vevent.getFirstPropertyValue('summary'),
    stamp: String(vevent.getFirstPropertyValue('dtstamp')),
    wallStart: (vevent.getFirstPropertyValue('dtstart') as ICAL.Time).toString(),
    at,
  };
}

describe('.ics file (spec 01 §3, §7: the .ics for Apple; RFC 5545 through ical-generator)', () => {
  it('parses, and defines a VTIMEZONE for the TZID its times name', () => {
    const ics = buildIcs(event, { uid: 'a1@portal.example.com', sequence: 0, now: NOW });
    const parsed = parse(ics);
    expect(parsed.tzid).toBe('America/Los_Angeles');
    expect(parsed.zoneIds).toEqual(['America/Los_Angeles']);
    expect(parsed.summary).toBe(event.name);
    expect(ics.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(
      true,
    );
  });

  it('writes the customer’s wall clock, which its VTIMEZONE turns back into the instant', () => {
    const parsed = parse(buildIcs(event, { uid: 'x', sequence: 0, now: NOW }));
    expect(parsed.wallStart).toBe('2025-06-02T10:00:00');
    expect(parsed.at('dtstart').toISOString()).toBe('2025-06-02T17:00:00.000Z');
    expect(parsed.at('dtend').toISOString()).toBe('2025-06-02T17:30:00.000Z');
    expect(parsed.stamp).toBe('2025-06-01T00:00:00Z');
  });

  it('uses a half-hour-offset zone’s wall clock and defines that zone', () => {
    const parsed = parse(
      buildIcs({ ...event, timezone: 'Asia/Kolkata' }, { uid: 'x', sequence: 0, now: NOW }),
    );
    expect(parsed.tzid).toBe('Asia/Kolkata');
    expect(parsed.wallStart).toBe('2025-06-02T22:30:00');
    expect(parsed.at('dtstart').toISOString()).toBe('2025-06-02T17:00:00.000Z');
  });

  it('keeps the UID across a reschedule and carries the appointment’s sequence', () => {
    const uid = calendarUid('0b8c7a52-1f1e-4c1a-9d55-1d2f3a4b5c6d', 'portal.example.com');
    const booked = parse(buildIcs(event, { uid, sequence: 0, now: NOW }));
    const moved = parse(
      buildIcs(
        {
          ...event,
          start: new Date('2025-06-03T18:00:00Z'),
          end: new Date('2025-06-03T18:30:00Z'),
        },
        { uid, sequence: 1, now: NOW },
      ),
    );
    expect(booked.uid).toBe(uid);
    expect(moved.uid).toBe(uid);
    expect([booked.sequence, moved.sequence]).toEqual([0, 1]);
    expect(moved.at('dtstart').toISOString()).toBe('2025-06-03T18:00:00.000Z');
  });
});
