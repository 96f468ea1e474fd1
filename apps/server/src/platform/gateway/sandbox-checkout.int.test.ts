import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/harness';
import { TestClock } from '../clock';
import { sandboxCheckoutRoutes } from './checkout-routes';
import { IdempotencyKeyReused, type ChargeResult, type GatewayEvent } from './gateway';
import { SandboxGateway } from './sandbox';

// The sandbox's hosted pay-later checkout and its refunds (issue 39): idempotent by key, and
// the paid checkout's payment is a charge that can be refunded, never beyond what it took.

const secret = Buffer.from('fedcba9876543210fedcba9876543210');
const clock = new TestClock(new Date('2026-11-21T10:00:00Z'));
let gateway: SandboxGateway;
let app: FastifyInstance;
let delivered: { raw: string; headers: Record<string, string> }[] = [];

useTestDatabase((opened) => {
  gateway = new SandboxGateway(opened.db, clock, secret);
  gateway.checkout.deliverTo((raw, headers) => {
    delivered.push({ raw, headers });
    return Promise.resolve();
  });
});

beforeAll(async () => {
  app = Fastify();
  await app.register(sandboxCheckoutRoutes, { checkout: gateway.checkout });
  await app.ready();
});
afterAll(() => app.close());
beforeEach(() => {
  delivered = [];
});

const checkout = (idempotencyKey: string, amountCents = 12_000) => ({
  idempotencyKey,
  clientReference: `action-${idempotencyKey}`,
  amountCents,
  currency: 'usd' as const,
  description: 'Bulk order: 6 months',
  successUrl: 'http://localhost:3000/bulk-payment?actionId=a1&paid=1',
  cancelUrl: '/bulk-payment?actionId=a1',
  processorCustomerId: null,
});

async function succeededCharge(amountCents: number): Promise<string> {
  const { token } = await gateway.tokenize({
    cardNumber: '4242424242424242',
    expMonth: 12,
    expYear: 2030,
    cvc: '123',
  });
  const attached = await gateway.attach({ token, processorCustomerId: null });
  if (!attached.ok) throw new Error(attached.reason);
  const result: ChargeResult = await gateway.charge({
    idempotencyKey: `charge-${String(Math.random())}`,
    processorCustomerId: null,
    paymentMethodId: attached.paymentMethod.id,
    amountCents,
    currency: 'usd',
    description: 'Plan renewal',
    onSession: false,
    metadata: {},
  });
  if (result.status !== 'succeeded') throw new Error(result.status);
  return result.chargeId;
}

describe('sandbox hosted checkout', () => {
  it('opens one checkout per key, at a relative address; another amount is refused', async () => {
    const first = await gateway.createCheckout(checkout('co-1'));
    expect(first.id).toMatch(/^cs_/);
    expect(first.url).toBe(`/gateway/sandbox/checkout/${first.id}`);
    expect(await gateway.createCheckout(checkout('co-1'))).toEqual(first);
    expect((await gateway.createCheckout(checkout('co-2'))).id).not.toBe(first.id);
    await expect(gateway.createCheckout(checkout('co-1', 12_001))).rejects.toBeInstanceOf(
      IdempotencyKeyReused,
    );
  });

  it('paid once: back to the success URL, one event whose charge can be refunded', async () => {
    const { url } = await gateway.createCheckout(checkout('co-3'));
    const page = await app.inject({ method: 'GET', url });
    expect(page.body).toContain('$120.00');
    expect(page.body).toContain('href="/bulk-payment?actionId=a1"');
    expect(page.body).not.toContain('<script');
    const paid = await app.inject({ method: 'POST', url: `${url}/pay` });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(checkout('co-3').successUrl);
    expect((await app.inject({ method: 'POST', url: `${url}/pay` })).statusCode).toBe(303);
    expect(delivered).toHaveLength(1);
    const [{ raw, headers }] = delivered as [{ raw: string; headers: Record<string, string> }];
    const check = gateway.verifyWebhook(raw, headers, clock.now());
    if (!check.ok) throw new Error(check.reason);
    const event = check.event as Extract<GatewayEvent, { type: 'checkout.completed' }>;
    expect(event).toMatchObject({
      type: 'checkout.completed',
      clientReference: 'action-co-3',
      amountCents: 12_000,
      chargeId: expect.stringMatching(/^ch_/) as unknown,
    });
    if (!event.chargeId) throw new Error('no charge');
    expect(await gateway.retrieveCharge(event.chargeId)).toEqual({
      status: 'succeeded',
      chargeId: event.chargeId,
    });
    const refund = { idempotencyKey: 'rf-co-3', chargeId: event.chargeId, amountCents: 12_000 };
    expect(await gateway.refund(refund)).toMatchObject({ status: 'succeeded' });
    expect((await app.inject({ method: 'GET', url })).body).toContain('This checkout is complete');

    // Redelivery (the processor's retry) sends the same event again, signed afresh.
    await gateway.checkout.send(JSON.parse(raw) as Parameters<typeof gateway.checkout.send>[0]);
    expect(delivered[1]?.raw).toBe(raw);
  });

  it('an unknown checkout is 404', async () => {
    const url = '/gateway/sandbox/checkout/cs_unknownCheckout';
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: `${url}/pay` })).statusCode).toBe(404);
    expect(delivered).toHaveLength(0);
  });
});

