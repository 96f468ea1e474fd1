import { describe, expect, it } from 'vitest';
import {
  buildIcs,
  escapeIcsText,
  foldIcsLine,
  googleCalendarUrl,
  outlookCalendarUrl,
  type CalendarEvent,
} from './calendar';

const event: CalendarEvent = {
  name: 'Weight management visit, Dr. Ruiz',
  description: 'Video visit; join from the link',
  url: 'https://visit.example.com/ruiz',
  // 10:00–10:30 in Los Angeles on a PDT day.
  start: new Date('2025-06-02T17:00:00Z'),
  end: new Date('2025-06-02T17:30:00Z'),
  timezone: 'America/Los_Angeles',
};

describe('calendar event (spec 01 §3, §7: Google, Outlook, .ics for Apple)', () => {
  it('writes DTSTART/DTEND on the customer’s wall clock with TZID, CRLF line ends', () => {
    const ics = buildIcs(event, 'a1@portal', new Date('2025-06-01T00:00:00Z'));
    expect(ics).toContain('DTSTART;TZID=America/Los_Angeles:20250602T100000\r\n');
    expect(ics).toContain('DTEND;TZID=America/Los_Angeles:20250602T103000\r\n');
    expect(ics).toContain('DTSTAMP:20250601T000000Z');
    expect(ics).toContain('SUMMARY:Weight management visit\\, Dr. Ruiz');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('uses the half-hour-offset zone’s wall clock', () => {
    const ics = buildIcs(
      { ...event, timezone: 'Asia/Kolkata' },
      'x',
      new Date('2025-06-01T00:00:00Z'),
    );
    expect(ics).toContain('DTSTART;TZID=Asia/Kolkata:20250602T223000');
  });

  it('escapes TEXT and folds lines at 75 octets', () => {
    expect(escapeIcsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = foldIcsLine(`DESCRIPTION:${'x'.repeat(200)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBe(3);
    expect(lines.every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    expect(lines.slice(1).every((line) => line.startsWith(' '))).toBe(true);
    expect(lines.map((line, i) => (i ? line.slice(1) : line)).join('')).toBe(
      `DESCRIPTION:${'x'.repeat(200)}`,
    );
  });

  it('builds Google and Outlook links in UTC', () => {
    expect(googleCalendarUrl(event)).toContain('dates=20250602T170000Z%2F20250602T173000Z');
    expect(outlookCalendarUrl(event)).toContain('startdt=2025-06-02T17%3A00%3A00.000Z');
  });
});
