import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followUps, reschedules } from '../../db/schema/appointments';
import { subscriptions } from '../../db/schema/customers';
import { auditLog } from '../../db/schema/platform';
import { consents, notificationPreferences } from '../../db/schema/preferences';
import {
  APPOINTMENTS,
  SCHEDULE,
  callerFor,
  codeOf,
  createPatient,
  createScheduledProvider,
  createTreatment,
  insertAppointment,
  reasonOf,
} from '../../../test/appointment-fixtures';
import { graphql, startTestServer, type TestServer } from '../../../test/harness';

// The token decides whose data (DESIGN §4): a second customer can neither see, book into,
// reschedule nor read the follow-ups and reschedules of the first one's appointments.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  server.clock.set('2026-11-10T17:00:00Z');
});
afterAll(async () => {
  await server.close();
});

async function twoCustomers() {
  const db = server.database.db;
  const treatment = await createTreatment(db);
  const provider = await createScheduledProvider(db, { treatmentIds: [treatment.id] });
  const alice = await createPatient(db, treatment.id);
  const bob = await createPatient(db, treatment.id);
  const past = await insertAppointment(db, {
    customerId: alice.customer.id,
    providerId: provider.id,
    treatmentId: treatment.id,
    start: new Date('2026-10-01T17:00:00Z'),
    status: 'completed',
  });
  const [followUp] = await db
    .insert(followUps)
    .values({ customerId: alice.customer.id, appointmentId: past.id, treatmentId: treatment.id })
    .returning();
  const [reschedule] = await db
    .insert(reschedules)
    .values({ customerId: alice.customer.id, appointmentId: past.id })
    .returning();
  if (!followUp || !reschedule) throw new Error('fixtures not created');
  return {
    treatment,
    provider,
    alice,
    bob,
    past,
    followUp,
    reschedule,
    asAlice: callerFor(server, alice),
    asBob: callerFor(server, bob),
  };
}

const FOLLOW_UPS = `query ($appointmentId: ID!, $id: ID!, $rescheduleId: ID!) {
  followUpByAppointmentId(appointmentId: $appointmentId) { id customer_id treatment { shortId } }
  followUp(id: $id) { id customer_id treatment { id } }
  reschedule(id: $rescheduleId) { id customer_id status }
}`;
const UPDATE_RESCHEDULE = `mutation ($id: ID!) { updateRescheduleById(id: $id, status: "SCHEDULED") { statusCode name data { id status } } }`;
const CONSENT = `query ($customerId: ID) { customerConsentAndPreferences(customerId: $customerId) {
  consents { customer_id type status } notification_preferences { type channel status } } }`;
const UPSERT_CONSENT = `mutation ($customerId: ID!, $tosStatus: String!, $marketingContentStatus: String!) {
  upsertTosConsentAndMarketingPreference(customerId: $customerId, tosStatus: $tosStatus, marketingContentStatus: $marketingContentStatus) {
    statusCode name message data { affected_rows } } }`;

