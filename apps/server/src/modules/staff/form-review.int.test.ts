import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/platform';
import { callerFor, type Caller } from '../../../test/appointment-fixtures';
import { createCustomer } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';
import {
  createStaffUser,
  customerTokenFor,
  staffCall,
  staffTokenFor,
} from '../../../test/messaging-helpers';

// Issue 41, the queue's form_review: a submitted intake or follow-up (FORM_REVIEW_KINDS) waits
// in the care queue until a care-team member marks it reviewed; two at once give one result
// and a clear message to the second; a customer's token never reaches the route.

let server: TestServer;
let alice: { id: string; token: string };
let bob: { id: string; token: string };

interface QueueBody {
  items: { key: string; kind: string; title: string; detail: string | null; ref: object }[];
  total: number;
}

const UPSERT = `mutation ($short: String!, $page: String, $answers: [FormAnswerInput!]!) {
  UpsertIntakeForm(form_short_id: $short, page: $page, answers: $answers) { data { id status } } }`;
const UPDATE = `mutation ($id: ID!, $answers: [FormAnswerInput!]!, $complete: Boolean) {
  UpdateExistingForm(id: $id, answers: $answers, complete: $complete) { data { id status } } }`;

/** The 6-month follow-up's two pages, answered as the portal sends them. */
const FOLLOW_UP: Record<string, Record<string, unknown>[]> = {
  progress: [
    { linkId: 'height-ft', valueInteger: 5 },
    { linkId: 'height-in', valueInteger: 8 },
    { linkId: 'weight-lb', valueDecimal: 180 },
    { linkId: 'satisfaction', valueCoding: 'somewhat' },
  ],
  changes: [
    { linkId: 'new-conditions', valueBoolean: true },
    { linkId: 'new-conditions-list', valueString: 'Asthma' },
    { linkId: 'new-medications', valueBoolean: false },
    { linkId: 'pancreatitis-signs', valueBoolean: false },
  ],
};

interface Patient {
  customerId: string;
  email: string;
  call: Caller;
}

async function patient(): Promise<Patient> {
  const made = await createCustomer(server.database.db);
  return { customerId: made.customer.id, email: made.user.email, call: callerFor(server, made) };
}

/** The patient answers every page of the follow-up; submitted when `submit`. */
async function followUp(who: Patient, submit = true): Promise<string> {
  let id = '';
  for (const [page, answers] of Object.entries(FOLLOW_UP)) {
    const saved = await who.call<{ UpsertIntakeForm: { data: { id: string } } }>(UPSERT, {
      short: 'wm-follow-up',
      page,
      answers,
    });
    expect(saved.errors).toBeUndefined();
    id = saved.data!.UpsertIntakeForm.data.id;
  }
  if (submit) {
    const done = await who.call<{ UpdateExistingForm: { data: { status: string } } }>(UPDATE, {
      id,
      answers: [],
      complete: true,
    });
    expect(done.errors).toBeUndefined();
    expect(done.data?.UpdateExistingForm.data.status).toBe('completed');
  }
  return id;
}

const queueOf = (who: Patient, token: string) =>
  staffCall<QueueBody>(
    server,
    'GET',
    `/staff/queue?kind=form_review&search=${encodeURIComponent(who.email)}`,
    token,
    undefined,
  );

const review = (responseId: string, token: string | undefined) =>
  staffCall<Record<string, unknown>>(
    server,
    'POST',
    `/staff/form-responses/${responseId}/review`,
    token,
    {},
  );

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const a = await createStaffUser(db);
  const b = await createStaffUser(db, { name: { first: 'Bob', last: 'Rivera' } });
  alice = { id: a.id, token: await staffTokenFor(server, a.email) };
  bob = { id: b.id, token: await staffTokenFor(server, b.email) };
});
afterAll(async () => {
  await server.close();
});

