import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdempotencyKeyReused, type ChargeRequest } from './gateway';
import { PaymentStillProcessing, StripeGateway } from './stripe';
import { declineReasonOf } from './stripe-decline-codes';
import { signedEvent, startStripeStandin, type StripeStandin } from './stripe-standin';
import type { StripeObject } from './stripe-standin-state';

// The Stripe adapter with the real SDK, pointed by host/port/protocol at the local stand-in
// (issue 39). No database: the adapter keeps nothing; the stand-in records what it was sent.

const WEBHOOK_SECRET = 'whsec_standinsecret';
let standin: StripeStandin;
let gateway: StripeGateway;

beforeAll(async () => {
  standin = await startStripeStandin();
  gateway = new StripeGateway({
    secretKey: 'sk_test_standin',
    webhookSecret: WEBHOOK_SECRET,
    apiBase: { host: standin.host, port: standin.port, protocol: 'http' },
  });
});
afterAll(async () => {
  await standin.close();
});

async function customerWithCard(last4: string) {
  const customer = await gateway.createCustomer({ customerId: randomUUID(), email: 'a@b.test' });
  const method = standin.state.addPaymentMethod({ customer, last4 });
  return { customer, paymentMethodId: method.id };
}

async function chargeRequest(last4: string, overrides: Partial<ChargeRequest> = {}) {
  const { customer, paymentMethodId } = await customerWithCard(last4);
  const key = randomUUID();
  return {
    idempotencyKey: key,
    processorCustomerId: customer,
    paymentMethodId,
    amountCents: 5_132,
    currency: 'usd',
    description: 'Bulk order',
    onSession: true,
    metadata: { ledger_id: `ledger-${key}` },
    ...overrides,
  } satisfies ChargeRequest;
}

/** A Stripe id with this prefix (expect's matchers are typed any). */
const anId = (prefix: string) => expect.stringMatching(new RegExp(`^${prefix}_`)) as string;

