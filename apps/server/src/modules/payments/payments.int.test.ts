import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bulkOrders } from '../../db/schema/bulk';
import { customerActions } from '../../db/schema/customer-actions';
import { sandboxGatewayCharges } from '../../db/schema/gateway';
import { charges, invoices, processorCustomers } from '../../db/schema/payments';
import { SANDBOX_AUTHENTICATE_CARD } from '../../platform/gateway/test-cards';
import { graphql, type TestServer, sandboxOf } from '../../../test/harness';
import { change, monthlyCustomer, quoteFor } from '../../../test/billing-fixtures';
import {
  approveBulkOrder,
  customerWithCard,
  purchaseBulk,
  useBillingServer,
} from '../../../test/billing-suite';
import { BULK_PURPOSE } from '../bulk/payment';
import { pdfText } from './pdf-text';
import { GATEWAY_WEBHOOK_PATH } from './webhook-routes';

// Issue 39: one engine behind every charge. A paid bulk order has its invoice (PDF and HSA/FSA
// receipt) and its order row says paid; 3-D Secure asked of a bulk card payment is finished in
// the sandbox's challenge and settled by the webhook or by asking again; a processor event
// replayed changes nothing; the card form's setup names the processor.

const API_KEY = 'test-staff-api-key-0123456789';
let server: TestServer;
useBillingServer((started) => (server = started), {
  env: { STAFF_API_KEY: API_KEY },
  bulkOrdering: true,
});

const SUBMIT = `mutation S($v: Int) { submitBulkOrder(vialCount: $v) { data { id } } }`;
const INVOICES = `query { invoices { id number description total amount_paid status line_items { kind description amount } } }`;
const PDF_URL = `query P($id: ID!, $doc: InvoiceDocument) { invoicePdfUrl(invoiceId: $id, document: $doc) { downloadUrl } }`;

/** A submitted order the care team approved: its action id and order id. */
async function approvedOrder(customerId: string, token: string, vials = 3) {
  const submitted = await graphql<{ submitBulkOrder: { data: { id: string } } }>(
    server,
    SUBMIT,
    token,
    { v: vials },
  );
  const orderId = submitted.data?.submitBulkOrder.data.id ?? '';
  const actionId = await approveBulkOrder(server, API_KEY, customerId, { orderId });
  return { actionId, orderId };
}

async function orderRow(orderId: string) {
  const [row] = await server.database.db
    .select()
    .from(bulkOrders)
    .where(eq(bulkOrders.id, orderId));
  return row;
}

async function ledger(actionId: string) {
  return server.database.db
    .select()
    .from(charges)
    .where(and(eq(charges.purpose, BULK_PURPOSE), eq(charges.reference, actionId)));
}

async function invoicesOfCharge(chargeId: string) {
  return server.database.db.select().from(invoices).where(eq(invoices.chargeId, chargeId));
}

