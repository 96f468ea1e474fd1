import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerActions } from '../../db/schema/customer-actions';
import { charges } from '../../db/schema/payments';
import { sandboxGatewayCharges } from '../../db/schema/gateway';
import { customerNotifications } from '../../db/schema/notifications';
import { signWebhook } from '../../platform/gateway/webhook-signing';
import { graphql, type TestServer, startTestServer } from '../../../test/harness';
import { staffCall } from '../../../test/messaging-helpers';
import { monthlyCustomer, saveCard, seedCatalogue } from '../../../test/billing-fixtures';
import { GATEWAY_WEBHOOK_PATH } from '../payments/webhook-routes';
import { BULK_PURPOSE } from './payment';
import { treatments } from '../../db/schema/catalog';
import { createScheduledProvider, insertAppointment } from '../../../test/appointment-fixtures';

// Issue 12: bulk orders, approval, and paying exactly once by card or by pay-later webhook.

const API_KEY = 'test-staff-api-key-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ STAFF_API_KEY: API_KEY });
  await seedCatalogue(server);
  await staffCall(server, 'PUT', '/staff/flags/bulk_ordering', API_KEY, {
    customerId: null,
    enabled: true,
  });
});
afterAll(async () => {
  await server.close();
});

const ELIGIBLE = `query { isBulkEligible(treatmentShortId: "weightmanagement_bulk") {
  isBulkEligible needsSyncEncounter bulkOrderedTooRecently hasRecentBulkAppointment bulkAvailable } }`;
const SUBMIT = `mutation S($v: Int) { submitBulkOrder(vialCount: $v) { statusCode data { id vialCount encounter status } } }`;
const PURCHASE = `mutation P($id: ID!) { purchaseBulkWithChargebee(customerActionId: $id) {
  statusCode data { purchaseSucceeded actionCompleted reason } } }`;
const PAY_LATER = `mutation L($id: ID!) { bulkPayLaterLink(customerActionId: $id) }`;

interface Purchase {
  purchaseBulkWithChargebee: {
    data: { purchaseSucceeded: boolean; actionCompleted: boolean; reason: string | null };
  };
}

async function payingCustomer() {
  const c = await monthlyCustomer(server);
  const saved = await saveCard(server, c.token, '4242424242424242');
  expect(saved.errors).toBeUndefined();
  return c;
}