const paymentRequests = (key: string) =>
  standin.state.requests.filter(
    (r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.idempotencyKey === key,
  );

describe('Stripe adapter: charges', () => {
  it('sends our idempotency key, our amount and our metadata with every charge', async () => {
    const request = await chargeRequest('4242');
    const result = await gateway.charge(request);
    expect(result).toEqual({ status: 'succeeded', chargeId: anId('pi') });
    const [sent] = paymentRequests(request.idempotencyKey);
    expect(sent?.params).toMatchObject({
      amount: '5132',
      currency: 'usd',
      customer: request.processorCustomerId,
      payment_method: request.paymentMethodId,
      confirm: 'true',
      off_session: 'false',
      metadata: { idempotency_key: request.idempotencyKey, ledger_id: request.metadata.ledger_id },
    });
  });

  it('a repeated request charges once and answers the first result', async () => {
    const request = await chargeRequest('4242');
    const first = await gateway.charge(request);
    expect(await gateway.charge(request)).toEqual(first);
    expect(standin.state.paymentIntentsWithKey(request.idempotencyKey)).toHaveLength(1);
    expect(paymentRequests(request.idempotencyKey)).toHaveLength(2);
  });

  it('a lost response is retried by the SDK under the same key and charges once', async () => {
    const request = await chargeRequest('4242');
    standin.state.loseResponses.push('/v1/payment_intents');
    const result = await gateway.charge(request);
    expect(result.status).toBe('succeeded');
    expect(paymentRequests(request.idempotencyKey)).toHaveLength(2);
    expect(standin.state.paymentIntentsWithKey(request.idempotencyKey)).toHaveLength(1);
  });

  it('a key reused with another amount is refused', async () => {
    const request = await chargeRequest('4242');
    await gateway.charge(request);
    await expect(gateway.charge({ ...request, amountCents: 5_133 })).rejects.toBeInstanceOf(
      IdempotencyKeyReused,
    );
    expect(standin.state.paymentIntentsWithKey(request.idempotencyKey)).toHaveLength(1);
  });

  it.each([
    ['0002', 'declined'],
    ['9995', 'insufficientFunds'],
    ['9979', 'lostOrStolen'],
    ['0069', 'expiredCard'],
    ['0127', 'invalidCard'],
    ['0119', 'collectionFailed'],
  ])(
    'card ending %s is declined with the spec reason %s, replayed for the same key',
    async (last4, reason) => {
      const request = await chargeRequest(last4);
      const result = await gateway.charge(request);
      expect(result).toEqual({
        status: 'declined',
        chargeId: anId('pi'),
        reason,
      });
      expect(await gateway.charge(request)).toEqual(result);
      expect(standin.state.paymentIntentsWithKey(request.idempotencyKey)).toHaveLength(1);
    },
  );

  it('3-D Secure on session: requires_action with the client secret, succeeded once completed', async () => {
    const request = await chargeRequest('3184');
    const result = await gateway.charge(request);
    if (result.status !== 'requires_action') throw new Error(`got ${result.status}`);
    const intent = standin.state.paymentIntents.get(result.chargeId);
    expect(result).toEqual({
      status: 'requires_action',
      chargeId: intent?.id,
      clientSecret: intent?.client_secret,
      redirectUrl: null,
    });
    expect(await gateway.retrieveCharge(result.chargeId)).toEqual(result);
    standin.state.completeAuthentication(result.chargeId);
    expect(await gateway.retrieveCharge(result.chargeId)).toEqual({
      status: 'succeeded',
      chargeId: result.chargeId,
    });
  });

  it('3-D Secure failed by the customer reads as declined', async () => {
    const result = await gateway.charge(await chargeRequest('3184'));
    standin.state.failAuthentication(result.chargeId);
    expect(await gateway.retrieveCharge(result.chargeId)).toEqual({
      status: 'declined',
      chargeId: result.chargeId,
      reason: 'declined',
    });
  });

  it('3-D Secure off session (a renewal) is a decline, not an action nobody can take', async () => {
    const request = await chargeRequest('3184', { onSession: false });
    const result = await gateway.charge(request);
    expect(result).toEqual({
      status: 'declined',
      chargeId: anId('pi'),
      reason: 'declined',
    });
    expect(paymentRequests(request.idempotencyKey)[0]?.params.off_session).toBe('true');
  });

  it('a payment still processing is thrown, so the caller keeps its row pending', async () => {
    const result = await gateway.charge(await chargeRequest('4242'));
    standin.state.setPaymentIntentStatus(result.chargeId, 'processing');
    await expect(gateway.retrieveCharge(result.chargeId)).rejects.toBeInstanceOf(
      PaymentStillProcessing,
    );
  });

  it('findCharge finds a charge by our key, and nothing for a key never sent', async () => {
    const request = await chargeRequest('0002', { idempotencyKey: `it's-${randomUUID()}` });
    const result = await gateway.charge(request);
    expect(await gateway.findCharge(request.idempotencyKey)).toEqual(result);
    expect(await gateway.findCharge(randomUUID())).toBeNull();
  });
});

describe('Stripe adapter: refunds', () => {
  it('refunds part, then the rest, and refuses a refund beyond what was taken', async () => {
    const charged = await gateway.charge(await chargeRequest('4242', { amountCents: 10_000 }));
    const part = { idempotencyKey: randomUUID(), chargeId: charged.chargeId, amountCents: 2_500 };
    const first = await gateway.refund(part);
    expect(first).toEqual({ status: 'succeeded', refundId: anId('re') });
    expect(await gateway.refund(part)).toEqual(first);
    expect(
      await gateway.refund({
        idempotencyKey: randomUUID(),
        chargeId: charged.chargeId,
        amountCents: 7_501,
      }),
    ).toMatchObject({ status: 'failed', refundId: null });
    expect(
      await gateway.refund({
        idempotencyKey: randomUUID(),
        chargeId: charged.chargeId,
        amountCents: 7_500,
      }),
    ).toMatchObject({ status: 'succeeded' });
    expect(
      await gateway.refund({
        idempotencyKey: randomUUID(),
        chargeId: charged.chargeId,
        amountCents: 1,
      }),
    ).toEqual({ status: 'failed', refundId: null, reason: 'charge_already_refunded' });
    const refunds = [...standin.state.refunds.values()].filter(
      (r) => r.payment_intent === charged.chargeId,
    );
    expect(refunds.map((r) => r.amount)).toEqual([2_500, 7_500]);
  });
});

describe('Stripe adapter: saving a card', () => {
  it('makes one Stripe customer per customer of ours, carrying our id', async () => {
    const customerId = randomUUID();
    const first = await gateway.createCustomer({ customerId, email: null });
    expect(await gateway.createCustomer({ customerId, email: null })).toBe(first);
    expect(standin.state.customers.get(first)?.metadata).toEqual({ customer_id: customerId });
  });

  it('starts an off-session card SetupIntent for the customer', async () => {
    const customer = await gateway.createCustomer({ customerId: randomUUID(), email: null });
    const setup = await gateway.startCardSetup({ processorCustomerId: customer });
    const intent = standin.state.setupIntents.get(setup.setupId ?? '');
    expect(setup).toEqual({ setupId: intent?.id, clientSecret: intent?.client_secret });
    expect(intent).toMatchObject({ customer, usage: 'off_session' });
  });

  it('saves only a succeeded SetupIntent of this customer, with brand, last 4 and expiry', async () => {
    const customer = await gateway.createCustomer({ customerId: randomUUID(), email: null });
    const other = await gateway.createCustomer({ customerId: randomUUID(), email: null });
    const mine = await gateway.startCardSetup({ processorCustomerId: customer });
    const setupId = mine.setupId ?? '';
    const attach = (token: string, processorCustomerId = customer) =>
      gateway.attach({ token, processorCustomerId });

    expect(await attach(setupId)).toEqual({ ok: false, reason: 'invalidCard' });
    standin.state.confirmSetup(setupId, '4444', 'mastercard');
    expect(await attach(setupId, other)).toEqual({ ok: false, reason: 'invalidCard' });
    expect(await attach('pm_card_visa')).toEqual({ ok: false, reason: 'invalidCard' });
    expect(await attach('seti_unknown')).toEqual({ ok: false, reason: 'invalidCard' });
    expect(await attach(setupId)).toEqual({
      ok: true,
      paymentMethod: {
        id: anId('pm'),
        brand: 'Mastercard',
        last4: '4444',
        expiryMonth: 12,
        expiryYear: 2034,
      },
    });
  });

  it('a declined setup is refused with its reason', async () => {
    const customer = await gateway.createCustomer({ customerId: randomUUID(), email: null });
    const { setupId } = await gateway.startCardSetup({ processorCustomerId: customer });
    standin.state.confirmSetup(setupId ?? '', '9995');
    expect(await gateway.attach({ token: setupId ?? '', processorCustomerId: customer })).toEqual({
      ok: false,
      reason: 'insufficientFunds',
    });
  });

  it('detach lets go of the card, and of one Stripe no longer has', async () => {
    const { paymentMethodId } = await customerWithCard('4242');
    await gateway.detach(paymentMethodId);
    expect(standin.state.paymentMethods.get(paymentMethodId)?.customer).toBeNull();
    await expect(gateway.detach('pm_gone')).resolves.toBeUndefined();
  });
});

describe('Stripe adapter: hosted checkout (pay-later)', () => {
  it('carries the action id as client_reference_id and our amount', async () => {
    const request = {
      idempotencyKey: randomUUID(),
      clientReference: randomUUID(),
      amountCents: 48_000,
      currency: 'usd',
      description: 'Bulk order of 3 months',
      successUrl: 'https://portal.test/bulk-payment?paid=1',
      cancelUrl: 'https://portal.test/bulk-payment',
      processorCustomerId: null,
    } as const;
    const checkout = await gateway.createCheckout(request);
    expect(await gateway.createCheckout(request)).toEqual(checkout);
    const session = standin.state.checkoutSessions.get(checkout.id);
    expect(checkout.url).toBe(session?.url);
    expect(session).toMatchObject({
      client_reference_id: request.clientReference,
      amount_total: 48_000,
      success_url: request.successUrl,
    });
    standin.state.payCheckout(checkout.id);
    const completed = lastEvent('checkout.session.completed');
    const now = new Date();
    const check = gateway.verifyWebhook(...delivery(completed, now), now);
    expect(check).toEqual({
      ok: true,
      event: {
        id: completed.id,
        type: 'checkout.completed',
        checkoutId: checkout.id,
        clientReference: request.clientReference,
        amountCents: 48_000,
        chargeId: standin.state.checkoutSessions.get(checkout.id)?.payment_intent,
      },
    });
  });
});

function lastEvent(type: string): StripeObject {
  const event = standin.state.events.findLast((e) => e.type === type);
  if (!event) throw new Error(`no ${type} event`);
  return event;
}

/** The body and headers Stripe would post, signed at `signedAt`. */
function delivery(
  event: StripeObject,
  signedAt: Date,
  secret = WEBHOOK_SECRET,
): [string, Record<string, string>] {
  const { payload, header } = signedEvent(event, secret, Math.floor(signedAt.getTime() / 1000));
  return [payload, { 'stripe-signature': header }];
}

describe('Stripe adapter: webhooks', () => {
  const now = new Date('2031-03-09T12:00:00Z');
  const secondsAgo = (s: number) => new Date(now.getTime() - s * 1000);

  it('a signed payment_intent.succeeded is charge.succeeded with our key and the amount', async () => {
    const request = await chargeRequest('4242');
    const result = await gateway.charge(request);
    const event = lastEvent('payment_intent.succeeded');
    expect(gateway.verifyWebhook(...delivery(event, now), now)).toEqual({
      ok: true,
      event: {
        id: event.id,
        type: 'charge.succeeded',
        chargeId: result.chargeId,
        idempotencyKey: request.idempotencyKey,
        amountCents: 5_132,
      },
    });
    // A replay verifies to the same event id: the payments module applies each id once.
    const replay = gateway.verifyWebhook(...delivery(event, secondsAgo(10)), now);
    expect(replay.ok && replay.event.id).toBe(event.id);
  });

  it('a signed payment_intent.payment_failed is charge.failed with the spec reason', async () => {
    const request = await chargeRequest('9995');
    await gateway.charge(request);
    const event = lastEvent('payment_intent.payment_failed');
    expect(gateway.verifyWebhook(...delivery(event, now), now)).toMatchObject({
      ok: true,
      event: {
        type: 'charge.failed',
        idempotencyKey: request.idempotencyKey,
        reason: 'insufficientFunds',
      },
    });
  });

  it('refuses a tampered, stale, future, unsigned or wrongly signed event', async () => {
    await gateway.charge(await chargeRequest('4242'));
    const event = lastEvent('payment_intent.succeeded');
    const [payload, headers] = delivery(event, now);
    const tampered = payload.replace('"amount_received":5132', '"amount_received":1');
    expect(tampered).not.toBe(payload);
    expect(gateway.verifyWebhook(tampered, headers, now)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(gateway.verifyWebhook(...delivery(event, secondsAgo(301)), now)).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(gateway.verifyWebhook(...delivery(event, secondsAgo(299)), now).ok).toBe(true);
    expect(gateway.verifyWebhook(...delivery(event, secondsAgo(-301)), now)).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(gateway.verifyWebhook(payload, {}, now)).toEqual({ ok: false, reason: 'missing' });
    expect(gateway.verifyWebhook(...delivery(event, now, 'whsec_other'), now)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(gateway.verifyWebhook(payload, { 'stripe-signature': 'garbage' }, now)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('a signed body that is not an event is malformed; an event we do not act on is ignored', () => {
    const t = Math.floor(now.getTime() / 1000);
    const notJson = signedEventRaw('{not json', t);
    expect(gateway.verifyWebhook(notJson.payload, notJson.headers, now)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    const other = {
      id: 'evt_1',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_1' } },
    };
    expect(gateway.verifyWebhook(...delivery(other, now), now)).toEqual({
      ok: true,
      event: { id: 'evt_1', type: 'ignored', processorType: 'customer.created' },
    });
  });
});

/** A body signed as Stripe signs, whatever it holds. */
function signedEventRaw(payload: string, timestamp: number) {
  const header = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    timestamp,
  });
  return { payload, headers: { 'stripe-signature': header } };
}

describe('Stripe decline codes in the spec words (spec 02 §8)', () => {
  it.each([
    [['card_declined', 'generic_decline'], 'declined'],
    [['card_declined', 'insufficient_funds'], 'insufficientFunds'],
    [['card_declined', 'lost_card'], 'lostOrStolen'],
    [['expired_card', null], 'expiredCard'],
    [['incorrect_number', null], 'invalidCard'],
    [['card_declined', 'incorrect_zip'], 'addressMismatch'],
    [['card_declined', 'do_not_honor'], 'doNotHonor'],
    [['card_declined', 'card_velocity_exceeded'], 'notAllowed'],
    [['card_declined', 'currency_not_supported'], 'unsupportedInstrument'],
    [['authentication_required', 'authentication_required'], 'declined'],
    [['card_declined', 'fraudulent'], 'declined'],
    [['constructor', null], 'declined'],
    [[undefined, undefined], 'declined'],
  ] as const)('%j → %s', ([code, declineCode], reason) => {
    expect(declineReasonOf(code, declineCode)).toBe(reason);
  });
});

describe('Stripe stand-in for development runs', () => {
  it('its hosted checkout page pays, returns to our page, and delivers the signed event', async () => {
    const received: { body: string; signature: string | undefined }[] = [];
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({
          body: Buffer.concat(chunks).toString('utf8'),
          signature: req.headers['stripe-signature'] as string | undefined,
        });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    const dev = await startStripeStandin({
      webhook: { url: `http://127.0.0.1:${String(port)}/webhooks/stripe`, secret: WEBHOOK_SECRET },
    });
    try {
      const devGateway = new StripeGateway({
        secretKey: 'sk_test_standin',
        webhookSecret: WEBHOOK_SECRET,
        apiBase: { host: dev.host, port: dev.port, protocol: 'http' },
      });
      const clientReference = randomUUID();
      const checkout = await devGateway.createCheckout({
        idempotencyKey: randomUUID(),
        clientReference,
        amountCents: 12_000,
        currency: 'usd',
        description: 'Bulk order',
        successUrl: 'https://portal.test/bulk-payment?session={CHECKOUT_SESSION_ID}',
        cancelUrl: 'https://portal.test/bulk-payment',
        processorCustomerId: null,
      });
      const page = await fetch(checkout.url);
      expect(await page.text()).toContain('$120.00');
      const paid = await fetch(checkout.url, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(
        `https://portal.test/bulk-payment?session=${checkout.id}`,
      );
      await dev.flush();
      const completed = received
        .map((r) =>
          devGateway.verifyWebhook(r.body, { 'stripe-signature': r.signature }, new Date()),
        )
        .find((check) => check.ok && check.event.type === 'checkout.completed');
      expect(completed).toMatchObject({
        ok: true,
        event: { checkoutId: checkout.id, clientReference, amountCents: 12_000 },
      });
      expect(dev.state.webhookDeliveries.every((d) => d.status === 200)).toBe(true);
    } finally {
      await dev.close();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