describe('appointments, follow-ups and reschedules are the owner’s only', () => {
  it('lists only the viewer’s appointments', async () => {
    const { asAlice, asBob, past } = await twoCustomers();
    const mine = await asAlice<{ appointmentsByCustomer: { previous: { id: string }[] } }>(
      APPOINTMENTS,
    );
    expect(mine.data?.appointmentsByCustomer.previous.map((a) => a.id)).toEqual([past.id]);
    const theirs = await asBob<{ appointmentsByCustomer: Record<string, unknown[]> }>(APPOINTMENTS);
    expect(theirs.data?.appointmentsByCustomer).toEqual({ upcoming: [], previous: [], async: [] });
  });

  it('follow-ups and reschedules read as not found (null) for another customer', async () => {
    const { asAlice, asBob, past, followUp, reschedule, treatment, alice } = await twoCustomers();
    const variables = { appointmentId: past.id, id: followUp.id, rescheduleId: reschedule.id };
    const own = await asAlice(FOLLOW_UPS, variables);
    expect(own.data).toEqual({
      followUpByAppointmentId: {
        id: followUp.id,
        customer_id: alice.customer.id,
        treatment: { shortId: treatment.shortId },
      },
      followUp: {
        id: followUp.id,
        customer_id: alice.customer.id,
        treatment: { id: treatment.id },
      },
      reschedule: { id: reschedule.id, customer_id: alice.customer.id, status: 'PENDING' },
    });
    const other = await asBob(FOLLOW_UPS, variables);
    expect(other.errors).toBeUndefined();
    expect(other.data).toEqual({ followUpByAppointmentId: null, followUp: null, reschedule: null });
  });

  it('only the owner marks a reschedule SCHEDULED', async () => {
    const { asAlice, asBob, reschedule } = await twoCustomers();
    const denied = await asBob(UPDATE_RESCHEDULE, { id: reschedule.id });
    expect(codeOf(denied)).toBe('A100');
    expect(reasonOf(denied)).toBe('notFound');
    const [unchanged] = await server.database.db
      .select()
      .from(reschedules)
      .where(eq(reschedules.id, reschedule.id));
    expect(unchanged?.status).toBe('PENDING');
    const done = await asAlice(UPDATE_RESCHEDULE, { id: reschedule.id });
    expect(done.data).toEqual({
      updateRescheduleById: {
        statusCode: 200,
        name: 'RescheduleUpdated',
        data: { id: reschedule.id, status: 'SCHEDULED' },
      },
    });
  });

  it('another customer cannot book with the first one’s follow-up or subscription', async () => {
    const { asBob, provider, treatment, followUp, alice } = await twoCustomers();
    const [aliceSubscription] = await server.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.customerId, alice.customer.id));
    const start = new Date('2026-11-12T17:00:00Z');
    const base = {
      providerId: provider.id,
      treatmentShortId: treatment.shortId,
      start: start.toISOString(),
      end: new Date(start.getTime() + 30 * 60_000).toISOString(),
    };
    const withFollowUp = await asBob(SCHEDULE, { ...base, followUpId: followUp.id });
    expect(codeOf(withFollowUp)).toBe('A102');
    expect(reasonOf(withFollowUp)).toBe('notFound');
    const withSubscription = await asBob(SCHEDULE, {
      ...base,
      subscriptionId: aliceSubscription?.id,
    });
    expect(reasonOf(withSubscription)).toBe('notFound');
  });

  it('answers invalid-jwt without a token', async () => {
    const result = await graphql(server, APPOINTMENTS);
    expect(codeOf(result)).toBe('invalid-jwt');
  });

  it('audits appointment reads', async () => {
    const { asAlice, alice } = await twoCustomers();
    await asAlice(APPOINTMENTS);
    await server.flushAudit();
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, alice.customer.id));
    expect(rows.map((r) => [r.action, r.entity])).toContainEqual(['read', 'appointment']);
  });
});

describe('TOS consent and marketing preference (spec 01 §7)', () => {
  it('upserts both for the viewer and reports affected_rows', async () => {
    const { asAlice, alice } = await twoCustomers();
    const variables = {
      customerId: alice.customer.id,
      tosStatus: 'accepted',
      marketingContentStatus: 'subscribed',
    };
    const first = await asAlice(UPSERT_CONSENT, variables);
    expect(first.data).toEqual({
      upsertTosConsentAndMarketingPreference: {
        statusCode: 200,
        name: 'ConsentSaved',
        message: 'Consent saved.',
        data: { affected_rows: 2 },
      },
    });
    await asAlice(UPSERT_CONSENT, { ...variables, marketingContentStatus: 'unsubscribed' });
    const read = await asAlice(CONSENT, {});
    expect(read.data).toEqual({
      customerConsentAndPreferences: {
        consents: [{ customer_id: alice.customer.id, type: 'TOS', status: 'accepted' }],
        notification_preferences: [{ type: 'Marketing', channel: 'email', status: 'unsubscribed' }],
      },
    });
  });

  it('refuses terms that are not accepted with A103 and changes nothing', async () => {
    const { asAlice, alice } = await twoCustomers();
    const result = await asAlice(UPSERT_CONSENT, {
      customerId: alice.customer.id,
      tosStatus: 'maybe',
      marketingContentStatus: 'subscribed',
    });
    expect(codeOf(result)).toBe('A103');
    const rows = await server.database.db
      .select()
      .from(consents)
      .where(eq(consents.customerId, alice.customer.id));
    expect(rows).toEqual([]);
  });

  it('another customer’s customerId is FORBIDDEN, for reads and writes', async () => {
    const { asBob, alice } = await twoCustomers();
    const write = await asBob(UPSERT_CONSENT, {
      customerId: alice.customer.id,
      tosStatus: 'accepted',
      marketingContentStatus: 'subscribed',
    });
    expect(codeOf(write)).toBe('FORBIDDEN');
    const read = await asBob(CONSENT, { customerId: alice.customer.id });
    expect(codeOf(read)).toBe('FORBIDDEN');
    const rows = await server.database.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.customerId, alice.customer.id));
    expect(rows).toEqual([]);
  });
});
