import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followUps } from '../../db/schema/appointments';
import { formResponses } from '../../db/schema/forms';
import { callerFor, type Caller } from '../../../test/appointment-fixtures';
import { createCustomer } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/harness';

// Issue 45: UpsertIntakeForm checked that an appointment_id was the customer's own, but took
// any follow_up_id, so a customer could pin answers to another patient's follow-up (which the
// care team then reads as that patient's). A follow-up is now checked as the appointment is.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

interface Person {
  customerId: string;
  call: Caller;
}
async function person(): Promise<Person> {
  const made = await createCustomer(server.database.db);
  return { customerId: made.customer.id, call: callerFor(server, made) };
}

async function followUpOf(customerId: string): Promise<string> {
  const [row] = await server.database.db.insert(followUps).values({ customerId }).returning();
  if (!row) throw new Error('no follow-up');
  return row.id;
}

const UPSERT = `mutation ($followUp: ID) {
  UpsertIntakeForm(form_short_id: "wm-intake", follow_up_id: $followUp, page: "about-you",
    answers: [{ linkId: "first-name", valueString: "Ana" }]) { data { id follow_up_id } } }`;

describe('UpsertIntakeForm and follow_up_id (issue 45)', () => {
  it("takes the customer's own follow-up", async () => {
    const a = await person();
    const own = await followUpOf(a.customerId);
    const res = await a.call<{ UpsertIntakeForm: { data: { follow_up_id: string } } }>(UPSERT, {
      followUp: own,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data?.UpsertIntakeForm.data.follow_up_id).toBe(own);
  });

  it("refuses another customer's follow-up, and one that does not exist, saving nothing", async () => {
    const a = await person();
    const b = await person();
    const theirs = await followUpOf(b.customerId);
    for (const followUp of [theirs, randomUUID()]) {
      const res = await a.call(UPSERT, { followUp });
      expect(res.errors?.[0]?.extensions).toMatchObject({
        code: 'A103',
        fields: { followUpId: 'forms.notFound' },
      });
    }
    const saved = await server.database.db
      .select()
      .from(formResponses)
      .where(eq(formResponses.customerId, a.customerId));
    expect(saved).toEqual([]);
  });
});