describe('sandbox refunds', () => {
  it('refunds part, then the rest, and refuses anything beyond the charge', async () => {
    const chargeId = await succeededCharge(10_000);
    const part = await gateway.refund({ idempotencyKey: 'rf-1', chargeId, amountCents: 2_500 });
    expect(part).toMatchObject({
      status: 'succeeded',
      refundId: expect.stringMatching(/^re_/) as unknown,
    });
    expect(await gateway.refund({ idempotencyKey: 'rf-2', chargeId, amountCents: 7_501 })).toEqual({
      status: 'failed',
      refundId: null,
      reason: 'amount_exceeds_charge',
    });
    const rest = await gateway.refund({ idempotencyKey: 'rf-3', chargeId, amountCents: 7_500 });
    expect(rest.status).toBe('succeeded');
    expect(
      await gateway.refund({ idempotencyKey: 'rf-4', chargeId, amountCents: 1 }),
    ).toMatchObject({ status: 'failed', reason: 'amount_exceeds_charge' });
  });

  it('the same key refunds once; with another amount it is refused as a bug', async () => {
    const chargeId = await succeededCharge(1_000);
    const request = { idempotencyKey: 'rf-5', chargeId, amountCents: 600 };
    const first = await gateway.refund(request);
    expect(first.status).toBe('succeeded');
    expect(await gateway.refund(request)).toEqual(first);
    // Had the repeat refunded again, 600 + 600 would exceed the charge; 400 more still fits.
    expect(
      (await gateway.refund({ idempotencyKey: 'rf-6', chargeId, amountCents: 400 })).status,
    ).toBe('succeeded');
    await expect(gateway.refund({ ...request, amountCents: 500 })).rejects.toBeInstanceOf(
      IdempotencyKeyReused,
    );
  });

  it('two refunds of one charge at once never take more than it', async () => {
    const chargeId = await succeededCharge(1_000);
    const results = await Promise.all(
      ['rf-7', 'rf-8'].map((key) =>
        gateway.refund({ idempotencyKey: key, chargeId, amountCents: 600 }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['failed', 'succeeded']);
  });

  it('refuses a declined, unknown or non-positive refund', async () => {
    const { token } = await gateway.tokenize({
      cardNumber: '4000000000000341',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
    const attached = await gateway.attach({ token, processorCustomerId: null });
    if (!attached.ok) throw new Error(attached.reason);
    const declined = await gateway.charge({
      idempotencyKey: 'declined-1',
      processorCustomerId: null,
      paymentMethodId: attached.paymentMethod.id,
      amountCents: 500,
      currency: 'usd',
      description: 'x',
      onSession: true,
      metadata: {},
    });
    expect(declined.status).toBe('declined');
    const refund = (key: string, chargeId: string, amountCents: number) =>
      gateway.refund({ idempotencyKey: key, chargeId, amountCents });
    expect(await refund('rf-9', declined.chargeId, 500)).toMatchObject({
      status: 'failed',
      reason: 'charge_not_refundable',
    });
    expect(await refund('rf-10', 'ch_neverMade', 500)).toMatchObject({
      status: 'failed',
      reason: 'charge_not_found',
    });
    const chargeId = await succeededCharge(500);
    expect(await refund('rf-11', chargeId, 0)).toMatchObject({ reason: 'invalid_amount' });
    expect(await refund('rf-12', chargeId, 500)).toMatchObject({ status: 'succeeded' });
  });
});
