import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charges, invoices } from '../../db/schema/payments';
import {
  signedEvent,
  startStripeStandin,
  type StripeStandin,
} from '../../platform/gateway/stripe-standin';
import { graphql, startTestServer, type TestServer } from '../../../test/harness';
import { staffCall } from '../../../test/messaging-helpers';
import { monthlyCustomer, REPLACE, seedCatalogue } from '../../../test/billing-fixtures';
import { approveBulkOrder, purchaseBulk } from '../../../test/billing-suite';
import { BULK_PURPOSE } from '../bulk/payment';
import { GATEWAY_WEBHOOK_PATH } from './webhook-routes';

// Issue 39: the whole server with PAYMENTS_PROVIDER=stripe, the real SDK talking to the local
// stand-in of Stripe's API. The sandbox and its card-taking route do not exist; the browser's
// config names Stripe and its key; a card is saved through a SetupIntent (Stripe.js's part done
// by the stand-in's confirmSetup), a bulk order is charged with our key and the server's amount,
// 3-D Secure completes, pay-later is a Checkout session settled by a signed webhook, and a
// replayed event changes nothing.

const API_KEY = 'test-staff-api-key-0123456789';
const WEBHOOK_SECRET = 'whsec_standintest';
let stripe: StripeStandin;
let server: TestServer;

beforeAll(async () => {
  stripe = await startStripeStandin();
  server = await startTestServer({
    STAFF_API_KEY: API_KEY,
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_standin',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
  });
  await seedCatalogue(server);
  await staffCall(server, 'PUT', '/staff/flags/bulk_ordering', API_KEY, {
    customerId: null,
    enabled: true,
  });
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});

const START = `mutation { startCardSetup { provider setupId clientSecret } }`;
const PAY_LATER = `mutation L($id: ID!) { bulkPayLaterLink(customerActionId: $id) }`;

/** What the card form does with Stripe: setup, the Payment Element's confirm, then our API. */
async function customerWithStripeCard(last4: string) {
  const customer = await monthlyCustomer(server);
  const setup = await graphql<{
    startCardSetup: { provider: string; setupId: string; clientSecret: string };
  }>(server, START, customer.token);
  expect(setup.errors).toBeUndefined();
  const { provider, setupId, clientSecret } = setup.data?.startCardSetup ?? {};
  expect(provider).toBe('stripe');
  expect(setupId).toMatch(/^seti_/);
  expect(clientSecret).toMatch(/^seti_.+_secret_/);
  stripe.state.confirmSetup(setupId ?? '', last4);
  const saved = await graphql(server, REPLACE, customer.token, { old: null, token: setupId });
  expect(saved.errors).toBeUndefined();
  return customer;
}

const ledger = (actionId: string) =>
  server.database.db
    .select()
    .from(charges)
    .where(and(eq(charges.purpose, BULK_PURPOSE), eq(charges.reference, actionId)));

const invoicesOf = (chargeId: string) =>
  server.database.db.select().from(invoices).where(eq(invoices.chargeId, chargeId));