describe('a paid bulk order (issue 39)', () => {
  it('by card: an invoice with the medication, its receipt, and the order row paid with the date', async () => {
    server.clock.set('2026-03-10T18:00:00Z');
    const c = await customerWithCard(server);
    const { actionId, orderId } = await approvedOrder(c.customer.id, c.token, 3);
    expect((await orderRow(orderId))?.status).toBe('approved');
    expect(await purchaseBulk(server, c.token, actionId)).toMatchObject({
      purchaseSucceeded: true,
      actionCompleted: true,
      nextAction: null,
    });
    expect(await orderRow(orderId)).toMatchObject({
      status: 'paid',
      paidAt: new Date('2026-03-10T18:00:00Z'),
    });
    const listed = await graphql<{ invoices: Record<string, unknown>[] }>(
      server,
      INVOICES,
      c.token,
    );
    expect(listed.data?.invoices).toEqual([
      expect.objectContaining({
        description: 'Bulk semaglutide, 3 vials',
        total: 149_700,
        amount_paid: 149_700,
        status: 'paid',
        line_items: [
          { kind: 'medication', description: 'Bulk semaglutide, 3 vials', amount: 149_700 },
        ],
      }),
    ]);
    const invoiceId = (listed.data?.invoices[0]?.id as string) ?? '';
    const url = await graphql<{ invoicePdfUrl: { downloadUrl: string } }>(
      server,
      PDF_URL,
      c.token,
      {
        id: invoiceId,
        doc: 'HSA_FSA_RECEIPT',
      },
    );
    const pdf = await fetch(new URL(url.data?.invoicePdfUrl.downloadUrl ?? '', server.url));
    expect(pdf.status).toBe(200);
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('Semaglutide 12.5 mg per vial');
    expect(text).toContain('$1,497.00');
    // Asked again: the same answer, and still one charge and one invoice.
    await purchaseBulk(server, c.token, actionId);
    const rows = await ledger(actionId);
    expect(rows).toHaveLength(1);
    expect(await invoicesOfCharge(rows[0]?.id ?? '')).toHaveLength(1);
  });

  it('pay later: the checkout is a charge of the ledger, with its invoice, and the order is paid', async () => {
    const c = await customerWithCard(server);
    const { actionId, orderId } = await approvedOrder(c.customer.id, c.token, 2);
    const link = await graphql<{ bulkPayLaterLink: string }>(
      server,
      'mutation L($id: ID!) { bulkPayLaterLink(customerActionId: $id) }',
      c.token,
      { id: actionId },
    );
    const path = link.data?.bulkPayLaterLink ?? '';
    const paid = await fetch(`${server.url}${path}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const [charge, ...more] = await ledger(actionId);
    expect(more).toHaveLength(0);
    expect(charge).toMatchObject({ method: 'checkout', status: 'succeeded', amount: 109_800 });
    expect((await invoicesOfCharge(charge?.id ?? '')).map((i) => [i.status, i.total])).toEqual([
      ['paid', 109_800],
    ]);
    expect((await orderRow(orderId))?.status).toBe('paid');
  });
});

describe('3-D Secure on a bulk card payment (sandbox)', () => {
  it('answers nextAction, then settles once the challenge is completed (by the webhook)', async () => {
    const c = await customerWithCard(server, SANDBOX_AUTHENTICATE_CARD);
    const { actionId, orderId } = await approvedOrder(c.customer.id, c.token, 2);
    const first = await purchaseBulk(server, c.token, actionId);
    expect(first).toMatchObject({ purchaseSucceeded: false, actionCompleted: false, reason: null });
    const redirectUrl = first?.nextAction?.redirectUrl ?? '';
    expect(redirectUrl).toMatch(/^\/gateway\/sandbox\/authenticate\/ch_/);
    expect(first?.nextAction?.clientSecret).toMatch(/_secret_/);
    // Asked again before the challenge: the same action, nothing charged again.
    expect((await purchaseBulk(server, c.token, actionId))?.nextAction?.redirectUrl).toBe(
      redirectUrl,
    );
    expect((await ledger(actionId)).map((r) => r.status)).toEqual(['requires_action']);

    const back = encodeURIComponent(`/bulk-payment?actionId=${actionId}&authenticated=1`);
    const done = await fetch(`${server.url}${redirectUrl}/complete?return=${back}`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    // The signed charge.succeeded event settled it before the customer came back.
    const [row] = await ledger(actionId);
    expect([row?.status, row?.fulfilledAt !== null]).toEqual(['succeeded', true]);
    expect(await purchaseBulk(server, c.token, actionId)).toMatchObject({
      purchaseSucceeded: true,
      actionCompleted: true,
      nextAction: null,
    });
    expect((await orderRow(orderId))?.status).toBe('paid');
    expect(await invoicesOfCharge(row?.id ?? '')).toHaveLength(1);
  });

  it('settles when the customer comes back even if the webhook never arrived; a failed challenge declines', async () => {
    const c = await customerWithCard(server, SANDBOX_AUTHENTICATE_CARD);
    const lost: string[] = [];
    sandboxOf(server).checkout.deliverTo((payload) => {
      lost.push(payload);
      return Promise.reject(new Error('network down'));
    });
    try {
      const actionId = await approveBulkOrder(server, API_KEY, c.customer.id);
      const url = (await purchaseBulk(server, c.token, actionId))?.nextAction?.redirectUrl ?? '';
      await fetch(`${server.url}${url}/complete`, { method: 'POST', redirect: 'manual' });
      expect(lost).toHaveLength(1);
      expect((await ledger(actionId)).map((r) => r.status)).toEqual(['requires_action']);
      // The browser asks again: the processor is asked (retrieveCharge) and it settles.
      expect(await purchaseBulk(server, c.token, actionId)).toMatchObject({
        purchaseSucceeded: true,
      });

      const other = await approveBulkOrder(server, API_KEY, c.customer.id);
      const url2 = (await purchaseBulk(server, c.token, other))?.nextAction?.redirectUrl ?? '';
      await fetch(`${server.url}${url2}/fail`, { method: 'POST', redirect: 'manual' });
      expect(await purchaseBulk(server, c.token, other)).toMatchObject({
        purchaseSucceeded: false,
        reason: 'declined',
        nextAction: null,
      });
      expect(await actionStatus(other)).toBe('pending');
    } finally {
      rewireWebhook();
    }
  });

  it('a plan change is charged off session: the 3-D Secure card is declined (TC108)', async () => {
    server.clock.set('2026-03-10T18:00:00Z');
    const c = await customerWithCard(server, SANDBOX_AUTHENTICATE_CARD);
    const vars = { sub: c.subscription.id, length: 3 };
    const quote = (await quoteFor(server, c.token, vars)).data?.subscriptionPriceChangeQuote;
    if (!quote) throw new Error('no quote');
    const res = await change(server, c.token, vars, quote);
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'TC108', reason: 'declined' });
  });
});

describe('processor events', () => {
  it('an event replayed changes nothing; an unknown charge or another amount is ignored', async () => {
    const c = await customerWithCard(server, SANDBOX_AUTHENTICATE_CARD);
    const actionId = await approveBulkOrder(server, API_KEY, c.customer.id);
    const sent: { payload: string; headers: Record<string, string> }[] = [];
    sandboxOf(server).checkout.deliverTo((payload, headers) => {
      sent.push({ payload, headers });
      return Promise.resolve();
    });
    let chargeId = '';
    try {
      const url = (await purchaseBulk(server, c.token, actionId))?.nextAction?.redirectUrl ?? '';
      chargeId = url.split('/').pop() ?? '';
      await fetch(`${server.url}${url}/complete`, { method: 'POST', redirect: 'manual' });
    } finally {
      rewireWebhook();
    }
    const [event] = sent;
    if (!event) throw new Error('no event sent');
    const deliver = async (payload: string) =>
      (await fetch(`${server.url}${GATEWAY_WEBHOOK_PATH}`, {
        method: 'POST',
        headers: event.headers,
        body: payload,
      }).then((r) => r.json())) as { outcome: string };
    expect(await deliver(event.payload)).toMatchObject({ outcome: 'settled' });
    const before = await ledger(actionId);
    for (let i = 0; i < 3; i += 1) {
      expect(await deliver(event.payload)).toMatchObject({ outcome: 'duplicate' });
    }
    expect(await ledger(actionId)).toEqual(before);
    expect(await invoicesOfCharge(before[0]?.id ?? '')).toHaveLength(1);
    const sandbox = await server.database.db
      .select()
      .from(sandboxGatewayCharges)
      .where(eq(sandboxGatewayCharges.id, chargeId));
    expect(sandbox.map((s) => s.status)).toEqual(['succeeded']);
  });
});

describe('startCardSetup', () => {
  it('names the sandbox, gives no secret, and makes the processor customer once', async () => {
    const c = await monthlyCustomer(server);
    const SETUP = 'mutation { startCardSetup { provider setupId clientSecret } }';
    for (let i = 0; i < 2; i += 1) {
      const res = await graphql<{ startCardSetup: unknown }>(server, SETUP, c.token);
      expect(res.data?.startCardSetup).toEqual({
        provider: 'sandbox',
        setupId: null,
        clientSecret: null,
      });
    }
    const rows = await server.database.db
      .select()
      .from(processorCustomers)
      .where(eq(processorCustomers.customerId, c.customer.id));
    expect(rows.map((r) => [r.provider, r.processorCustomerId.startsWith('cus_')])).toEqual([
      ['sandbox', true],
    ]);
    expect((await graphql(server, SETUP)).errors?.length).toBeGreaterThan(0);
  });
});

async function actionStatus(id: string) {
  const [row] = await server.database.db
    .select()
    .from(customerActions)
    .where(eq(customerActions.id, id));
  return row?.status;
}

/** The sandbox's events to this app's webhook again, as app.ts wires them. */
function rewireWebhook() {
  sandboxOf(server).checkout.deliverTo(async (payload, headers) => {
    const res = await server.app.inject({
      method: 'POST',
      url: GATEWAY_WEBHOOK_PATH,
      payload,
      headers,
    });
    if (res.statusCode >= 300) throw new Error(`webhook answered ${String(res.statusCode)}`);
  });
}
