import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import {
  RESCHEDULE,
  SCHEDULE,
  TUESDAY,
  callerFor,
  codeOf,
  createPatient,
  createScheduledProvider,
  type TestTreatment,
  useAppointmentServer,
  plusMinutes,
} from '../../../test/appointment-fixtures';
import type { TestServer } from '../../../test/harness';

// Issue 43: the booking, reschedule and cancellation mails carry the visit's calendar file
// (same UID, growing SEQUENCE, REQUEST then CANCEL); "Add to Calendar" serves the last one; the
// dev outbox lists and serves the attachment.

const STAFF_KEY = 'calendar-mail-api-key-0123456789';
let server: TestServer;
let treatment: TestTreatment;
useAppointmentServer({ STAFF_API_KEY: STAFF_KEY }, (opened) => ({ server, treatment } = opened));

const CALENDAR_FILE = `query GetAppointmentCalendarFile($appointmentId: ID!) {
  appointmentCalendarFile(appointmentId: $appointmentId) { filename method content } }`;
const SET_ZONE = `mutation SetDisplayTimeZone($timeZone: String!) {
  setDisplayTimeZone(timeZone: $timeZone) { data { timeZone } name } }`;

type CalendarFile = {
  appointmentCalendarFile: { filename: string; method: string; content: string } | null;
};

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const vevent = calendar.getFirstSubcomponent('vevent');
  return {
    method: calendar.getFirstPropertyValue('method'),
    zones: calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid')),
    uid: vevent?.getFirstPropertyValue('uid'),
    sequence: vevent?.getFirstPropertyValue('sequence'),
    status: vevent?.getFirstPropertyValue('status'),
    tzid: vevent?.getFirstProperty('dtstart')?.getParameter('tzid'),
  };
}

async function mailsTo(email: string) {
  const mails = (await server.outbox?.list(200)) ?? [];
  return mails.filter((m) => m.to === email);
}

/** The newest mail to the address, with its calendar attachment's text as the outbox serves it. */
async function lastMail(email: string) {
  const [mail] = await mailsTo(email);
  if (!mail) throw new Error(`no mail to ${email}`);
  const file = mail.attachments[0];
  if (!file) throw new Error('the mail has no attachment');
  const response = await fetch(`${server.url}/dev/mailbox/${mail.id}/attachments/${file.index}`);
  return { mail, file, response, ics: await response.text() };
}

async function cancelAsStaff(customerId: string, appointmentId: string) {
  return fetch(`${server.url}/staff/customers/${customerId}/appointments/${appointmentId}/cancel`, {
    method: 'POST',
    headers: { authorization: `Bearer ${STAFF_KEY}` },
  });
}

async function setup() {
  const db = server.database.db;
  server.clock.set(TUESDAY);
  const provider = await createScheduledProvider(db, { treatmentIds: [treatment.id] });
  const alice = await createPatient(db, treatment.id);
  const bob = await createPatient(db, treatment.id);
  await db
    .update(customers)
    .set({ timeZone: 'America/New_York' })
    .where(eq(customers.id, alice.customer.id));
  return { provider, alice, asAlice: callerFor(server, alice), asBob: callerFor(server, bob) };
}

function slot(providerId: string, start: Date) {
  return {
    providerId,
    start: start.toISOString(),
    end: plusMinutes(start, 30).toISOString(),
  };
}

