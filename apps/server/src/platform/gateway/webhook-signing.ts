import { createHmac, timingSafeEqual } from 'node:crypto';

// Gateway webhook signatures (DESIGN §4; REFERENCES "Webhooks", after stripe-node's
// Webhooks.ts): HMAC-SHA256 over `${timestamp}.${rawBody}`, sent as
// `gateway-signature: t=<unix seconds>,v1=<hex>`. A receiver refuses a bad signature and a
// timestamp more than 300 s from its clock, in either direction.

export const WEBHOOK_SIGNATURE_HEADER = 'gateway-signature';
export const WEBHOOK_TOLERANCE_SECONDS = 300;

function hmac(secret: Buffer, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret)
    .update(`${String(timestamp)}.${rawBody}`)
    .digest('hex');
}

export function signWebhook(secret: Buffer, timestamp: number, rawBody: string): string {
  return `t=${String(timestamp)},v1=${hmac(secret, timestamp, rawBody)}`;
}

export type WebhookCheck =
  { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' };

export function verifyWebhook(
  secret: Buffer,
  header: string | undefined,
  rawBody: string,
  now: Date,
  toleranceSeconds = WEBHOOK_TOLERANCE_SECONDS,
): WebhookCheck {
  if (!header) return { ok: false, reason: 'missing' };
  const parts = new Map<string, string[]>();
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2);
    if (!key || !value) return { ok: false, reason: 'malformed' };
    parts.set(key.trim(), [...(parts.get(key.trim()) ?? []), value.trim()]);
  }
  const t = Number(parts.get('t')?.[0]);
  const signatures = parts.get('v1') ?? [];
  if (!Number.isInteger(t) || signatures.length === 0) return { ok: false, reason: 'malformed' };
  if (Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return { ok: false, reason: 'stale' };
  const expected = Buffer.from(hmac(secret, t, rawBody), 'hex');
  const matches = signatures.some((s) => {
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { ok: true } : { ok: false, reason: 'mismatch' };
}
