import { walkItems, isQuestion, type Questionnaire } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkOrders } from '../../db/schema/bulk';
import { customerActions } from '../../db/schema/customer-actions';
import { subscriptions } from '../../db/schema/customers';
import { formDefinitions, formResponses } from '../../db/schema/forms';
import { providerMessages } from '../../db/schema/messages';
import { customerNotifications } from '../../db/schema/notifications';
import { auditLog } from '../../db/schema/platform';
import { createTreatment } from '../../../test/appointment-fixtures';
import { createCustomer } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import {
  createStaffUser,
  customerTokenFor,
  staffCall,
  staffTokenFor,
} from '../../../test/messaging-helpers';
import { seedQueueItems } from '../../../test/queue-fixtures';

/*
 * The care console's patient page, round two (issue 41): the overview's invoices, charges,
 * forms and plan names; the bulk order decline (and the approval's audit); the message
 * templates and a message sent from one; the invoice PDF link. Runs on PostgreSQL too
 * (PORTAL_TEST_DB=postgres).
 */

let server: TestServer;
let alice: { id: string; email: string; token: string };
let bob: { id: string; email: string; token: string };
let customerToken: string;
let patient: string;
let other: string;
let treatmentName: string;
/** The patient's failed renewal: a declined charge and its payment-due invoice. */
let renewalChargeId: string;
/** The patient's succeeded charge (refundable). */
let paidChargeId: string;
let otherChargeId: string;
let formResponseId: string;
let firstQuestion: string;

interface Overview {
  plans: { name: string | null; treatmentId: string | null }[];
  invoices: {
    id: string;
    number: string;
    issuedAt: string;
    amount: number;
    status: string;
    chargeId: string;
  }[];
  charges: {
    id: string;
    createdAt: string;
    amount: number;
    purpose: string;
    status: string;
    amountRefunded: number;
  }[];
  forms: {
    id: string;
    formName: string;
    submittedAt: string;
    status: string;
    answers: { question: string; answer: string }[];
  }[];
}

async function staffMember(role: 'care' | 'admin' = 'care') {
  const user = await createStaffUser(server.database.db, { role });
  return { id: user.id, email: user.email, token: await staffTokenFor(server, user.email) };
}

const call = <T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  route: string,
  token: string | undefined,
  body?: unknown,
) => staffCall<T>(server, method, route, token, body);

async function newOrder(customerId: string): Promise<string> {
  const now = server.clock.now();
  const [id] = await seedQueueItems(server.database.db, 'bulk_order', 1, {
    customerIds: [customerId],
    oldest: now,
    now,
  });
  return id ?? '';
}

async function orderRow(id: string) {
  const [row] = await server.database.db.select().from(bulkOrders).where(eq(bulkOrders.id, id));
  return row;
}

beforeAll(async () => {
  server = await startTestServer({ STAFF_API_KEY: 'patient-actions-api-key-0123456789' });
  const db = server.database.db;
  alice = await staffMember();
  bob = await staffMember();
  const a = await createCustomer(db, { firstName: 'Odile', lastName: 'Pennywhistle' });
  const b = await createCustomer(db, { firstName: 'Cosmo', lastName: 'Bramble' });
  patient = a.customer.id;
  other = b.customer.id;
  customerToken = await customerTokenFor(server, a.user.email);
  const treatment = await createTreatment(db);
  treatmentName = treatment.displayName;
  await db
    .update(subscriptions)
    .set({ treatmentId: treatment.id })
    .where(eq(subscriptions.customerId, patient));
  const now = server.clock.now();
  const seed = (customerIds: string[]) => ({ customerIds, oldest: now, now });
  [renewalChargeId = ''] = await seedQueueItems(db, 'renewal_failed', 1, seed([patient]));
  [paidChargeId = ''] = await seedQueueItems(db, 'attention', 1, seed([patient]));
  [otherChargeId = ''] = await seedQueueItems(db, 'attention', 1, seed([other]));
  await seedQueueItems(db, 'renewal_failed', 1, seed([other]));
  // A submitted side-effect check-in answering its first question.
  const [definition] = await db
    .select()
    .from(formDefinitions)
    .where(eq(formDefinitions.shortId, 'side-effect-check-in'));
  if (!definition) throw new Error('the check-in form is not seeded');
  const question = walkItems((definition.questionnaire as Questionnaire).item).find(({ item }) =>
    isQuestion(item),
  )?.item;
  if (!question) throw new Error('the check-in has no question');
  firstQuestion = question.text ?? question.linkId;
  const [response] = await db
    .insert(formResponses)
    .values({
      customerId: patient,
      definitionId: definition.id,
      shortId: 'side-effect-check-in',
      status: 'completed',
      response: {
        resourceType: 'QuestionnaireResponse',
        status: 'completed',
        item: [{ linkId: question.linkId, answer: [{ valueString: 'Mild nausea after dinner' }] }],
      },
      completedAt: now,
    })
    .returning();
  formResponseId = response?.id ?? '';
  // An in-progress one is not listed.
  await db.insert(formResponses).values({
    customerId: patient,
    definitionId: definition.id,
    shortId: 'side-effect-check-in',
    status: 'in-progress',
    response: { resourceType: 'QuestionnaireResponse', status: 'in-progress', item: [] },
  });
});
afterAll(async () => {
  await server.close();
});

