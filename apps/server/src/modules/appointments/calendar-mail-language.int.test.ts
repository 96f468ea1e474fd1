import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { users } from '../../db/schema/identity';
import {
  SCHEDULE,
  TUESDAY,
  callerFor,
  createPatient,
  createScheduledProvider,
  type TestTreatment,
  useAppointmentServer,
  plusMinutes,
} from '../../../test/appointment-fixtures';
import type { TestServer } from '../../../test/harness';

// Issue 43: the visit mails and their calendar files speak the patient's language (the one
// their other mails use: identity's users.locale), and a visit the care team books sends the
// same booking mail as the patient's own.

const STAFF_KEY = 'calendar-language-api-key-0123456789';
let server: TestServer;
let treatment: TestTreatment;
useAppointmentServer({ STAFF_API_KEY: STAFF_KEY }, (opened) => ({ server, treatment } = opened));

function event(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const vevent = calendar.getFirstSubcomponent('vevent');
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: vevent?.getFirstPropertyValue('uid'),
    sequence: vevent?.getFirstPropertyValue('sequence'),
    summary: vevent?.getFirstPropertyValue('summary'),
    description: vevent?.getFirstPropertyValue('description'),
    tzid: vevent?.getFirstProperty('dtstart')?.getParameter('tzid'),
  };
}

async function mailsTo(email: string) {
  const mails = (await server.outbox?.list(200)) ?? [];
  return mails.filter((m) => m.to === email);
}

async function lastMail(email: string) {
  const [mail] = await mailsTo(email);
  if (!mail) throw new Error(`no mail to ${email}`);
  const file = mail.attachments[0];
  if (!file) throw new Error('the mail has no attachment');
  const response = await fetch(`${server.url}/dev/mailbox/${mail.id}/attachments/${file.index}`);
  return { mail, file, ics: await response.text() };
}

async function setup(locale: 'en' | 'es') {
  const db = server.database.db;
  server.clock.set(TUESDAY);
  const provider = await createScheduledProvider(db, {
    treatmentIds: [treatment.id],
    displayName: 'Dr. Ruiz',
  });
  const patient = await createPatient(db, treatment.id);
  await db.update(users).set({ locale }).where(eq(users.id, patient.user.id));
  await db
    .update(customers)
    .set({ timeZone: 'America/Chicago' })
    .where(eq(customers.id, patient.customer.id));
  return { provider, patient, call: callerFor(server, patient) };
}

function slot(providerId: string, start: Date) {
  return { providerId, start: start.toISOString(), end: plusMinutes(start, 30).toISOString() };
}

describe('visit mails in the patient’s language (issue 43)', () => {
  it('a Spanish-speaking patient gets the booking mail and its calendar file in Spanish', async () => {
    const { provider, patient, call } = await setup('es');
    const booked = await call(SCHEDULE, {
      ...slot(provider.id, new Date('2026-11-12T20:00:00Z')),
      treatmentShortId: treatment.shortId,
      origin: 'portal',
    });
    expect(booked.errors).toBeUndefined();
    const { mail, ics } = await lastMail(patient.user.email);
    expect(mail.subject).toBe('Su consulta está reservada');
    // 20:00 UTC is 2:00 PM in Chicago (CST), named in Spanish.
    expect(mail.text).toContain('jueves, 12 de noviembre a las 2:00 PM Hora del Centro (CST)');
    expect(mail.text).toContain(`consulta por video de ${treatment.displayName} con Dr. Ruiz`);
    expect(mail.html).toContain('<html lang="es">');
    expect(event(ics)).toMatchObject({
      method: 'REQUEST',
      summary: `Consulta de ${treatment.displayName}`,
      description: expect.stringMatching(/^Consulta por video con Dr\. Ruiz\n/) as unknown,
      tzid: 'America/Chicago',
    });
  });

  it('an English-speaking patient still gets English', async () => {
    const { provider, patient, call } = await setup('en');
    await call(SCHEDULE, {
      ...slot(provider.id, new Date('2026-11-12T21:00:00Z')),
      treatmentShortId: treatment.shortId,
    });
    const { mail, ics } = await lastMail(patient.user.email);
    expect(mail.subject).toBe('Your visit is booked');
    expect(event(ics)).toMatchObject({
      summary: `${treatment.displayName} visit`,
      description: expect.stringMatching(/^Video visit with Dr\. Ruiz\n/) as unknown,
    });
  });
});

describe('a visit the care team books (issue 43)', () => {
  async function bookAsStaff(customerId: string, body: Record<string, unknown>) {
    return fetch(`${server.url}/staff/customers/${customerId}/appointments`, {
      method: 'POST',
      headers: { authorization: `Bearer ${STAFF_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  it('sends the booking mail with its calendar file, in the patient’s language', async () => {
    const { provider, patient } = await setup('es');
    const start = new Date('2026-11-13T18:00:00Z');
    const response = await bookAsStaff(patient.customer.id, {
      ...slot(provider.id, start),
      treatmentShortId: treatment.shortId,
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    const mails = await mailsTo(patient.user.email);
    expect(mails).toHaveLength(1);
    const { mail, file, ics } = await lastMail(patient.user.email);
    expect(mail.subject).toBe('Su consulta está reservada');
    expect(mail.text).toContain('viernes, 13 de noviembre a las 12:00 PM Hora del Centro (CST)');
    expect(file.contentType).toBe('text/calendar; charset=utf-8; method=REQUEST');
    expect(event(ics)).toMatchObject({ method: 'REQUEST', uid: `${id}@portal.test`, sequence: 0 });
  });

  it('an async or past visit the care team records sends nothing', async () => {
    const { provider, patient } = await setup('en');
    const asynchronous = await bookAsStaff(patient.customer.id, {
      ...slot(provider.id, new Date('2026-11-13T20:00:00Z')),
      treatmentShortId: treatment.shortId,
      isAsync: true,
    });
    expect(asynchronous.status).toBe(201);
    const past = await bookAsStaff(patient.customer.id, {
      ...slot(provider.id, new Date('2026-11-02T20:00:00Z')),
      treatmentShortId: treatment.shortId,
    });
    expect(past.status).toBe(201);
    expect(await mailsTo(patient.user.email)).toHaveLength(0);
  });

  it('a refused booking sends nothing', async () => {
    const { patient } = await setup('en');
    const response = await bookAsStaff(patient.customer.id, {
      ...slot(crypto.randomUUID(), new Date('2026-11-13T19:00:00Z')),
      treatmentShortId: treatment.shortId,
    });
    expect(response.status).toBe(400);
    expect(await mailsTo(patient.user.email)).toHaveLength(0);
  });
});
