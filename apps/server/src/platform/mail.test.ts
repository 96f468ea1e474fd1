import MailComposer from 'nodemailer/lib/mail-composer';
import { describe, expect, it } from 'vitest';
import { calendarContentType, nodemailerMessage, type MailMessage } from './mail';

// Issue 43 (RFC 6047): over SMTP a calendar mail carries a text/calendar part whose `method`
// parameter matches the file's METHOD, which Gmail and Outlook read before they update or
// remove an event, and the same file as an attachment.

const ICS = 'BEGIN:VCALENDAR\r\nMETHOD:CANCEL\r\nEND:VCALENDAR\r\n';

async function compose(message: MailMessage): Promise<string> {
  const built = await new MailComposer(nodemailerMessage('Portal <no-reply@portal.test>', message))
    .compile()
    .build();
  return built.toString('utf8');
}

describe('calendar mail over SMTP (nodemailer icalEvent)', () => {
  it('sends a text/calendar part with method=CANCEL and the file attached', async () => {
    const raw = await compose({
      to: 'pat@example.com',
      subject: 'Your visit was cancelled',
      text: 'Cancelled.',
      html: '<p>Cancelled.</p>',
      category: 'Transactional',
      calendar: { method: 'CANCEL', filename: 'appointment.ics', content: ICS },
    });
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/i);
    expect(raw).toMatch(/Content-Type: application\/ics; name=appointment\.ics/i);
    expect(raw).toContain('METHOD:CANCEL');
    // The category is the gate's business, never a header.
    expect(raw).not.toMatch(/category/i);
  });

  it('sends no calendar part without a calendar', async () => {
    const raw = await compose({
      to: 'pat@example.com',
      subject: 'Hi',
      text: 'Hi',
      html: '<p>Hi</p>',
    });
    expect(raw).not.toMatch(/text\/calendar/i);
  });

  it('names the outbox type as SMTP sends it', () => {
    expect(calendarContentType('REQUEST')).toBe('text/calendar; charset=utf-8; method=REQUEST');
  });
});
