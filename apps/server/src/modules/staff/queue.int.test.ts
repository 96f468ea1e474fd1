import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkOrders } from '../../db/schema/bulk';
import { customerActions } from '../../db/schema/customer-actions';
import { idVerifications } from '../../db/schema/forms';
import { auditLog } from '../../db/schema/platform';
import { careQueueClaims } from '../../db/schema/staff';
import { createCustomer } from '../../../test/factories';
import { graphql, startTestServer, type TestServer } from '../../../test/harness';
import {
  createStaffUser,
  customerTokenFor,
  staffCall,
  staffTokenFor,
} from '../../../test/messaging-helpers';
import { ageActivePlans, seedQueueItems } from '../../../test/queue-fixtures';

const API_KEY = 'queue-suite-api-key-0123456789';
const DAY_MS = 24 * 60 * 60_000;

let server: TestServer;
/** Two staff members, to race each other. */
let alice: Awaited<ReturnType<typeof staffMember>>;
let bob: Awaited<ReturnType<typeof staffMember>>;
let customerToken: string;
let zoe: string;
let max: string;

interface QueueBody {
  items: {
    key: string;
    kind: string;
    urgent: boolean;
    title: string;
    detail: string | null;
    since: string;
    customer: { id: string; firstName: string; lastName: string; email: string };
    claim: { staffId: string; staffName: string; at: string } | null;
    ref: Record<string, string | null>;
  }[];
  total: number;
  page: number;
  pageSize: number;
  counts: Record<string, number>;
}

interface Conflict {
  error: { code: string; message: string };
}

/** A staff member with a token (their password, then the token route). */
async function staffMember(name?: { first: string; last: string }) {
  const user = await createStaffUser(server.database.db, name ? { name } : {});
  return {
    id: user.id,
    email: user.email,
    token: await staffTokenFor(server, user.email),
    /** How the "already done" messages name them: the name on file, else the email. */
    label: name ? `${name.first} ${name.last}` : user.email,
  };
}

const queue = (query = '', token: string = API_KEY) =>
  staffCall<QueueBody>(server, 'GET', `/staff/queue${query}`, token, undefined);

const claim = (key: string, token: string, body: unknown = {}) =>
  staffCall<Record<string, unknown>>(server, 'POST', `/staff/queue/${key}/claim`, token, body);

