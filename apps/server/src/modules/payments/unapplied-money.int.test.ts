import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountCredits } from '../../db/schema/billing';
import { customerActions } from '../../db/schema/customer-actions';
import { sandboxGatewayRefunds } from '../../db/schema/gateway';
import { charges, gatewayWebhookEvents, invoices, paymentRefunds } from '../../db/schema/payments';
import { subscriptions } from '../../db/schema/customers';
import type { ChargeRequest, ChargeResult } from '../../platform/gateway/gateway';
import { signWebhook } from '../../platform/gateway/webhook-signing';
import { graphql, sandboxOf, type TestServer } from '../../../test/harness';
import { staffCall } from '../../../test/messaging-helpers';
import { change, quoteFor } from '../../../test/billing-fixtures';
import { approveBulkOrder, customerWithCard, useBillingServer } from '../../../test/billing-suite';
import { BULK_PURPOSE } from '../bulk/payment';
import { GATEWAY_WEBHOOK_PATH } from './webhook-routes';

// Issue 45: nothing taken is ever unaccounted for. A paid pay-later checkout that cannot be
// applied (the order paid already, by card or by another checkout) is refunded through the
// processor and put in front of the care team; its event id is spent once. A late success
// always wins over "failed": the charge is applied with its invoice, and the credits given
// back at the failure are taken again (or the shortfall is put in front of the care team).

const API_KEY = 'test-staff-api-key-0123456789';
let server: TestServer;
useBillingServer((started) => (server = started), {
  env: { STAFF_API_KEY: API_KEY },
  bulkOrdering: true,
});

const PURCHASE = `mutation P($id: ID!) { purchaseBulkWithChargebee(customerActionId: $id) {
  statusCode data { purchaseSucceeded actionCompleted reason } } }`;
const PAY_LATER = `mutation L($id: ID!) { bulkPayLaterLink(customerActionId: $id) }`;

interface AttentionList {
  charges: {
    id: string;
    customerId: string;
    amount: number;
    amountRefunded: number;
    attention: string;
    details: Record<string, unknown> | null;
    refunds: { status: string; amountCents: number }[];
  }[];
}

async function staffGet<T>(route: string) {
  const res = await fetch(`${server.url}${route}`, {
    headers: { authorization: `Bearer ${API_KEY}` },
  });
  return { status: res.status, body: (await res.json()) as T };
}

async function payLaterPath(token: string, actionId: string) {
  const link = await graphql<{ bulkPayLaterLink: string }>(server, PAY_LATER, token, {
    id: actionId,
  });
  expect(link.errors).toBeUndefined();
  return link.data?.bulkPayLaterLink ?? '';
}

/** The customer agrees on the sandbox's hosted page: paid, and its signed event delivered. */
async function payHostedPage(path: string) {
  const pay = await fetch(`${server.url}${path}/pay`, { method: 'POST', redirect: 'manual' });
  expect(pay.status).toBe(303);
}

async function ledger(actionId: string) {
  return server.database.db
    .select()
    .from(charges)
    .where(and(eq(charges.purpose, BULK_PURPOSE), eq(charges.reference, actionId)))
    .orderBy(charges.createdAt);
}

async function actionStatus(id: string) {
  const [row] = await server.database.db
    .select()
    .from(customerActions)
    .where(eq(customerActions.id, id));
  return row?.status;
}

async function refundsOf(chargeId: string) {
  return server.database.db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.chargeId, chargeId));
}

/**
 * What must hold for a paid checkout that paid for nothing payable: it is in the ledger,
 * refunded in full through the processor, not applied, and listed for the care team.
 */
async function expectRefundedAndListed(actionId: string, amount: number) {
  const rows = await ledger(actionId);
  const unapplied = rows.filter((c) => c.attention === 'notApplied');
  expect(unapplied).toHaveLength(1);
  const [charge] = unapplied;
  expect(charge).toMatchObject({
    method: 'checkout',
    status: 'succeeded',
    amount,
    amountRefunded: amount,
    fulfilledAt: null,
  });
  const refunds = await refundsOf(charge?.id ?? '');
  expect(refunds.map((r) => [r.status, r.amount])).toEqual([['succeeded', amount]]);
  const atProcessor = await server.database.db
    .select()
    .from(sandboxGatewayRefunds)
    .where(eq(sandboxGatewayRefunds.chargeId, charge?.gatewayChargeId ?? ''));
  expect(atProcessor.map((r) => [r.status, r.amount])).toEqual([['succeeded', amount]]);
  const listed = await staffGet<AttentionList>('/staff/payments/attention');
  expect(listed.status).toBe(200);
  const entry = listed.body.charges.find((c) => c.id === charge?.id);
  expect(entry).toMatchObject({ attention: 'notApplied', amount, amountRefunded: amount });
  expect(entry?.refunds).toEqual([
    expect.objectContaining({ status: 'succeeded', amountCents: amount }),
  ]);
  // The job never tries to apply it (it is not an actionFailure to retry).
  await server.services.payments.reconcile();
  expect((await ledger(actionId)).filter((c) => c.fulfilledAt !== null)).toHaveLength(1);
  return charge;
}