describe('GET /staff/customers/:customerId: invoices, charges, forms, plan names', () => {
  it("carries the patient's invoices, charges and submitted forms, and names the plan", async () => {
    const { status, body } = await call<Overview>(
      'GET',
      `/staff/customers/${patient}`,
      alice.token,
    );
    expect(status).toBe(200);
    expect(body.plans[0]).toMatchObject({ name: treatmentName });
    expect(body.invoices).toEqual([
      expect.objectContaining({
        number: expect.stringMatching(/^INV-\d{6}$/) as unknown,
        amount: 29_900,
        status: 'payment_due',
        chargeId: renewalChargeId,
      }),
    ]);
    expect(Date.parse(body.invoices[0]?.issuedAt ?? '')).not.toBeNaN();
    expect(body.charges.map((c) => c.id).sort()).toEqual([renewalChargeId, paidChargeId].sort());
    expect(body.charges.find((c) => c.id === paidChargeId)).toMatchObject({
      amount: 10_000,
      purpose: 'bulk_order',
      status: 'succeeded',
      amountRefunded: 0,
    });
    expect(body.forms).toEqual([
      expect.objectContaining({
        id: formResponseId,
        formName: expect.any(String) as unknown,
        status: 'completed',
        answers: [{ question: firstQuestion, answer: 'Mild nausea after dinner' }],
      }),
    ]);
    expect(JSON.stringify(body)).not.toContain(otherChargeId);
  });

  it('audits the one read naming the new sections', async () => {
    await server.flushAudit();
    expect((await call('GET', `/staff/customers/${patient}`, alice.token)).status).toBe(200);
    await server.flushAudit();
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityId, patient),
          eq(auditLog.actorId, alice.id),
          sql`${auditLog.details} ->> 'operation' = 'StaffPatientOverview'`,
        ),
      );
    const sections = rows.at(-1)?.details.sections as string[];
    expect(sections).toEqual(expect.arrayContaining(['invoices', 'charges', 'forms']));
  });
});

describe('GET /staff/customers/:customerId/invoices/:invoiceId/pdf', () => {
  it("signs the patient's own invoice, never another patient's", async () => {
    expect(customerToken).not.toBe('');
    const overview = await call<Overview>('GET', `/staff/customers/${patient}`, alice.token);
    const invoiceId = overview.body.invoices[0]?.id ?? '';
    const own = await call<{ downloadUrl: string }>(
      'GET',
      `/staff/customers/${patient}/invoices/${invoiceId}/pdf`,
      alice.token,
    );
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('no-store');
    expect(own.body.downloadUrl).toContain(`/billing/invoices/${invoiceId}/invoice.pdf`);
    const pdf = await fetch(new URL(own.body.downloadUrl, server.url));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const crossed = await call(
      'GET',
      `/staff/customers/${other}/invoices/${invoiceId}/pdf`,
      alice.token,
    );
    expect(crossed.status).toBe(404);
    expect(crossed.body).toMatchObject({ error: { code: 'not-found' } });
    expect(
      (await call('GET', `/staff/customers/${patient}/invoices/nope/pdf`, alice.token)).status,
    ).toBe(400);
    expect(
      (await call('GET', `/staff/customers/${patient}/invoices/${invoiceId}/pdf`, customerToken))
        .status,
    ).toBe(401);
  });
});

