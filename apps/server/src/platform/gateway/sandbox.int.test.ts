import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/harness';
import type { Database } from '../../db/client';
import {
  sandboxGatewayCharges,
  sandboxGatewayPaymentMethods,
  sandboxGatewayTokens,
} from '../../db/schema/gateway';
import { TestClock } from '../clock';
import { loggerOptions } from '../logger';
import { sandboxAuthenticateRoutes } from './authenticate-routes';
import { sandboxCheckoutRoutes } from './checkout-routes';
import { IdempotencyKeyReused, type ChargeRequest, type GatewayEvent } from './gateway';
import { SandboxGateway } from './sandbox';
import { safeReturnPath } from './sandbox-page';
import { SANDBOX_AUTHENTICATE_CARD } from './test-cards';
import { signWebhook, WEBHOOK_SIGNATURE_HEADER } from './webhook-signing';

const secret = Buffer.from('0123456789abcdef0123456789abcdef');
const clock = new TestClock(new Date('2026-11-21T10:00:00Z'));
let database: Database;
let gateway: SandboxGateway;
let app: FastifyInstance;
/** What the sandbox sent to "our webhook", raw, as the merchant would receive it. */
let delivered: { raw: string; headers: Record<string, string> }[] = [];

useTestDatabase((opened) => {
  database = opened;
  gateway = new SandboxGateway(opened.db, clock, secret);
  gateway.checkout.deliverTo((raw, headers) => {
    delivered.push({ raw, headers });
    return Promise.resolve();
  });
});

beforeAll(async () => {
  app = Fastify();
  await app.register(sandboxCheckoutRoutes, { checkout: gateway.checkout });
  await app.register(sandboxAuthenticateRoutes, { gateway });
  await app.ready();
});
afterAll(() => app.close());
beforeEach(() => {
  delivered = [];
});

const card = (cardNumber: string) => ({ cardNumber, expMonth: 12, expYear: 2030, cvc: '123' });

async function paymentMethod(cardNumber: string, customer: string | null = null) {
  const { token } = await gateway.tokenize(card(cardNumber));
  const attached = await gateway.attach({ token, processorCustomerId: customer });
  if (!attached.ok) throw new Error(attached.reason);
  return attached.paymentMethod.id;
}

function chargeRequest(overrides: Partial<ChargeRequest> & { paymentMethodId: string }) {
  return {
    idempotencyKey: `key-${Math.random().toString(36).slice(2)}`,
    processorCustomerId: null,
    amountCents: 5_132,
    currency: 'usd' as const,
    description: 'Bulk order: 3 months',
    onSession: true,
    metadata: { ledgerId: 'led_1' },
    ...overrides,
  };
}

/** The one event delivered since the test began, verified and read as the merchant would. */
function deliveredEvent(): GatewayEvent {
  expect(delivered).toHaveLength(1);
  const [{ raw, headers }] = delivered as [{ raw: string; headers: Record<string, string> }];
  const check = gateway.verifyWebhook(raw, headers, clock.now());
  if (!check.ok) throw new Error(`refused: ${check.reason}`);
  return check.event;
}

describe('sandbox gateway: customers, cards, charges (DESIGN §4, §6; issue 39)', () => {
  it('makes one processor customer per customer of ours', async () => {
    const first = await gateway.createCustomer({ customerId: 'c-1', email: 'a@example.com' });
    expect(first).toMatch(/^cus_/);
    expect(await gateway.createCustomer({ customerId: 'c-1', email: null })).toBe(first);
    expect(await gateway.createCustomer({ customerId: 'c-2', email: null })).not.toBe(first);
  });

  it('has no card setup step: the browser posts the card to its tokenization endpoint', async () => {
    expect(gateway.provider).toBe('sandbox');
    expect(await gateway.startCardSetup({ processorCustomerId: null })).toEqual({
      setupId: null,
      clientSecret: null,
    });
  });

  it('a token is single use, and no card number is kept anywhere', async () => {
    const { token } = await gateway.tokenize(card('4242424242424242'));
    expect((await gateway.attach({ token, processorCustomerId: null })).ok).toBe(true);
    expect(await gateway.attach({ token, processorCustomerId: null })).toEqual({
      ok: false,
      reason: 'invalidCard',
    });
    const rows = [
      await database.db.select().from(sandboxGatewayTokens),
      await database.db.select().from(sandboxGatewayPaymentMethods),
    ];
    expect(JSON.stringify(rows)).toContain('"last4":"4242"');
    expect(JSON.stringify(rows)).not.toContain('4242424242424242');
  });

  it('a detached card, or one saved for another customer, is declined as invalidCard', async () => {
    const customer = await gateway.createCustomer({ customerId: 'c-3', email: null });
    const pm = await paymentMethod('4242424242424242', customer);
    const own = await gateway.charge(
      chargeRequest({ paymentMethodId: pm, processorCustomerId: customer }),
    );
    expect(own.status).toBe('succeeded');
    expect(
      await gateway.charge(chargeRequest({ paymentMethodId: pm, processorCustomerId: 'cus_x' })),
    ).toMatchObject({ status: 'declined', reason: 'invalidCard' });
    await gateway.detach(pm);
    expect(
      await gateway.charge(chargeRequest({ paymentMethodId: pm, processorCustomerId: customer })),
    ).toMatchObject({ status: 'declined', reason: 'invalidCard' });
  });

  it('a repeated idempotency key returns the first result and charges once', async () => {
    const request = chargeRequest({ paymentMethodId: await paymentMethod('4242424242424242') });
    const first = await gateway.charge(request);
    expect(first.status).toBe('succeeded');
    expect(await gateway.charge(request)).toEqual(first);
    expect(await gateway.findCharge(request.idempotencyKey)).toEqual(first);
    expect(await gateway.retrieveCharge(first.chargeId)).toEqual(first);
    expect(await gateway.countCharges(request.idempotencyKey)).toBe(1);
    const [row] = (await database.db.select().from(sandboxGatewayCharges)).filter(
      (r) => r.id === first.chargeId,
    );
    expect(row).toMatchObject({ amount: 5_132, metadata: { ledgerId: 'led_1' } });
  });

  it('a declined result is replayed too, and a key reused with another amount is refused', async () => {
    const request = chargeRequest({
      paymentMethodId: await paymentMethod('4000000000000341'),
      amountCents: 100,
    });
    const first = await gateway.charge(request);
    expect(first).toMatchObject({ status: 'declined', reason: 'declined' });
    expect(await gateway.charge(request)).toEqual(first);
    await expect(gateway.charge({ ...request, amountCents: 101 })).rejects.toBeInstanceOf(
      IdempotencyKeyReused,
    );
    expect(await gateway.findCharge('never-sent')).toBeNull();
    await expect(gateway.retrieveCharge('ch_neverMadeHere')).rejects.toThrow(/not found/);
  });
});