describe('a paid pay-later checkout that cannot be applied (issue 45)', () => {
  // Every event the sandbox's hosted page sends, as it sent it (to replay one).
  const delivered: { id: string; data: { checkoutId?: string } }[] = [];
  beforeAll(() => {
    const checkout = sandboxOf(server).checkout;
    const send = checkout.send.bind(checkout);
    checkout.send = (event) => {
      delivered.push(event as (typeof delivered)[number]);
      return send(event);
    };
  });

  it('after a declined card attempt, the checkout pays the order', async () => {
    const c = await customerWithCard(server, '4000000000000341');
    const actionId = await approveBulkOrder(server, API_KEY, c.customer.id);
    const declined = await graphql<{ purchaseBulkWithChargebee: { data: { reason: string } } }>(
      server,
      PURCHASE,
      c.token,
      { id: actionId },
    );
    expect(declined.data?.purchaseBulkWithChargebee.data.reason).toBe('declined');
    await payHostedPage(await payLaterPath(c.token, actionId));
    expect(await actionStatus(actionId)).toBe('complete');
    const rows = await ledger(actionId);
    expect(rows.map((r) => [r.method, r.status, r.fulfilledAt !== null])).toEqual([
      ['card', 'declined', false],
      ['checkout', 'succeeded', true],
    ]);
    const issued = await server.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.chargeId, rows[1]?.id ?? ''));
    expect(issued.map((i) => i.status)).toEqual(['paid']);
  });

  it('the card already charged: the checkout paid afterwards is refunded and listed', async () => {
    const c = await customerWithCard(server);
    const actionId = await approveBulkOrder(server, API_KEY, c.customer.id);
    // The hosted page was opened first, in another tab; the card pays meanwhile.
    const path = await payLaterPath(c.token, actionId);
    const card = await graphql(server, PURCHASE, c.token, { id: actionId });
    expect(card.errors).toBeUndefined();
    await payHostedPage(path);
    const charge = await expectRefundedAndListed(actionId, 109_800);
    // Once the care team has dealt with it, it leaves the list (audited).
    const resolved = await staffCall<{ charge: { attention: string } }>(
      server,
      'POST',
      `/staff/payments/attention/${charge?.id ?? ''}/resolve`,
      API_KEY,
      {},
    );
    expect(resolved.status).toBe(200);
    const listed = await staffGet<AttentionList>('/staff/payments/attention');
    expect(listed.body.charges.map((c) => c.id)).not.toContain(charge?.id);
  });

  it('a second checkout paid: refunded and listed; its event is spent once', async () => {
    const c = await customerWithCard(server);
    const actionId = await approveBulkOrder(server, API_KEY, c.customer.id);
    const first = await payLaterPath(c.token, actionId);
    // Another checkout for the same order (a session opened again after the first expired).
    const second = await server.services.payments.createCheckout({
      customerId: c.customer.id,
      idempotencyKey: `checkout:${actionId}:again`,
      clientReference: actionId,
      amountCents: 109_800,
      description: 'Bulk semaglutide, 2 vials',
      successUrl: 'http://portal.test/bulk-payment',
      cancelUrl: 'http://portal.test/bulk-payment',
    });
    await payHostedPage(first);
    await payHostedPage(second.url);
    expect(await actionStatus(actionId)).toBe('complete');
    const charge = await expectRefundedAndListed(actionId, 109_800);

    // The processor sends the same event again: its id is spent, nothing is refunded twice.
    const event = delivered.find((e) => e.data.checkoutId === second.id);
    expect(event).toBeDefined();
    const seen = (await server.database.db.select().from(gatewayWebhookEvents)).length;
    const replayed = JSON.stringify(event);
    const now = Math.floor(server.clock.now().getTime() / 1000);
    const res = await fetch(`${server.url}${GATEWAY_WEBHOOK_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'gateway-signature': signWebhook(server.platform.gatewayWebhookSecret, now, replayed),
      },
      body: replayed,
    });
    expect(await res.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await server.database.db.select().from(gatewayWebhookEvents)).toHaveLength(seen);
    expect(await refundsOf(charge?.id ?? '')).toHaveLength(1);
  });
  it('card and checkout paid at the same moment: one pays the order, the other is refunded', async () => {
    for (let round = 0; round < 4; round += 1) {
      const c = await customerWithCard(server);
      const actionId = await approveBulkOrder(server, API_KEY, c.customer.id);
      const path = await payLaterPath(c.token, actionId);
      await Promise.all([
        graphql(server, PURCHASE, c.token, { id: actionId }),
        payHostedPage(path),
      ]);
      await server.services.payments.reconcile();
      expect(await actionStatus(actionId)).toBe('complete');
      const paid = (await ledger(actionId)).filter((r) => r.status === 'succeeded');
      const kept = paid.filter((r) => r.amountRefunded === 0);
      expect(kept, `round ${String(round)}`).toHaveLength(1);
      expect(kept[0]?.fulfilledAt).not.toBeNull();
      for (const extra of paid.filter((r) => r !== kept[0])) {
        expect(extra.amountRefunded).toBe(extra.amount);
        expect(extra.attention).toBe('notApplied');
      }
    }
  });
});

describe('a late success always wins over "failed" (issue 45)', () => {
  /** Holds the processor's answer to the next charge until `release`, as a slow network does. */
  function slowProcessor() {
    const gateway = sandboxOf(server).gateway;
    const original = gateway.charge.bind(gateway);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reached = () => {};
    const sent = new Promise<void>((resolve) => {
      reached = resolve;
    });
    gateway.charge = async (request: ChargeRequest): Promise<ChargeResult> => {
      reached();
      await released;
      return original(request);
    };
    return { sent, release, restore: () => (gateway.charge = original) };
  }

  async function setBalance(customerId: string, cents: number) {
    await server.database.db
      .insert(accountCredits)
      .values({ customerId, balance: cents, updatedAt: server.clock.now() })
      .onConflictDoUpdate({ target: accountCredits.customerId, set: { balance: cents } });
  }

  async function balance(customerId: string) {
    const [row] = await server.database.db
      .select()
      .from(accountCredits)
      .where(eq(accountCredits.customerId, customerId));
    return row?.balance ?? 0;
  }

  /**
   * A plan change whose processor call is still out when reconciliation, past the grace
   * period, finds nothing under its key and marks it failed (giving its credits back); then
   * the processor's success arrives. `meanwhile` runs between the failure and the success.
   */
  async function raceReconciliation(meanwhile: (customerId: string) => Promise<void>) {
    server.clock.set('2026-03-10T18:00:00Z');
    const alex = await customerWithCard(server);
    await setBalance(alex.customer.id, 3_000);
    const vars = { sub: alex.subscription.id, length: 6, addons: ['high-dose'] };
    const quote = (await quoteFor(server, alex.token, vars)).data?.subscriptionPriceChangeQuote;
    if (!quote) throw new Error('no quote');
    const used = quote.accountCreditApplied as number;
    expect(used).toBeGreaterThan(0);
    const slow = slowProcessor();
    try {
      const answer = change(server, alex.token, vars, quote);
      await slow.sent;
      expect(await balance(alex.customer.id)).toBe(3_000 - used);
      server.clock.advance(6 * 60_000);
      expect(
        await server.services.payments.charging.reconcile({ type: 'system', id: 'test' }),
      ).toEqual({ settled: 0, failed: 1 });
      const [failed] = await server.database.db
        .select()
        .from(charges)
        .where(eq(charges.idempotencyKey, quote.id));
      expect(failed?.status).toBe('failed');
      expect(await balance(alex.customer.id)).toBe(3_000);
      await meanwhile(alex.customer.id);
      slow.release();
      const result = await answer;
      expect(result.errors).toBeUndefined();
      return { alex, quote, used, result };
    } finally {
      slow.restore();
    }
  }

  it('the late success is applied with its invoice, and the credits given back are taken again', async () => {
    const { alex, quote, used, result } = await raceReconciliation(() => Promise.resolve());
    const [charge] = await server.database.db
      .select()
      .from(charges)
      .where(eq(charges.idempotencyKey, quote.id));
    expect(charge).toMatchObject({ status: 'succeeded', attention: null });
    expect(charge?.fulfilledAt).not.toBeNull();
    const [sub] = await server.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, alex.subscription.id));
    expect(sub?.contractId).toBe(result.data?.changeCustomerSubscription.newContractId);
    const issued = await server.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.chargeId, charge?.id ?? ''));
    expect(issued).toHaveLength(1);
    expect(issued[0]?.status).toBe('paid');
    expect(issued[0]?.lines.filter((l) => l.kind === 'credit').map((l) => l.amount)).toEqual([
      -used,
    ]);
    // Paid with the credit: it is spent again, as the invoice says.
    expect(await balance(alex.customer.id)).toBe(3_000 - used);
  });

  it('credits spent meanwhile cannot be taken again: the shortfall is listed for the care team', async () => {
    const { alex, quote, used } = await raceReconciliation((customerId) =>
      setBalance(customerId, 0),
    );
    const [charge] = await server.database.db
      .select()
      .from(charges)
      .where(eq(charges.idempotencyKey, quote.id));
    expect(charge).toMatchObject({ status: 'succeeded', attention: 'creditsShort' });
    expect(await balance(alex.customer.id)).toBe(0);
    const listed = await staffGet<AttentionList>('/staff/payments/attention');
    const entry = listed.body.charges.find((c) => c.id === charge?.id);
    expect(entry).toMatchObject({
      attention: 'creditsShort',
      customerId: alex.customer.id,
      details: { shortCents: used, accountCents: used, referralCents: 0 },
    });
  });
});