describe('appointment mails with a calendar file (issue 43)', () => {
  it('books, moves and cancels: one UID, SEQUENCE 0 → 1 → 2, REQUEST then CANCEL', async () => {
    const { provider, alice, asAlice } = await setup();
    const email = alice.user.email;
    const booked = await asAlice<{ scheduleAdhocAppointmentV2: { data: { id: string } } }>(
      SCHEDULE,
      {
        ...slot(provider.id, new Date('2026-11-12T20:00:00Z')),
        treatmentShortId: treatment.shortId,
        origin: 'portal',
      },
    );
    expect(booked.errors).toBeUndefined();
    const id = booked.data?.scheduleAdhocAppointmentV2.data.id ?? '';
    const uid = `${id}@portal.test`;

    const first = await lastMail(email);
    expect(first.mail.subject).toBe('Your visit is booked');
    // Thursday, November 12 at 20:00 UTC is 3:00 PM in New York (EST).
    expect(first.mail.text).toContain('Thursday, November 12 at 3:00 PM Eastern Time (EST)');
    expect(first.file).toMatchObject({
      filename: 'appointment.ics',
      contentType: 'text/calendar; charset=utf-8; method=REQUEST',
    });
    expect(first.response.headers.get('content-type')).toBe(
      'text/calendar; charset=utf-8; method=REQUEST',
    );
    expect(parse(first.ics)).toMatchObject({
      method: 'REQUEST',
      uid,
      sequence: 0,
      status: 'CONFIRMED',
      tzid: 'America/New_York',
      zones: ['America/New_York'],
    });

    const moved = await asAlice(RESCHEDULE, {
      appointmentId: id,
      ...slot(provider.id, new Date('2026-11-13T21:00:00Z')),
    });
    expect(moved.errors).toBeUndefined();
    const second = await lastMail(email);
    expect(second.mail.subject).toBe('Your visit was moved');
    expect(second.mail.text).toContain('Friday, November 13 at 4:00 PM Eastern Time (EST)');
    expect(parse(second.ics)).toMatchObject({ method: 'REQUEST', uid, sequence: 1 });

    // "Add to Calendar" gives the last mail's file, byte for byte.
    const served = await asAlice<CalendarFile>(CALENDAR_FILE, { appointmentId: id });
    expect(served.data?.appointmentCalendarFile?.content).toBe(second.ics);

    const cancelled = await cancelAsStaff(alice.customer.id, id);
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ id, status: 'cancelled', sequence: 2 });
    const third = await lastMail(email);
    expect(third.mail.subject).toBe('Your visit was cancelled');
    expect(third.file.contentType).toBe('text/calendar; charset=utf-8; method=CANCEL');
    expect(parse(third.ics)).toMatchObject({
      method: 'CANCEL',
      uid,
      sequence: 2,
      status: 'CANCELLED',
    });
    const afterCancel = await asAlice<CalendarFile>(CALENDAR_FILE, { appointmentId: id });
    expect(afterCancel.data?.appointmentCalendarFile).toMatchObject({
      method: 'CANCEL',
      content: third.ics,
    });
    expect(await mailsTo(email)).toHaveLength(3);

    // A second cancellation finds no scheduled visit and sends nothing.
    expect((await cancelAsStaff(alice.customer.id, id)).status).toBe(404);
    expect(await mailsTo(email)).toHaveLength(3);
  });

  it("another customer cannot fetch the file or cancel through another customer's path", async () => {
    const { provider, alice, asAlice, asBob } = await setup();
    const booked = await asAlice<{ scheduleAdhocAppointmentV2: { data: { id: string } } }>(
      SCHEDULE,
      {
        ...slot(provider.id, new Date('2026-11-12T22:00:00Z')),
        treatmentShortId: treatment.shortId,
      },
    );
    const id = booked.data?.scheduleAdhocAppointmentV2.data.id ?? '';
    expect(id).not.toBe('');
    const mine = await asAlice<CalendarFile>(CALENDAR_FILE, { appointmentId: id });
    expect(mine.data?.appointmentCalendarFile?.method).toBe('REQUEST');
    const theirs = await asBob<CalendarFile>(CALENDAR_FILE, { appointmentId: id });
    expect(theirs.errors).toBeUndefined();
    expect(theirs.data?.appointmentCalendarFile).toBeNull();
    const bogus = await asBob<CalendarFile>(CALENDAR_FILE, { appointmentId: 'not-an-id' });
    expect(bogus.data?.appointmentCalendarFile).toBeNull();
    // The staff path names the customer: another customer's id finds nothing to cancel.
    const other = await setup();
    expect((await cancelAsStaff(other.alice.customer.id, id)).status).toBe(404);
    expect((await lastMail(alice.user.email)).mail.subject).toBe('Your visit is booked');
  });

  it('the dev outbox page lists each attachment by name and type with a link that serves it', async () => {
    const { provider, alice, asAlice } = await setup();
    await asAlice(SCHEDULE, {
      ...slot(provider.id, new Date('2026-11-12T23:00:00Z')),
      treatmentShortId: treatment.shortId,
    });
    const { mail, ics } = await lastMail(alice.user.email);
    const page = await (await fetch(`${server.url}/dev/mailbox`)).text();
    const link = `/dev/mailbox/${mail.id}/attachments/0`;
    expect(page).toContain(`<a href="${link}">appointment.ics</a>`);
    expect(page).toContain('text/calendar; charset=utf-8; method=REQUEST');
    const served = await fetch(`${server.url}${link}`);
    expect(served.headers.get('content-disposition')).toBe(
      'attachment; filename="appointment.ics"',
    );
    expect(await served.text()).toBe(ics);
    // The stored files stay out of the listed headers.
    expect(Object.keys(mail.headers)).not.toContain('X-Outbox-Attachments');
    expect((await fetch(`${server.url}/dev/mailbox/${mail.id}/attachments/1`)).status).toBe(404);
    expect((await fetch(`${server.url}/dev/mailbox/nope/attachments/0`)).status).toBe(404);
  });

  it('saves the chosen zone from the offered list; anything else is A100 and changes nothing', async () => {
    const { alice, asAlice } = await setup();
    const saved = await asAlice<{ setDisplayTimeZone: { data: { timeZone: string } } }>(SET_ZONE, {
      timeZone: 'America/Chicago',
    });
    expect(saved.data?.setDisplayTimeZone.data.timeZone).toBe('America/Chicago');
    const refused = await asAlice(SET_ZONE, { timeZone: 'Europe/Berlin' });
    expect(codeOf(refused)).toBe('A100');
    const [row] = await server.database.db
      .select({ timeZone: customers.timeZone })
      .from(customers)
      .where(eq(customers.id, alice.customer.id));
    expect(row?.timeZone).toBe('America/Chicago');
  });
});
