import { describe, expect, it } from 'vitest';
import { formatVisitStart, visitMail, visitWhat } from './calendar-mail-texts';

// Issue 43: the mails name the visit's time in the customer's zone, as the dialog and the card
// do ("9:00 AM PST"), with the zone's everyday name.

const WINTER = new Date('2026-03-03T17:00:00Z'); // Tuesday, 9:00 AM in Los Angeles (PST)
const SUMMER = new Date('2026-03-10T16:00:00Z'); // after the spring change: 9:00 AM PDT

describe('visit times in mails', () => {
  it('names the day, the clock and the zone, standard or daylight by the date', () => {
    expect(formatVisitStart(WINTER, 'America/Los_Angeles', 'en')).toBe(
      'Tuesday, March 3 at 9:00 AM Pacific Time (PST)',
    );
    expect(formatVisitStart(SUMMER, 'America/Los_Angeles', 'en')).toBe(
      'Tuesday, March 10 at 9:00 AM Pacific Time (PDT)',
    );
    expect(formatVisitStart(WINTER, 'America/New_York', 'en')).toBe(
      'Tuesday, March 3 at 12:00 PM Eastern Time (EST)',
    );
  });

  it('reads a half-hour zone by its offset and a name the browser gives', () => {
    expect(formatVisitStart(WINTER, 'Asia/Kolkata', 'en')).toBe(
      'Tuesday, March 3 at 10:30 PM India Standard Time (GMT+5:30)',
    );
  });

  it('speaks Spanish', () => {
    expect(formatVisitStart(WINTER, 'America/Los_Angeles', 'es')).toBe(
      'martes, 3 de marzo a las 9:00 AM Hora del Pacífico (PST)',
    );
    const mail = visitMail({
      change: 'cancelled',
      locale: 'es',
      to: 'pat@example.com',
      firstName: 'Pat',
      what: visitWhat('es', 'Control de peso', 'Dra. Ruiz'),
      start: WINTER,
      timeZone: 'America/Los_Angeles',
      joinUrl: 'https://visit.example.com/ruiz',
      appointmentsUrl: 'https://portal.example.com/appointments',
    });
    expect(mail.subject).toBe('Su consulta fue cancelada');
    expect(mail.text).toContain(
      'Hola Pat: su consulta por video de Control de peso con Dra. Ruiz del martes, 3 de marzo a las 9:00 AM Hora del Pacífico (PST) fue cancelada.',
    );
    // A cancelled visit has no link to join.
    expect(mail.text).not.toContain('visit.example.com');
    expect(mail.html).toContain('<html lang="es">');
  });

  it('a booking mail carries the join link and is transactional', () => {
    const mail = visitMail({
      change: 'booked',
      locale: 'en',
      to: 'pat@example.com',
      firstName: 'Pat',
      what: visitWhat('en', 'Weight Management', 'Dr. Ruiz'),
      start: WINTER,
      timeZone: 'America/Los_Angeles',
      joinUrl: 'https://visit.example.com/ruiz',
      appointmentsUrl: 'https://portal.example.com/appointments',
    });
    expect(mail.category).toBe('Transactional');
    expect(mail.text).toContain(
      'Hi Pat, your Weight Management video visit with Dr. Ruiz is booked for Tuesday, March 3 at 9:00 AM Pacific Time (PST).',
    );
    expect(mail.text).toContain('https://visit.example.com/ruiz');
  });
});