/** GET on the staff API (staffCall sends bodies). */
async function staffGet<T>(route: string, token: string) {
  const res = await fetch(`${server.url}${route}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function approve(customerId: string, body: Record<string, unknown>) {
  return staffCall<{ actionId: string; vialCount: number; orderId: string | null }>(
    server,
    'POST',
    `/staff/customers/${customerId}/bulk-orders/approve`,
    API_KEY,
    body,
  );
}

async function rawAction(customerId: string, vialCount: number, status = 'pending') {
  const res = await staffCall<{ id: string }>(
    server,
    'POST',
    `/staff/customers/${customerId}/actions`,
    API_KEY,
    { typeCode: 'bulk_order_charge', status, metadata: { vial_count: vialCount } },
  );
  expect(res.status).toBe(201);
  return res.body.id;
}

async function actionStatus(id: string) {
  const [row] = await server.database.db
    .select()
    .from(customerActions)
    .where(eq(customerActions.id, id));
  return row?.status;
}

async function gatewayCharges(actionId: string) {
  return server.database.db
    .select()
    .from(sandboxGatewayCharges)
    .where(like(sandboxGatewayCharges.idempotencyKey, `bulk:${actionId}:%`));
}

/** The payments ledger's charges for a bulk action. */
async function ledger(actionId: string) {
  return server.database.db
    .select()
    .from(charges)
    .where(and(eq(charges.purpose, BULK_PURPOSE), eq(charges.reference, actionId)));
}

async function bulkPaymentNotices(customerId: string) {
  const rows = await server.database.db
    .select()
    .from(customerNotifications)
    .where(eq(customerNotifications.customerId, customerId));
  return rows.filter((n) => n.type === 'bulk_order_payment_v1' && n.status !== 'deleted');
}

describe('bulk order (spec 02 §4, §5, §8, §9)', () => {
  it('a treated customer orders 3 vials; a resubmit within 5 minutes is BS101; 1 vial is refused', async () => {
    const c = await payingCustomer();
    const before = await graphql<{ isBulkEligible: Record<string, boolean> }>(
      server,
      ELIGIBLE,
      c.token,
    );
    expect(before.data?.isBulkEligible).toEqual({
      isBulkEligible: true,
      needsSyncEncounter: true,
      bulkOrderedTooRecently: false,
      hasRecentBulkAppointment: false,
      bulkAvailable: true,
    });
    const bad = await graphql(server, SUBMIT, c.token, { v: 1 });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const none = await graphql(server, SUBMIT, c.token, {});
    expect((none.errors?.[0]?.extensions as { fields?: unknown } | undefined)?.fields).toEqual({
      vialCount: 'bulk.validation.vialCountRequired',
    });
    const first = await graphql<{ submitBulkOrder: { data: Record<string, unknown> } }>(
      server,
      SUBMIT,
      c.token,
      { v: 3 },
    );
    expect(first.errors).toBeUndefined();
    expect(first.data?.submitBulkOrder.data).toMatchObject({
      vialCount: 3,
      encounter: 'sync',
      status: 'awaiting_approval',
    });
    const again = await graphql(server, SUBMIT, c.token, { v: 3 });
    expect(again.errors?.[0]?.extensions?.code).toBe('BS101');
    // The block holds after the order is approved, until five minutes have passed.
    const orderId = (first.data?.submitBulkOrder.data.id as string) ?? '';
    expect((await approve(c.customer.id, { orderId })).status).toBe(201);
    // A second approval is told the order was decided already (issue 41).
    const second = await approve(c.customer.id, { orderId });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: { code: 'already-done' } });
  });

  it('the flag off: not available, and a submit is refused', async () => {
    const c = await payingCustomer();
    await staffCall(server, 'PUT', '/staff/flags/bulk_ordering', API_KEY, {
      customerId: c.customer.id,
      enabled: false,
    });
    const e = await graphql<{ isBulkEligible: Record<string, boolean> }>(server, ELIGIBLE, c.token);
    expect(e.data?.isBulkEligible.bulkAvailable).toBe(false);
    expect(e.data?.isBulkEligible.isBulkEligible).toBe(false);
    const res = await graphql(server, SUBMIT, c.token, { v: 3 });
    expect(res.errors?.[0]?.extensions?.code).toBe('BULK_UNAVAILABLE');
  });
});

describe('an async bulk order (spec 02 §4: eligible for async appointments)', () => {
  const SUBMIT_ASYNC = `mutation S($v: Int) { submitBulkOrder(vialCount: $v) {
    data { encounter asyncVisit { providerId treatmentId } } } }`;
  const CREATE_ASYNC = `mutation C($p: ID!, $t: ID!) { createAsyncAppointment(providerId: $p, treatmentId: $t) {
    statusCode data { id is_async } } }`;

  it("names the latest encounter's provider and treatment, which CreateAsyncAppointment accepts", async () => {
    const c = await monthlyCustomer(server);
    const { db } = server.database;
    const [treatment] = await db
      .select()
      .from(treatments)
      .where(eq(treatments.shortId, 'weightmanagement'));
    const provider = await createScheduledProvider(db, {
      states: ['TX'],
      treatmentIds: [treatment?.id ?? ''],
    });
    const other = await createScheduledProvider(db, {
      states: ['TX'],
      treatmentIds: [treatment?.id ?? ''],
    });
    const daysAgo = (n: number) => new Date(server.clock.now().getTime() - n * 86_400_000);
    // An older visit with someone else, and a cancelled one more recent: neither is chosen.
    await insertAppointment(db, {
      customerId: c.customer.id,
      providerId: other.id,
      treatmentId: treatment?.id,
      start: daysAgo(60),
      status: 'completed',
    });
    await insertAppointment(db, {
      customerId: c.customer.id,
      providerId: other.id,
      treatmentId: treatment?.id,
      start: daysAgo(3),
      status: 'cancelled',
    });
    await insertAppointment(db, {
      customerId: c.customer.id,
      providerId: provider.id,
      treatmentId: treatment?.id,
      start: daysAgo(20),
      status: 'completed',
    });
    const submitted = await graphql<{
      submitBulkOrder: {
        data: { encounter: string; asyncVisit: { providerId: string; treatmentId: string } | null };
      };
    }>(server, SUBMIT_ASYNC, c.token, { v: 4 });
    expect(submitted.errors).toBeUndefined();
    expect(submitted.data?.submitBulkOrder.data).toEqual({
      encounter: 'async',
      asyncVisit: { providerId: provider.id, treatmentId: treatment?.id },
    });
    const visit = submitted.data?.submitBulkOrder.data.asyncVisit;
    const created = await graphql<{ createAsyncAppointment: { data: { is_async: boolean } } }>(
      server,
      CREATE_ASYNC,
      c.token,
      { p: visit?.providerId, t: visit?.treatmentId },
    );
    expect(created.errors).toBeUndefined();
    expect(created.data?.createAsyncAppointment.data.is_async).toBe(true);
  });

  it('a sync order names no async visit', async () => {
    const c = await monthlyCustomer(server);
    const submitted = await graphql<{
      submitBulkOrder: { data: { encounter: string; asyncVisit: unknown } };
    }>(server, SUBMIT_ASYNC, c.token, { v: 2 });
    expect(submitted.data?.submitBulkOrder.data).toEqual({ encounter: 'sync', asyncVisit: null });
  });
});

describe('paying by card (PurchaseBulkWithChargebee)', () => {
  it('approval makes a pending action and notice; paying charges the table price once and completes it', async () => {
    const c = await payingCustomer();
    const approved = await approve(c.customer.id, { vialCount: 3 });
    expect(approved.status).toBe(201);
    const { actionId } = approved.body;
    expect(approved.body.vialCount).toBe(3);
    expect(await bulkPaymentNotices(c.customer.id)).toHaveLength(1);

    const paid = await graphql<Purchase>(server, PURCHASE, c.token, { id: actionId });
    expect(paid.errors).toBeUndefined();
    expect(paid.data?.purchaseBulkWithChargebee.data).toEqual({
      purchaseSucceeded: true,
      actionCompleted: true,
      reason: null,
    });
    expect(await actionStatus(actionId)).toBe('complete');
    expect(await bulkPaymentNotices(c.customer.id)).toHaveLength(0);
    const charged = await gatewayCharges(actionId);
    expect(charged.map((g) => [g.amount, g.status])).toEqual([[149_700, 'succeeded']]);
    // The same purchase again answers the first outcome and charges nothing more.
    const again = await graphql<Purchase>(server, PURCHASE, c.token, { id: actionId });
    expect(again.data?.purchaseBulkWithChargebee.data.purchaseSucceeded).toBe(true);
    expect(await gatewayCharges(actionId)).toHaveLength(1);
  });

  it("another customer cannot read, pay or pay later for the first one's action", async () => {
    const a = await payingCustomer();
    const b = await payingCustomer();
    const { actionId } = (await approve(a.customer.id, { vialCount: 2 })).body;
    const read = await graphql<{ customerAction: unknown }>(
      server,
      'query R($id: ID!) { customerAction(id: $id) { id } }',
      b.token,
      { id: actionId },
    );
    expect(read.data?.customerAction).toBeNull();
    const pay = await graphql(server, PURCHASE, b.token, { id: actionId });
    expect(pay.errors?.[0]?.extensions).toMatchObject({ code: 'ST102', reason: 'actionNotFound' });
    const later = await graphql(server, PAY_LATER, b.token, { id: actionId });
    expect(later.errors?.[0]?.extensions?.code).toBe('ST102');
    expect(await actionStatus(actionId)).toBe('pending');
    expect(await gatewayCharges(actionId)).toHaveLength(0);
  });

  it('a vial count of 1 or 7, a client price, or a completed action is refused; nothing charged', async () => {
    const c = await payingCustomer();
    for (const vials of [1, 7]) {
      const id = await rawAction(c.customer.id, vials);
      const res = await graphql(server, PURCHASE, c.token, { id });
      expect(res.errors?.[0]?.extensions).toMatchObject({
        code: 'ST102',
        reason: 'invalidVialCount',
      });
      expect(await gatewayCharges(id)).toHaveLength(0);
    }
    const id = await rawAction(c.customer.id, 3);
    const priced = await graphql(
      server,
      'mutation P($id: ID!) { purchaseBulkWithChargebee(customerActionId: $id, amount: 1) { statusCode } }',
      c.token,
      { id },
    );
    expect(priced.errors?.length).toBeGreaterThan(0);
    expect(await gatewayCharges(id)).toHaveLength(0);
    const done = await rawAction(c.customer.id, 3, 'complete');
    const res = await graphql(server, PURCHASE, c.token, { id: done });
    expect(res.errors?.[0]?.extensions).toMatchObject({
      code: 'ST102',
      reason: 'actionNotPending',
    });
    expect(await gatewayCharges(done)).toHaveLength(0);
  });

  it('the same purchase sent 100 times at once charges once', async () => {
    const c = await payingCustomer();
    const { actionId } = (await approve(c.customer.id, { vialCount: 4 })).body;
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        graphql<Purchase>(server, PURCHASE, c.token, { id: actionId }),
      ),
    );
    const succeeded = answers.filter(
      (a) => a.data?.purchaseBulkWithChargebee.data.purchaseSucceeded === true,
    );
    // Every answer is the one outcome (or "still processing" while the first was in flight).
    for (const a of answers) {
      if (a.errors)
        expect(a.errors[0]?.extensions).toMatchObject({ code: 'ST102', reason: 'pending' });
    }
    expect(succeeded.length).toBeGreaterThan(0);
    const charged = await gatewayCharges(actionId);
    expect(charged.map((g) => g.amount)).toEqual([195_600]);
    const rows = await ledger(actionId);
    expect(rows.map((r) => [r.status, r.fulfilledAt !== null])).toEqual([['succeeded', true]]);
    expect(await actionStatus(actionId)).toBe('complete');
  });

  it('a declined card retried with another card charges the new one; each attempt replayed charges once', async () => {
    const c = await monthlyCustomer(server);
    // Saves fine, then every charge is declined.
    const declining = await saveCard(server, c.token, '4000000000000341');
    expect(declining.errors).toBeUndefined();
    const { actionId } = (await approve(c.customer.id, { vialCount: 2 })).body;

    const declined = await Promise.all(
      Array.from({ length: 5 }, () =>
        graphql<Purchase>(server, PURCHASE, c.token, { id: actionId }),
      ),
    );
    for (const a of declined) {
      if (a.errors) expect(a.errors[0]?.extensions).toMatchObject({ reason: 'pending' });
      else
        expect(a.data?.purchaseBulkWithChargebee.data).toEqual({
          purchaseSucceeded: false,
          actionCompleted: false,
          reason: 'declined',
        });
    }
    // The same card again is the same attempt: its first answer, nothing new at the gateway.
    const replay = await graphql<Purchase>(server, PURCHASE, c.token, { id: actionId });
    expect(replay.data?.purchaseBulkWithChargebee.data.reason).toBe('declined');
    expect((await gatewayCharges(actionId)).map((g) => g.status)).toEqual(['declined']);
    expect(await actionStatus(actionId)).toBe('pending');

    // Another card is a new attempt with its own key: charged once, however often it is sent.
    const replaced = await saveCard(
      server,
      c.token,
      '4242424242424242',
      declining.data?.replacePaymentSource.newPaymentSourceId,
    );
    expect(replaced.errors).toBeUndefined();
    const retried = await Promise.all(
      Array.from({ length: 20 }, () =>
        graphql<Purchase>(server, PURCHASE, c.token, { id: actionId }),
      ),
    );
    for (const a of retried) {
      if (a.errors) expect(a.errors[0]?.extensions).toMatchObject({ reason: 'pending' });
    }
    expect(
      retried.some((a) => a.data?.purchaseBulkWithChargebee.data.actionCompleted === true),
    ).toBe(true);
    const charged = await gatewayCharges(actionId);
    expect(charged.map((g) => [g.status, g.amount]).sort()).toEqual([
      ['declined', 109_800],
      ['succeeded', 109_800],
    ]);
    expect(new Set(charged.map((g) => g.idempotencyKey)).size).toBe(2);
    expect(await actionStatus(actionId)).toBe('complete');
    const again = await graphql<Purchase>(server, PURCHASE, c.token, { id: actionId });
    expect(again.data?.purchaseBulkWithChargebee.data).toEqual({
      purchaseSucceeded: true,
      actionCompleted: true,
      reason: null,
    });
    expect(await gatewayCharges(actionId)).toHaveLength(2);
  });

  it('a paid charge whose action could not be completed is kept, shown to the care team, and retried', async () => {
    const c = await payingCustomer();
    const { actionId } = (await approve(c.customer.id, { vialCount: 2 })).body;
    const { charging } = server.services.payments;
    const actor = { type: 'system' as const, id: 'test' };
    const card = (await server.services.billing.paymentSources(c.customer.id, actor))[0];
    const pending = await charging.begin(actor, {
      customerId: c.customer.id,
      subscriptionId: null,
      purpose: BULK_PURPOSE,
      reference: actionId,
      key: `bulk:${actionId}:${card?.gatewayPaymentMethodId ?? ''}`,
      amount: 109_800,
      paymentMethodId: card?.gatewayPaymentMethodId ?? null,
      description: 'Bulk semaglutide, 2 vials',
      onSession: true,
      intent: { kind: 'bulk_order', customerId: c.customer.id, actionId, vialCount: 2 },
      invoice: null,
    });
    // The action is changed behind the charge's back: completing it fails after the charge.
    await server.database.db
      .update(customerActions)
      .set({ status: 'complete' })
      .where(eq(customerActions.id, actionId));
    const { charge: settled } = await charging.complete(actor, pending);
    expect([settled.status, settled.fulfilledAt]).toEqual(['succeeded', null]);
    const failures = await staffGet<{ failures: { actionId: string }[] }>(
      '/staff/bulk-action-failures',
      API_KEY,
    );
    expect(failures.body.failures.map((f) => f.actionId)).toContain(actionId);
    // The job's retry finds the action no longer pending and clears the failure.
    await server.services.payments.reconcile();
    const after = await staffGet<{ failures: { actionId: string }[] }>(
      '/staff/bulk-action-failures',
      API_KEY,
    );
    expect(after.body.failures.map((f) => f.actionId)).not.toContain(actionId);
    expect(await gatewayCharges(actionId)).toHaveLength(1);
  });
});

describe('the staff bulk routes', () => {
  it('answer 401 to a customer token, none or a wrong key, and change nothing', async () => {
    const c = await payingCustomer();
    const routes = [
      ['GET', `/staff/customers/${c.customer.id}/bulk-orders`],
      ['POST', `/staff/customers/${c.customer.id}/bulk-orders/approve`],
      ['GET', '/staff/bulk-action-failures'],
    ] as const;
    for (const [method, route] of routes) {
      for (const auth of [c.token, 'wrong-key-0123456789', '']) {
        const res =
          method === 'POST'
            ? await staffCall(server, method, route, auth, { vialCount: 3 })
            : await staffGet(route, auth);
        expect(res.status, `${method} ${route}`).toBe(401);
      }
    }
    expect(await bulkPaymentNotices(c.customer.id)).toHaveLength(0);
  });
});

describe('paying later (hosted checkout and signed webhook)', () => {
  const post = (body: string, signature: string) =>
    fetch(`${server.url}${GATEWAY_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'gateway-signature': signature },
      body,
    });
  const event = (id: string, actionId: string, amountCents: number) =>
    JSON.stringify({
      id,
      type: 'checkout.completed',
      created: 0,
      data: { checkoutId: `cs_${id}`, clientReference: actionId, amountCents },
    });
  const nowS = () => Math.floor(server.clock.now().getTime() / 1000);
  const secret = () => server.platform.gatewayWebhookSecret;

  it('the hosted page completes the action through the webhook', async () => {
    const c = await payingCustomer();
    const { actionId } = (await approve(c.customer.id, { vialCount: 3 })).body;
    const link = await graphql<{ bulkPayLaterLink: string }>(server, PAY_LATER, c.token, {
      id: actionId,
    });
    expect(link.errors).toBeUndefined();
    const path = link.data?.bulkPayLaterLink ?? '';
    const page = await fetch(`${server.url}${path}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('$1,497.00');
    const pay = await fetch(`${server.url}${path}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe(
      `http://portal.test/bulk-payment?actionId=${actionId}&completed=true`,
    );
    expect(await actionStatus(actionId)).toBe('complete');
    expect(await bulkPaymentNotices(c.customer.id)).toHaveLength(0);
    // Paying by card afterwards charges nothing.
    const card = await graphql(server, PURCHASE, c.token, { id: actionId });
    expect(card.errors?.[0]?.extensions?.code).toBe('ST102');
    expect(await gatewayCharges(actionId)).toHaveLength(0);
  });

  it('refuses a tampered signature, an old timestamp and a replayed event id, changing nothing', async () => {
    const c = await payingCustomer();
    const { actionId } = (await approve(c.customer.id, { vialCount: 2 })).body;
    const body = event('evt_tamper', actionId, 109_800);
    // One hex digit of the signature changed (always to a different digit).
    const tampered = signWebhook(secret(), nowS(), body).replace(
      /v1=(.)/,
      (_, digit: string) => `v1=${digit === '0' ? '1' : '0'}`,
    );
    expect((await post(body, tampered)).status).toBe(401);
    const forged = signWebhook(Buffer.from('not the secret'), nowS(), body);
    expect((await post(body, forged)).status).toBe(401);
    const old = signWebhook(secret(), nowS() - 301, body);
    expect((await post(body, old)).status).toBe(401);
    const changedBody = body.replace('109800', '1');
    expect((await post(changedBody, signWebhook(secret(), nowS(), body))).status).toBe(401);
    expect(await actionStatus(actionId)).toBe('pending');

    // An event id already processed (for another action) changes nothing on this one.
    const other = (await approve(c.customer.id, { vialCount: 2 })).body.actionId;
    const first = event('evt_once', other, 109_800);
    const ok = await post(first, signWebhook(secret(), nowS(), first));
    expect(await ok.json()).toEqual({ received: true, outcome: 'completed' });
    const replay = event('evt_once', actionId, 109_800);
    const res = await post(replay, signWebhook(secret(), nowS(), replay));
    expect(await res.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await actionStatus(actionId)).toBe('pending');
    // A signed event whose amount is not the action's price completes nothing.
    const cheap = event('evt_cheap', actionId, 100);
    const ignored = await post(cheap, signWebhook(secret(), nowS(), cheap));
    expect(await ignored.json()).toEqual({ received: true, outcome: 'ignored' });
    expect(await actionStatus(actionId)).toBe('pending');
  });
});
