import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { charges } from '../../db/schema/payments';
import { createCustomer } from '../../../test/factories';
import { type TestServer } from '../../../test/harness';
import { accessToken, saveCard, tokenize } from '../../../test/billing-fixtures';
import { useBillingServer } from '../../../test/billing-suite';
import { createStaffUser, staffCall, staffTokenFor } from '../../../test/messaging-helpers';

// Issue 41, the queue's renewal_failed from arrival to done: a renewal declined by the card on
// file arrives in the care queue (made here as the browser suite makes it: the plan moved a
// month back and the renewals run for that customer, both through the development routes);
// the care team retries it through billing's renewals once the patient has a working card.

let server: TestServer;
let alice: string;
let bob: string;
useBillingServer((started) => (server = started));
beforeAll(async () => {
  const db = server.database.db;
  alice = await staffTokenFor(server, (await createStaffUser(db)).email);
  bob = await staffTokenFor(server, (await createStaffUser(db)).email);
});

interface QueueBody {
  items: { key: string; kind: string; title: string; ref: Record<string, string | null> }[];
  total: number;
}

const DECLINES_ON_CHARGE = '4000000000000341';

async function dev(path: string, body: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as Record<string, number>;
}

const renewalsOf = (email: string) =>
  staffCall<QueueBody>(
    server,
    'GET',
    `/staff/queue?kind=renewal_failed&search=${encodeURIComponent(email)}`,
    alice,
    undefined,
  );

const retry = (chargeId: string, token: string | undefined) =>
  staffCall<Record<string, unknown>>(
    server,
    'POST',
    `/staff/charges/${chargeId}/retry-renewal`,
    token,
    {},
  );

/** A patient on a monthly plan whose card declines, a month on: the renewal is declined. */
async function declinedRenewal() {
  const { customer, user } = await createCustomer(server.database.db);
  const card = await tokenize(server, DECLINES_ON_CHARGE);
  const given = await staffCall<{ subscriptionId: string; paymentSourceId: string }>(
    server,
    'POST',
    `/staff/customers/${customer.id}/billed-plans`,
    alice,
    { treatmentShortId: 'weightmanagement', newContractLength: 1, paymentToken: card.body.token },
  );
  expect(given.status).toBe(201);
  // The factory's customer has a plan of its own too: both move, and both come due.
  const moved = await dev(`/dev/customers/${customer.id}/plans/backdate`, { days: 32 });
  expect(moved.contracts).toBeGreaterThanOrEqual(1);
  const run = await dev('/dev/jobs/renewals/run', { customerId: customer.id });
  expect(run.charged).toBe(0);
  expect(run.declined).toBeGreaterThanOrEqual(1);
  const listed = await renewalsOf(user.email);
  const item = listed.body.items.find((i) => i.ref.subscriptionId === given.body.subscriptionId);
  expect(item).toMatchObject({ kind: 'renewal_failed', title: 'Renewal payment failed' });
  return { customer, user, given: given.body, chargeId: item!.ref.chargeId! };
}

describe('POST /staff/charges/:chargeId/retry-renewal', () => {
  it('with the same card: declined again, and the new attempt is the queue item', async () => {
    const { user, given, chargeId } = await declinedRenewal();
    const { subscriptionId } = given;
    const again = await retry(chargeId, alice);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: { code: 'payment-declined' } });
    const listed = await renewalsOf(user.email);
    const keys = listed.body.items.map((i) => i.ref.chargeId);
    expect(keys).not.toContain(chargeId);
    expect(listed.body.items.filter((i) => i.ref.subscriptionId === subscriptionId)).toHaveLength(
      1,
    );
    // The first attempt is over: retrying it again says someone (here: the retry) came after.
    const stale = await retry(chargeId, bob);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: { code: 'already-done' } });
  });

  it('after the patient replaces the card, two retries at once charge once and end the item', async () => {
    const { user, given, chargeId } = await declinedRenewal();
    const token = await accessToken(server, user.email);
    const saved = await saveCard(server, token, '4242424242424242', given.paymentSourceId);
    expect(saved.errors).toBeUndefined();

    const answers = await Promise.all([retry(chargeId, alice), retry(chargeId, bob)]);
    const ok = answers.filter((a) => a.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ error: { code: 'already-done' } });
    }
    const paid = ok.map((a) => (a.body.charge as { id: string; status: string }).id);
    expect(new Set(paid).size).toBe(1);
    // One charge for the period's second attempt, paid.
    const attempts = await server.database.db
      .select()
      .from(charges)
      .where(
        and(
          eq(charges.subscriptionId, given.subscriptionId),
          like(charges.idempotencyKey, 'renewal:%:2'),
        ),
      );
    expect(attempts.map((c) => c.status)).toEqual(['succeeded']);
    const left = (await renewalsOf(user.email)).body.items;
    expect(left.map((i) => i.ref.chargeId)).not.toContain(chargeId);
    expect(left.filter((i) => i.ref.subscriptionId === given.subscriptionId)).toHaveLength(0);
  });

  it('refuses a customer token; an unknown charge is 404', async () => {
    const { user, chargeId } = await declinedRenewal();
    const token = await accessToken(server, user.email);
    expect((await retry(chargeId, token)).status).toBe(401);
    expect((await retry('00000000-0000-4000-8000-000000000000', alice)).status).toBe(404);
    expect((await renewalsOf(user.email)).body.items.map((i) => i.ref.chargeId)).toContain(
      chargeId,
    );
  });
});