describe('POST /staff/customers/:customerId/bulk-orders/decline', () => {
  const route = (customerId: string) => `/staff/customers/${customerId}/bulk-orders/decline`;

  it('never opens with a customer token or none', async () => {
    expect(customerToken).not.toBe('');
    const orderId = await newOrder(patient);
    const body = { orderId, reason: 'Not yet' };
    expect((await call('POST', route(patient), customerToken, body)).status).toBe(401);
    expect((await call('POST', route(patient), undefined, body)).status).toBe(401);
    expect((await orderRow(orderId))?.status).toBe('awaiting_approval');
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const orderId = await newOrder(patient);
    for (const body of [
      { orderId },
      { orderId, reason: '   ' },
      { orderId, reason: 'x'.repeat(501) },
      { orderId: 'not-a-uuid', reason: 'Too soon' },
      { orderId, reason: 'Too soon', extra: true },
    ]) {
      const answer = await call('POST', route(patient), alice.token, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ error: { code: 'invalid-input' } });
    }
    expect((await orderRow(orderId))?.status).toBe('awaiting_approval');
  });

  it("answers 404 for another patient's order and changes nothing", async () => {
    const orderId = await newOrder(other);
    const answer = await call('POST', route(patient), alice.token, { orderId, reason: 'No' });
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ error: { code: 'not-found' } });
    expect((await orderRow(orderId))?.status).toBe('awaiting_approval');
  });

  it('declines: the order, an audit row of field names, the patient told, the queue item gone', async () => {
    const db = server.database.db;
    const orderId = await newOrder(patient);
    const reason = 'Your last visit was more than 90 days ago; please book a follow-up';
    const answer = await call('POST', route(patient), alice.token, { orderId, reason });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ orderId, status: 'declined' });
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ status: 'declined', decidedBy: alice.id, actionId: null });
    await server.flushAudit();
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'bulk_order'), eq(auditLog.entityId, orderId)));
    expect(audit).toMatchObject({ actorType: 'staff', actorId: alice.id, action: 'update' });
    expect(audit?.details).toMatchObject({
      operation: 'StaffBulkOrderDecline',
      customerId: patient,
      fields: ['status', 'decidedBy', 'decidedAt', 'reason'],
    });
    expect(JSON.stringify(audit?.details)).not.toContain('90 days');
    const notices = await db
      .select()
      .from(customerNotifications)
      .where(eq(customerNotifications.customerId, patient));
    const told = notices.find((n) => n.title === 'Your bulk order was declined');
    expect(told?.message).toContain(reason);
    const listed = await call<{ items: { key: string }[] }>(
      'GET',
      '/staff/queue?kind=bulk_order&pageSize=100',
      alice.token,
    );
    expect(listed.body.items.map((i) => i.key)).not.toContain(`bulk_order:${orderId}`);
    // The customer reads their order as declined.
    const mine = await call<{ orders: { id: string; status: string }[] }>(
      'GET',
      `/staff/customers/${patient}/bulk-orders`,
      alice.token,
    );
    expect(mine.body.orders.find((o) => o.id === orderId)?.status).toBe('declined');
    // Declined twice: the second is told who did it.
    const again = await call('POST', route(patient), bob.token, { orderId, reason: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: {
        code: 'already-done',
        message: expect.stringContaining(`declined by ${alice.email}`) as unknown,
      },
    });
  });

  it('an approval and a decline at once: one result, 409 already-done to the other', async () => {
    const db = server.database.db;
    const orderId = await newOrder(other);
    const answers = await Promise.all([
      call('POST', `/staff/customers/${other}/bulk-orders/approve`, alice.token, { orderId }),
      call('POST', route(other), bob.token, { orderId, reason: 'Too soon' }),
    ]);
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 409)).toHaveLength(1);
    const order = await orderRow(orderId);
    const loser = answers.find((a) => a.status === 409);
    if (order?.status === 'approved') {
      expect(statuses[0]).toBe(201);
      expect(loser?.body).toMatchObject({
        error: { message: expect.stringContaining('approved') as unknown },
      });
    } else {
      expect(order?.status).toBe('declined');
      expect(statuses[1]).toBe(200);
      expect(loser?.body).toMatchObject({
        error: { message: expect.stringContaining('declined') as unknown },
      });
      // The losing approval left no action to pay.
      const actions = await db
        .select()
        .from(customerActions)
        .where(eq(customerActions.customerId, other));
      expect(actions).toHaveLength(0);
    }
  });

  it('an approval is audited the same way: staff member, patient, field names', async () => {
    const orderId = await newOrder(patient);
    const approved = await call(
      'POST',
      `/staff/customers/${patient}/bulk-orders/approve`,
      alice.token,
      { orderId },
    );
    expect(approved.status).toBe(201);
    await server.flushAudit();
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'bulk_order'), eq(auditLog.entityId, orderId)));
    expect(audit).toMatchObject({ actorType: 'staff', actorId: alice.id, action: 'update' });
    expect(audit?.details).toMatchObject({
      operation: 'StaffBulkOrderApprove',
      customerId: patient,
      fields: ['status', 'actionId', 'decidedBy', 'decidedAt'],
    });
  });
});