async function unclaim(key: string, token: string) {
  const response = await fetch(`${server.url}/staff/queue/${key}/claim`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${token}` },
  });
  return response.status;
}

beforeAll(async () => {
  server = await startTestServer({ STAFF_API_KEY: API_KEY });
  const db = server.database.db;
  alice = await staffMember();
  // Bob has a name on file (staff_members); Alice has none, so her email stands in.
  bob = await staffMember({ first: 'Bob', last: 'Rivera' });
  const zoeRow = await createCustomer(db, { firstName: 'Zoë', lastName: 'Quinn' });
  const maxRow = await createCustomer(db, { firstName: 'Max', lastName: 'Ortega' });
  zoe = zoeRow.customer.id;
  max = maxRow.customer.id;
  customerToken = await customerTokenFor(server, zoeRow.user.email);
});
afterAll(async () => {
  await server.close();
});

describe('GET /staff/queue', () => {
  it('lists every kind, urgent first then oldest first, with counts, search and paging', async () => {
    const db = server.database.db;
    const now = server.clock.now();
    const seed = (customerIds: string[], daysAgo: number) => ({
      customerIds,
      oldest: new Date(now.getTime() - daysAgo * DAY_MS),
      now,
    });
    await seedQueueItems(db, 'side_effect', 1, seed([zoe], 9));
    const [urgent] = await seedQueueItems(db, 'side_effect_urgent', 1, seed([max], 1));
    await seedQueueItems(db, 'id_verification', 1, seed([zoe], 8));
    await seedQueueItems(db, 'bulk_order', 1, seed([max], 7));
    await seedQueueItems(db, 'shipment_stalled', 1, seed([zoe], 8));
    await seedQueueItems(db, 'shipment_returned', 1, seed([max], 2));
    await seedQueueItems(db, 'renewal_failed', 1, seed([zoe], 3));
    await seedQueueItems(db, 'attention', 1, seed([max], 4));
    // Zoë's plan is 40 days old and she never weighed in; Max's is new.
    await ageActivePlans(db, [zoe], new Date(now.getTime() - 40 * DAY_MS));

    const all = await queue();
    expect(all.status).toBe(200);
    expect(all.body.counts).toEqual({
      side_effect: 2,
      id_verification: 1,
      bulk_order: 1,
      form_review: 0,
      shipment: 2,
      renewal_failed: 2,
      no_weight: 1,
    });
    expect(all.body.total).toBe(9);
    // The urgent check-in is the newest item and still comes first, marked.
    expect(all.body.items[0]).toMatchObject({
      key: `side_effect:${urgent}`,
      urgent: true,
      title: 'Urgent side-effect check-in',
      customer: { id: max, firstName: 'Max', lastName: 'Ortega' },
      claim: null,
      ref: { taskId: urgent },
    });
    const since = all.body.items.slice(1).map((i) => Date.parse(i.since));
    expect(since).toEqual([...since].sort((a, b) => a - b));
    expect(all.body.items.filter((i) => i.urgent)).toHaveLength(1);
    const noWeight = all.body.items.find((i) => i.kind === 'no_weight');
    expect(noWeight).toMatchObject({ key: `no_weight:${zoe}`, detail: 'Never' });
    // Its wait started when the plan was 30 days without a weight.
    expect(Date.parse(noWeight?.since ?? '')).toBe(now.getTime() - 10 * DAY_MS);

    // Search: part of a name in another case, or of the email; accents as stored.
    const byName = await queue('?search=ORTEG');
    expect(byName.body.items.every((i) => i.customer.id === max)).toBe(true);
    expect(byName.body.total).toBe(4);
    const byEmail = await queue(
      `?search=${encodeURIComponent(all.body.items[0]?.customer.email ?? '')}`,
    );
    expect(byEmail.body.total).toBe(4);
    // The read is audited with the patients listed, never the search text (a patient's name).
    await server.flushAudit();
    const reads = await db.select().from(auditLog).where(eq(auditLog.entity, 'care_queue'));
    expect(reads.length).toBeGreaterThan(0);
    expect(JSON.stringify(reads)).not.toMatch(/orteg/i);
    expect(reads.at(-1)?.details).toMatchObject({ customerIds: [max] });
    // The pattern characters are taken literally.
    expect((await queue('?search=%25')).body.total).toBe(0);

    const shipments = await queue('?kind=shipment');
    expect(shipments.body.total).toBe(2);
    expect(shipments.body.items.map((i) => i.title).sort()).toEqual([
      'Shipment returned to sender',
      'Shipment stalled',
    ]);
    expect(shipments.body.counts.bulk_order).toBe(1);
    expect((await queue('?urgentOnly=true')).body.items.map((i) => i.key)).toEqual([
      `side_effect:${urgent}`,
    ]);

    const pages = [await queue('?pageSize=4'), await queue('?pageSize=4&page=1')];
    expect(pages.map((p) => p.body.items.length)).toEqual([4, 4]);
    expect(pages.flatMap((p) => p.body.items.map((i) => i.key))).toEqual(
      all.body.items.slice(0, 8).map((i) => i.key),
    );
    expect(pages[1]?.body).toMatchObject({ page: 1, pageSize: 4, total: 9 });
  });

  it('a failed renewal leaves the queue once a later attempt of its period is made', async () => {
    const db = server.database.db;
    const now = server.clock.now();
    const [chargeId] = await seedQueueItems(db, 'renewal_failed', 1, {
      customerIds: [max],
      oldest: now,
      now,
    });
    const listed = async () => (await queue('?kind=renewal_failed')).body.items.map((i) => i.key);
    expect(await listed()).toContain(`renewal_failed:${chargeId}`);
    // The renewals job's next attempt of the same period (billing/renewals.ts keys them so).
    await db.execute(sql`
      insert into charges (customer_id, purpose, idempotency_key, amount, status, intent)
      values (${max}, 'renewal', ${`renewal:${chargeId}:2026-11:2`}, 29900, 'pending', '{}')`);
    expect(await listed()).not.toContain(`renewal_failed:${chargeId}`);
  });

  it('refuses bad input with a clear error', async () => {
    for (const query of [
      '?pageSize=101',
      '?pageSize=0',
      '?page=-1',
      '?kind=nope',
      '?urgentOnly=1',
      '?extra=1',
    ]) {
      const res = await queue(query);
      expect(res.status, query).toBe(400);
      expect(res.body, query).toMatchObject({ error: { code: 'invalid-input' } });
    }
  });

  it('never opens with a customer token, no token or a bad one', async () => {
    const before = (await server.database.db.select({ n: count() }).from(careQueueClaims))[0]?.n;
    for (const token of [customerToken, undefined, 'garbage']) {
      expect((await staffCall(server, 'GET', '/staff/queue', token, undefined)).status).toBe(401);
      expect((await claim(`no_weight:${zoe}`, token ?? '')).status).toBe(401);
      expect(await unclaim(`no_weight:${zoe}`, token ?? '')).toBe(401);
    }
    expect((await server.database.db.select({ n: count() }).from(careQueueClaims))[0]?.n).toBe(
      before,
    );
  });

  it('a staff token never opens the customer API', async () => {
    const res = await graphql<{ customer: unknown }>(
      server,
      'query { customer { id } }',
      alice.token,
    );
    expect(res.data?.customer ?? null).toBeNull();
    expect(res.errors?.length).toBeGreaterThan(0);
  });
});

describe('claims', () => {
  it('shows who is on an item, refuses a second member, hands over on takeOver, lapses after 15 minutes', async () => {
    const key = `no_weight:${zoe}`;
    const first = await claim(key, alice.token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ claim: { staffId: alice.id, staffName: alice.email } });
    // Claiming again renews it.
    expect((await claim(key, alice.token)).status).toBe(200);

    const second = await claim(key, bob.token);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      error: {
        code: 'claimed',
        message: `${alice.email} is on it`,
        claim: { staffId: alice.id, staffName: alice.email },
      },
    });
    const listed = (await queue('?kind=no_weight')).body.items[0];
    expect(listed?.claim).toMatchObject({ staffId: alice.id, staffName: alice.email });

    // Only one's own claim can be dropped.
    expect(await unclaim(key, bob.token)).toBe(404);
    const taken = await claim(key, bob.token, { takeOver: true });
    expect(taken.status).toBe(200);
    expect(taken.body).toMatchObject({ claim: { staffId: bob.id, staffName: 'Bob Rivera' } });
    expect(await unclaim(key, alice.token)).toBe(404);
    expect(await unclaim(key, bob.token)).toBe(204);
    expect((await queue('?kind=no_weight')).body.items[0]?.claim).toBeNull();

    // Automation claims under its own name; a claim lasts 15 minutes.
    expect((await claim(key, API_KEY)).body).toMatchObject({
      claim: { staffId: 'api-key', staffName: 'Automation' },
    });
    expect((await claim(key, alice.token)).status).toBe(409);
    server.clock.advance(15 * 60_000);
    expect((await claim(key, alice.token)).status).toBe(200);

    // The claim is audited with the patient and the field names, never values.
    await server.flushAudit();
    const [row] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'care_queue_claim'), eq(auditLog.actorId, alice.id)))
      .limit(1);
    expect(row?.details).toEqual({ customerId: zoe, fields: ['claimedAt'] });
  });

  it('refuses a key that is not a queue item, or an item not in the queue', async () => {
    expect((await claim('nope:123', alice.token)).status).toBe(400);
    expect((await claim(`bulk_order:${zoe}`, alice.token)).status).toBe(404);
    expect((await claim(`no_weight:${zoe}`, alice.token, { takeOver: 'yes' })).status).toBe(400);
  });
});

describe('two staff members on one item', () => {
  it('two approvals of one bulk order at once: one approves, the other is told who did', async () => {
    const db = server.database.db;
    const now = server.clock.now();
    const [orderId] = await seedQueueItems(db, 'bulk_order', 1, {
      customerIds: [max],
      oldest: now,
      now,
    });
    const key = `bulk_order:${orderId}`;
    expect((await claim(key, alice.token)).status).toBe(200);
    const route = `/staff/customers/${max}/bulk-orders/approve`;
    const answers = await Promise.all([
      staffCall(server, 'POST', route, alice.token, { orderId }),
      staffCall(server, 'POST', route, bob.token, { orderId }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const loser = answers.find((a) => a.status === 409);
    const [order] = await db
      .select()
      .from(bulkOrders)
      .where(eq(bulkOrders.id, orderId ?? ''));
    const winner = order?.decidedBy === alice.id ? alice : bob;
    expect(loser?.body).toMatchObject({
      error: {
        code: 'already-done',
        message: `Already approved by ${winner.label} at ${order?.decidedAt?.toISOString()}.`,
      },
    });
    // One result: one action to pay, the item gone from the queue with its claim.
    const actions = await db
      .select()
      .from(customerActions)
      .where(eq(customerActions.customerId, max));
    expect(actions.filter((a) => a.id === order?.actionId)).toHaveLength(1);
    expect(actions).toHaveLength(1);
    expect((await queue('?kind=bulk_order')).body.items.map((i) => i.key)).not.toContain(key);
    expect(await db.select().from(careQueueClaims).where(eq(careQueueClaims.itemKey, key))).toEqual(
      [],
    );
  });

  it('two decisions on one ID check at once: one stands, the other is told who decided', async () => {
    const db = server.database.db;
    const now = server.clock.now();
    const [checkId] = await seedQueueItems(db, 'id_verification', 1, {
      customerIds: [zoe],
      oldest: now,
      now,
    });
    const route = `/staff/id-verifications/${checkId}/decision`;
    const answers = await Promise.all([
      staffCall(server, 'POST', route, alice.token, { decision: 'approve' }),
      staffCall(server, 'POST', route, bob.token, {
        decision: 'reject',
        reason: 'document_unreadable',
      }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [check] = await db
      .select()
      .from(idVerifications)
      .where(eq(idVerifications.id, checkId ?? ''));
    const winner = check?.decidedBy === alice.id ? alice : bob;
    const verb = check?.status === 'verified' ? 'approved' : 'rejected';
    expect(answers.find((a) => a.status === 409)?.body).toMatchObject({
      error: {
        code: 'already-done',
        message: `Already ${verb} by ${winner.label} at ${check?.decidedAt?.toISOString()}.`,
      },
    });
    expect((await queue('?kind=id_verification')).body.items.map((i) => i.key)).not.toContain(
      `id_verification:${checkId}`,
    );
  });

  it('a side-effect task resolved twice: the second is told; the task leaves the queue', async () => {
    const now = server.clock.now();
    const [taskId] = await seedQueueItems(server.database.db, 'side_effect', 1, {
      customerIds: [zoe],
      oldest: now,
      now,
    });
    const key = `side_effect:${taskId}`;
    expect((await claim(key, bob.token)).status).toBe(200);
    const route = `/staff/form-tasks/${taskId}/resolve`;
    const first = await staffCall(server, 'POST', route, bob.token, {});
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ id: taskId, status: 'done' });
    const second = await staffCall<Conflict>(server, 'POST', route, alice.token, {});
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('already-done');
    expect(second.body.error.message).toContain('resolved by Bob Rivera');
    expect((await queue('?kind=side_effect')).body.items.map((i) => i.key)).not.toContain(key);
    expect((await claim(key, alice.token)).status).toBe(404);
    expect(
      (await staffCall(server, 'POST', `/staff/form-tasks/${zoe}/resolve`, bob.token, {})).status,
    ).toBe(404);
  });

  it('money needing attention resolved twice: the second is told', async () => {
    const now = server.clock.now();
    const [chargeId] = await seedQueueItems(server.database.db, 'attention', 1, {
      customerIds: [max],
      oldest: now,
      now,
    });
    const route = `/staff/payments/attention/${chargeId}/resolve`;
    expect((await staffCall(server, 'POST', route, alice.token, {})).status).toBe(200);
    const second = await staffCall<Conflict>(server, 'POST', route, bob.token, {});
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('already-done');
    expect(second.body.error.message).toContain(`resolved by ${alice.email}`);
    expect((await queue('?kind=renewal_failed')).body.items.map((i) => i.key)).not.toContain(
      `renewal_failed:${chargeId}`,
    );
  });
});