describe('sandbox gateway: the 3-D Secure card (4000 0027 6000 3184)', () => {
  it('saves fine; on session it asks for authentication, off session it is declined', async () => {
    const pm = await paymentMethod(SANDBOX_AUTHENTICATE_CARD);
    const onSession = chargeRequest({ paymentMethodId: pm });
    const asked = await gateway.charge(onSession);
    if (asked.status !== 'requires_action') throw new Error(asked.status);
    expect(asked.clientSecret).toMatch(new RegExp(`^${asked.chargeId}_secret_.+`));
    expect(asked.redirectUrl).toBe(`/gateway/sandbox/authenticate/${asked.chargeId}`);
    expect(await gateway.charge(onSession)).toEqual(asked);
    expect(await gateway.retrieveCharge(asked.chargeId)).toEqual(asked);
    expect(await gateway.countCharges(onSession.idempotencyKey)).toBe(1);

    const offSession = await gateway.charge(
      chargeRequest({ paymentMethodId: pm, onSession: false }),
    );
    expect(offSession).toMatchObject({ status: 'declined', reason: 'declined' });
    expect(delivered).toHaveLength(0);
  });

  it('the challenge page shows the payment and completes it once, with one signed event', async () => {
    const request = chargeRequest({
      paymentMethodId: await paymentMethod(SANDBOX_AUTHENTICATE_CARD),
    });
    const asked = await gateway.charge(request);
    const back = `/bulk-payment?actionId=a1&authenticated=1`;
    const pageUrl = `${asked.status === 'requires_action' ? asked.redirectUrl : ''}?return=${encodeURIComponent(back)}`;
    const page = await app.inject({ method: 'GET', url: pageUrl });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('$51.32');
    expect(page.body).toContain('Bulk order: 3 months');
    expect(page.body).toContain('Complete authentication');
    expect(page.body).toContain('Fail authentication');
    expect(page.body).not.toContain('<script');
    const action = `/gateway/sandbox/authenticate/${asked.chargeId}/complete?return=${encodeURIComponent(back)}`;
    expect(page.body).toContain(action.replaceAll('&', '&#38;'));

    const answer = await app.inject({ method: 'POST', url: action });
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe(back);
    expect(deliveredEvent()).toEqual({
      id: expect.stringMatching(/^evt_/) as unknown,
      type: 'charge.succeeded',
      chargeId: asked.chargeId,
      idempotencyKey: request.idempotencyKey,
      amountCents: 5_132,
    });
    const settled = { status: 'succeeded', chargeId: asked.chargeId };
    expect(await gateway.retrieveCharge(asked.chargeId)).toEqual(settled);
    expect(await gateway.charge(request)).toEqual(settled);

    // A second answer, either way, changes nothing and sends nothing.
    const failUrl = action.replace('/complete?', '/fail?');
    for (const url of [action, failUrl]) {
      expect((await app.inject({ method: 'POST', url })).statusCode).toBe(303);
    }
    expect(delivered).toHaveLength(1);
    expect(await gateway.retrieveCharge(asked.chargeId)).toEqual(settled);
    expect((await app.inject({ method: 'GET', url: pageUrl })).body).toContain('has completed');
  });

  it('a failed challenge declines the charge (reason declined) and says so by event', async () => {
    const request = chargeRequest({
      paymentMethodId: await paymentMethod(SANDBOX_AUTHENTICATE_CARD),
    });
    const { chargeId } = await gateway.charge(request);
    const fail = await app.inject({
      method: 'POST',
      url: `/gateway/sandbox/authenticate/${chargeId}/fail?return=%2Fbulk-payment`,
    });
    expect(fail.headers.location).toBe('/bulk-payment');
    expect(deliveredEvent()).toMatchObject({ type: 'charge.failed', chargeId, reason: 'declined' });
    const declined = { status: 'declined', chargeId, reason: 'declined' };
    expect(await gateway.retrieveCharge(chargeId)).toEqual(declined);
    await app.inject({ method: 'POST', url: `/gateway/sandbox/authenticate/${chargeId}/complete` });
    expect(await gateway.charge(request)).toEqual(declined);
    expect(delivered).toHaveLength(1);
  });

  it('goes back only to a path on this origin, and answers 404 for an unknown charge', async () => {
    for (const evil of ['//evil.example', 'https://evil.example', '/\\evil.example', '/\t/evil']) {
      expect(safeReturnPath(evil)).toBe('/');
    }
    expect(safeReturnPath(undefined)).toBe('/');
    expect(safeReturnPath('/billing?tab=invoices')).toBe('/billing?tab=invoices');

    const { chargeId } = await gateway.charge(
      chargeRequest({ paymentMethodId: await paymentMethod(SANDBOX_AUTHENTICATE_CARD) }),
    );
    const base = `/gateway/sandbox/authenticate/${chargeId}`;
    const page = await app.inject({ method: 'GET', url: `${base}?return=%2F%2Fevil.example` });
    expect(page.body).not.toContain('evil.example');
    const answer = await app.inject({
      method: 'POST',
      url: `${base}/complete?return=${encodeURIComponent('https://evil.example/x')}`,
    });
    expect(answer.headers.location).toBe('/');

    const unknown = '/gateway/sandbox/authenticate/ch_unknownChargeId';
    expect((await app.inject({ method: 'GET', url: unknown })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: `${unknown}/complete` })).statusCode).toBe(404);
    expect(
      (await app.inject({ method: 'GET', url: '/gateway/sandbox/authenticate/x' })).statusCode,
    ).toBe(404);
  });
});