describe('message templates and a message sent from one', () => {
  it('lists the templates POST created; a customer token never reads them', async () => {
    expect(customerToken).not.toBe('');
    const created = await call<{ id: string }>('POST', '/staff/message-templates', alice.token, {
      type: 'dose_change',
      description: 'Your dose changes next week. Take it on the same day as before.',
    });
    expect(created.status).toBe(201);
    const listed = await call<{ templates: { id: string; type: string; description: string }[] }>(
      'GET',
      '/staff/message-templates',
      bob.token,
    );
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toBe('no-store');
    expect(listed.body.templates).toContainEqual({
      id: created.body.id,
      type: 'dose_change',
      description: 'Your dose changes next week. Take it on the same day as before.',
    });
    expect((await call('GET', '/staff/message-templates', customerToken)).status).toBe(401);
    expect((await call('GET', '/staff/message-templates', undefined)).status).toBe(401);
  });

  it("sends a template's edited text sanitized, with the template recorded", async () => {
    const db = server.database.db;
    const created = await call<{ id: string }>('POST', '/staff/message-templates', alice.token, {
      type: 'check_in',
      description: 'How are you feeling this week?',
    });
    const html =
      '<p>How are you feeling this week, Odile?</p><script>alert(1)</script>' +
      '<img src="x" onerror="alert(2)">';
    const sent = await call<{ id: string }>(
      'POST',
      `/staff/customers/${patient}/messages`,
      alice.token,
      { type: 'check_in', html, templateUsedId: created.body.id },
    );
    expect(sent.status).toBe(201);
    const [row] = await db
      .select()
      .from(providerMessages)
      .where(eq(providerMessages.id, sent.body.id));
    expect(row?.templateUsedId).toBe(created.body.id);
    expect(row?.message).toContain('How are you feeling this week, Odile?');
    expect(row?.message).not.toContain('<script');
    expect(row?.message).not.toContain('onerror');
    // A template that does not exist is a bad field, and nothing is sent.
    const before = (
      await db.select().from(providerMessages).where(eq(providerMessages.customerId, patient))
    ).length;
    const bad = await call('POST', `/staff/customers/${patient}/messages`, alice.token, {
      type: 'check_in',
      html: '<p>Hi</p>',
      templateUsedId: '00000000-0000-4000-8000-000000000000',
    });
    expect(bad.status).toBe(400);
    const after = (
      await db.select().from(providerMessages).where(eq(providerMessages.customerId, patient))
    ).length;
    expect(after).toBe(before);
  });
});
