import { describe, expect, it } from 'vitest';
import { calendarUid, googleCalendarUrl, outlookCalendarUrl, type CalendarEvent } from './calendar';

const event: CalendarEvent = {
  name: 'Weight management visit, Dr. Ruiz',
  description: 'Video visit; join from the link',
  url: 'https://visit.example.com/ruiz',
  start: new Date('2025-06-02T17:00:00Z'),
  end: new Date('2025-06-02T17:30:00Z'),
  timezone: 'America/Los_Angeles',
};

describe('calendar links (spec 01 §3, §7: Google, Outlook)', () => {
  it('builds Google and Outlook links in UTC', () => {
    expect(googleCalendarUrl(event)).toContain('dates=20250602T170000Z%2F20250602T173000Z');
    expect(outlookCalendarUrl(event)).toContain('startdt=2025-06-02T17%3A00%3A00.000Z');
  });

  it('names an appointment by its id and the host, whatever its time', () => {
    expect(calendarUid('a1', 'portal.example.com')).toBe('a1@portal.example.com');
  });
});
