import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../test/harness';
import { loggerOptions } from '../logger';
import { IdempotencyKeyReused } from './gateway';
import { SandboxGateway } from './sandbox';

let gateway: SandboxGateway;
useTestDatabase((opened) => {
  gateway = new SandboxGateway(opened.db);
});

const card = (cardNumber: string) => ({ cardNumber, expMonth: 12, expYear: 2030, cvc: '123' });

async function paymentMethod(cardNumber: string): Promise<string> {
  const { token } = await gateway.tokenize(card(cardNumber));
  const attached = await gateway.attach(token);
  if (!attached.ok) throw new Error(attached.reason);
  return attached.paymentMethod.id;
}

describe('sandbox gateway (DESIGN §4, §6)', () => {
  it('a token is single use', async () => {
    const { token } = await gateway.tokenize(card('4242424242424242'));
    expect((await gateway.attach(token)).ok).toBe(true);
    expect(await gateway.attach(token)).toEqual({ ok: false, reason: 'invalidCard' });
  });

  it('a repeated idempotency key returns the first result and charges once', async () => {
    const pm = await paymentMethod('4242424242424242');
    const request = {
      idempotencyKey: 'key-1',
      paymentMethodId: pm,
      amountCents: 5_132,
      description: 'x',
    };
    const first = await gateway.charge(request);
    expect(first.status).toBe('succeeded');
    expect(await gateway.charge(request)).toEqual(first);
    expect(await gateway.findCharge('key-1')).toEqual(first);
    expect(await gateway.countCharges('key-1')).toBe(1);
  });

  it('a declined result is replayed too, and a key reused with another amount is refused', async () => {
    const pm = await paymentMethod('4000000000000341');
    const request = {
      idempotencyKey: 'key-2',
      paymentMethodId: pm,
      amountCents: 100,
      description: 'x',
    };
    const first = await gateway.charge(request);
    expect(first).toMatchObject({ status: 'declined', reason: 'declined' });
    expect(await gateway.charge(request)).toEqual(first);
    await expect(gateway.charge({ ...request, amountCents: 101 })).rejects.toBeInstanceOf(
      IdempotencyKeyReused,
    );
    expect(await gateway.findCharge('never-sent')).toBeNull();
  });

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