describe('sandbox gateway: webhooks', () => {
  const event = {
    id: 'evt_1',
    type: 'charge.succeeded',
    created: 1,
    data: { chargeId: 'ch_1', idempotencyKey: 'k', amountCents: 100 },
  };
  const signed = (raw: string, at = clock.now()) => ({
    [WEBHOOK_SIGNATURE_HEADER]: signWebhook(secret, Math.floor(at.getTime() / 1000), raw),
  });

  it('refuses a tampered, stale, unsigned or unreadable event', () => {
    const raw = JSON.stringify(event);
    const headers = signed(raw);
    expect(gateway.verifyWebhook(raw, headers, clock.now()).ok).toBe(true);
    expect(gateway.verifyWebhook(raw.replace('100', '999'), headers, clock.now())).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    const later = new Date(clock.now().getTime() + 301_000);
    expect(gateway.verifyWebhook(raw, headers, later)).toEqual({ ok: false, reason: 'stale' });
    expect(gateway.verifyWebhook(raw, {}, clock.now())).toEqual({ ok: false, reason: 'missing' });
    const notEvent = JSON.stringify({ hello: 'world' });
    expect(gateway.verifyWebhook(notEvent, signed(notEvent), clock.now())).toEqual({
      ok: false,
      reason: 'invalid',
    });
    const badData = JSON.stringify({ ...event, data: { chargeId: 'ch_1' } });
    expect(gateway.verifyWebhook(badData, signed(badData), clock.now())).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('reads another verified type as ignored, and an old checkout event without a charge', () => {
    const other = JSON.stringify({ ...event, type: 'payout.paid' });
    expect(gateway.verifyWebhook(other, signed(other), clock.now())).toEqual({
      ok: true,
      event: { id: 'evt_1', type: 'ignored', processorType: 'payout.paid' },
    });
    const old = JSON.stringify({
      id: 'evt_2',
      type: 'checkout.completed',
      created: 1,
      data: { checkoutId: 'cs_1', clientReference: 'a1', amountCents: 100 },
    });
    expect(gateway.verifyWebhook(old, signed(old), clock.now())).toMatchObject({
      ok: true,
      event: { type: 'checkout.completed', checkoutId: 'cs_1', chargeId: null },
    });
  });
});

describe('no card number in the logs', () => {
  it('the logger redacts card numbers and CVCs wherever they appear', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const log = pino(loggerOptions('info'), sink);
    log.info({ body: card('4242424242424242') }, 'tokenize');
    log.info(card('4242424242424242'), 'flat');
    expect(lines.join('')).not.toContain('4242424242424242');
    expect(lines.join('')).not.toContain('"123"');
  });
});
