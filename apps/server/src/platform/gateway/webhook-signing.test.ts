import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from './webhook-signing';

const secret = Buffer.from('0123456789abcdef0123456789abcdef');
const now = new Date('2026-11-21T10:00:00Z');
const t = now.getTime() / 1000;
const body = '{"id":"evt_1","type":"checkout.completed"}';

describe('gateway webhook signatures (DESIGN §4: HMAC-SHA256, 300 s)', () => {
  it('accepts its own signature within the tolerance', () => {
    expect(verifyWebhook(secret, signWebhook(secret, t, body), body, now)).toEqual({ ok: true });
    expect(verifyWebhook(secret, signWebhook(secret, t - 300, body), body, now).ok).toBe(true);
  });

  it('refuses a tampered body, another secret, a stale or future timestamp, and no header', () => {
    const header = signWebhook(secret, t, body);
    expect(verifyWebhook(secret, header, body.replace('1', '2'), now)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifyWebhook(Buffer.from('other'), header, body, now).ok).toBe(false);
    expect(verifyWebhook(secret, signWebhook(secret, t - 301, body), body, now)).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(verifyWebhook(secret, signWebhook(secret, t + 301, body), body, now).ok).toBe(false);
    expect(verifyWebhook(secret, undefined, body, now)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyWebhook(secret, 'garbage', body, now)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });
});