describe('form_review in the care queue', () => {
  it('lists a submitted follow-up by its title, not one still in progress', async () => {
    const zoe = await patient();
    await followUp(zoe, false);
    expect((await queueOf(zoe, alice.token)).body.total).toBe(0);

    const submitted = await followUp(zoe);
    const listed = await queueOf(zoe, alice.token);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        key: `form_review:${submitted}`,
        kind: 'form_review',
        title: 'Form to review',
        detail: '6-month follow-up',
        ref: { responseId: submitted },
      }),
    ]);
    // The patient's page says it waits for a review, with the answers to read.
    const page = await staffCall<{ forms: { id: string; review: unknown; answers: unknown[] }[] }>(
      server,
      'GET',
      `/staff/customers/${zoe.customerId}`,
      alice.token,
      undefined,
    );
    const form = page.body.forms.find((f) => f.id === submitted);
    expect(form?.review).toEqual({ reviewedAt: null, reviewedBy: null });
    expect(form?.answers).toContainEqual({ question: 'Which conditions?', answer: 'Asthma' });
    // A choice reads as the words the patient chose, not its code.
    expect(form?.answers).toContainEqual({
      question: 'How satisfied are you with your progress?',
      answer: 'Somewhat satisfied',
    });
  });

  it('two staff members reviewing at once: one stands, the second is told who did it', async () => {
    const max = await patient();
    const id = await followUp(max);
    const [first, second] = await Promise.all([review(id, alice.token), review(id, bob.token)]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const won = first.status === 200 ? first : second;
    const lost = first.status === 200 ? second : first;
    const winner = won === first ? alice : bob;
    expect(won.body).toMatchObject({ id, reviewedAt: expect.any(String) as unknown });
    const name = winner === bob ? 'Bob Rivera' : undefined;
    expect(lost.body).toMatchObject({
      error: {
        code: 'already-done',
        message: expect.stringMatching(/^Already reviewed by .+ at .+\.$/) as unknown,
        by: { staffId: winner.id },
      },
    });
    if (name) expect((lost.body.error as { message: string }).message).toContain(name);

    // It has left the queue, and a third try is the same clear answer.
    expect((await queueOf(max, alice.token)).body.total).toBe(0);
    expect((await review(id, alice.token)).status).toBe(409);

    // The patient's page shows who read it; the audit has field names, never an answer.
    const page = await staffCall<{ forms: { id: string; review: unknown }[] }>(
      server,
      'GET',
      `/staff/customers/${max.customerId}`,
      alice.token,
      undefined,
    );
    expect(page.body.forms.find((f) => f.id === id)?.review).toEqual({
      reviewedAt: won.body.reviewedAt,
      reviewedBy: expect.any(String) as unknown,
    });
    await server.flushAudit();
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'form_response'), eq(auditLog.entityId, id)));
    // The patient's own saves are audited too; the staff rows are the review.
    const updates = rows.filter((r) => r.action === 'update' && r.actorType === 'staff');
    expect(updates).toHaveLength(1);
    expect(updates[0]?.actorId).toBe(winner.id);
    expect(updates[0]?.details).toEqual({
      customerId: max.customerId,
      fields: ['reviewedAt', 'reviewedBy'],
    });
  });

  it('refuses a customer token and no token; an unknown or unsubmitted form is 404', async () => {
    const ana = await patient();
    const id = await followUp(ana);
    const token = await customerTokenFor(server, ana.email);
    const asCustomer = await review(id, token);
    expect(asCustomer.status).toBe(401);
    expect((await review(id, undefined)).status).toBe(401);
    // Still waiting: nothing the customer sent changed it.
    expect((await queueOf(ana, alice.token)).body.total).toBe(1);

    expect((await review('00000000-0000-4000-8000-000000000000', alice.token)).status).toBe(404);
    const draft = await followUp(await patient(), false);
    expect((await review(draft, alice.token)).status).toBe(404);
    expect(
      (await staffCall(server, 'POST', '/staff/form-responses/not-a-uuid/review', alice.token, {}))
        .status,
    ).toBe(400);
  });
});