async function postEvent(event: Record<string, unknown> & { id: string; object: string }) {
  const { payload, header } = signedEvent(event, WEBHOOK_SECRET, Math.floor(Date.now() / 1000));
  return server.app.inject({
    method: 'POST',
    url: GATEWAY_WEBHOOK_PATH,
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
}

describe('the server with Stripe as the processor (issue 39)', () => {
  it('has no sandbox: no tokenization route, no hosted pages; the config and CSP name Stripe', async () => {
    const tokens = await server.app.inject({
      method: 'POST',
      url: '/gateway/sandbox/tokens',
      payload: { cardNumber: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' },
    });
    expect(tokens.statusCode).toBe(404);
    const checkout = await server.app.inject({ url: '/gateway/sandbox/checkout/cs_abcdefgh12' });
    expect(checkout.statusCode).toBe(404);
    expect(server.platform.sandbox).toBeUndefined();
    const config = await server.app.inject({ url: '/config.json' });
    expect(config.json()).toMatchObject({
      payments: { provider: 'stripe', publishableKey: 'pk_test_standin' },
    });
    const csp = String(config.headers['content-security-policy']);
    expect(csp).toMatch(/script-src[^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src[^;]*https:\/\/hooks\.stripe\.com/);
    expect(csp).toMatch(/connect-src[^;]*https:\/\/api\.stripe\.com/);
  });

  it('saves a card through a SetupIntent and charges a bulk order once, with our key and amount', async () => {
    const customer = await customerWithStripeCard('4242');
    const actionId = await approveBulkOrder(server, API_KEY, customer.customer.id, 2);
    const first = await purchaseBulk(server, customer.token, actionId);
    expect(first).toMatchObject({ purchaseSucceeded: true, actionCompleted: true });
    // Asked again (a double click, a retry): the same answer, no second payment.
    expect(await purchaseBulk(server, customer.token, actionId)).toMatchObject({
      purchaseSucceeded: true,
    });

    const [row] = await ledger(actionId);
    expect(row).toMatchObject({ status: 'succeeded', processor: 'stripe' });
    const intents = stripe.state.paymentIntentsWithKey(row?.idempotencyKey ?? '');
    expect(intents).toHaveLength(1);
    expect(intents[0]?.amount).toBe(row?.amount);
    expect(intents[0]?.status).toBe('succeeded');
    const sent = stripe.state.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/payment_intents',
    );
    const ours = sent.filter((r) => r.idempotencyKey === row?.idempotencyKey);
    expect(ours.length).toBeGreaterThan(0);
    expect(ours.every((r) => r.params.amount === String(row?.amount))).toBe(true);
    expect(await invoicesOf(row?.id ?? '')).toHaveLength(1);
  });

  it('finishes 3-D Secure: nextAction with the client secret, then settled when asked again', async () => {
    const customer = await customerWithStripeCard('3184');
    const actionId = await approveBulkOrder(server, API_KEY, customer.customer.id, 3);
    const asked = await purchaseBulk(server, customer.token, actionId);
    expect(asked).toMatchObject({ purchaseSucceeded: false, actionCompleted: false });
    expect(asked?.nextAction?.clientSecret).toMatch(/^pi_.+_secret_/);
    expect(asked?.nextAction?.redirectUrl).toBeNull();
    const [pending] = await ledger(actionId);
    expect(pending?.status).toBe('requires_action');

    stripe.state.completeAuthentication(pending?.gatewayChargeId ?? '');
    expect(await purchaseBulk(server, customer.token, actionId)).toMatchObject({
      purchaseSucceeded: true,
      actionCompleted: true,
    });
    const [settled] = await ledger(actionId);
    expect(settled?.status).toBe('succeeded');
    expect(await invoicesOf(settled?.id ?? '')).toHaveLength(1);
  });

  it('pays later through a Checkout session settled by its signed webhook, applied once', async () => {
    const customer = await customerWithStripeCard('4242');
    const actionId = await approveBulkOrder(server, API_KEY, customer.customer.id, 2);
    const link = await graphql<{ bulkPayLaterLink: string }>(server, PAY_LATER, customer.token, {
      id: actionId,
    });
    expect(link.errors).toBeUndefined();
    const session = [...stripe.state.checkoutSessions.values()].find(
      (s) => s.client_reference_id === actionId,
    );
    expect(session).toBeDefined();
    expect(link.data?.bulkPayLaterLink).toBe(session?.url);

    stripe.state.payCheckout(session?.id ?? '');
    const event = stripe.state.events.find(
      (e) =>
        e.type === 'checkout.session.completed' &&
        (e.data as { object: { id: string } }).object.id === session?.id,
    );
    expect(event).toBeDefined();
    const applied = await postEvent(event as NonNullable<typeof event>);
    expect(applied.statusCode).toBe(200);
    const [row] = await ledger(actionId);
    expect(row).toMatchObject({ status: 'succeeded', method: 'checkout' });
    expect(await invoicesOf(row?.id ?? '')).toHaveLength(1);

    // The same event again (Stripe retries until it hears 200): nothing more.
    const replayed = await postEvent(event as NonNullable<typeof event>);
    expect(replayed.statusCode).toBe(200);
    expect(await ledger(actionId)).toHaveLength(1);
    expect(await invoicesOf(row?.id ?? '')).toHaveLength(1);

    // A tampered body is refused and changes nothing.
    const { payload, header } = signedEvent(
      event as NonNullable<typeof event>,
      WEBHOOK_SECRET,
      Math.floor(Date.now() / 1000),
    );
    const tampered = await server.app.inject({
      method: 'POST',
      url: GATEWAY_WEBHOOK_PATH,
      payload: payload.replace('"paid"', '"unpaid"'),
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
    });
    expect(tampered.statusCode).toBe(401);
  });
});
