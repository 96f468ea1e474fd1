import { z } from 'zod';
import type { GatewayEvent, WebhookCheck, WebhookHeaders } from './gateway';
import { verifyWebhook, WEBHOOK_SIGNATURE_HEADER } from './webhook-signing';

// The sandbox's webhook events as they travel (a JSON body signed by webhook-signing.ts), and
// their reading into the port's GatewayEvent. The wire shape is the sandbox's own, like
// Stripe's event objects are Stripe's: only this file and the sender (checkout.ts) know it.

export const CHECKOUT_COMPLETED = 'checkout.completed';
export const CHARGE_SUCCEEDED = 'charge.succeeded';
export const CHARGE_FAILED = 'charge.failed';

interface Envelope<Type extends string, Data> {
  id: string;
  type: Type;
  /** Unix seconds. */
  created: number;
  data: Data;
}

export type CheckoutEvent = Envelope<
  typeof CHECKOUT_COMPLETED,
  { checkoutId: string; clientReference: string; amountCents: number; chargeId?: string | null }
>;

export type ChargeEvent =
  | Envelope<
      typeof CHARGE_SUCCEEDED,
      { chargeId: string; idempotencyKey: string | null; amountCents: number }
    >
  | Envelope<
      typeof CHARGE_FAILED,
      { chargeId: string; idempotencyKey: string | null; amountCents: number; reason: string }
    >;

export type SandboxEvent = CheckoutEvent | ChargeEvent;

const id = z.string().min(1).max(128);
const cents = z.number().int().nonnegative();

const envelope = z.object({ id, type: z.string().min(1).max(64), data: z.unknown() });

const checkoutData = z.object({
  checkoutId: id,
  clientReference: id,
  amountCents: cents,
  // Events sent before checkouts recorded their payment carry none.
  chargeId: id.nullish(),
});

const chargeData = z.object({
  chargeId: id,
  idempotencyKey: id.nullable(),
  amountCents: cents,
  reason: z.string().min(1).max(64).optional(),
});

/** A verified body in the port's words; null when it is not an event we can read. */
function readEvent(rawBody: string): GatewayEvent | null {
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const event = envelope.safeParse(json);
  if (!event.success) return null;
  const { id: eventId, type, data } = event.data;
  if (type === CHECKOUT_COMPLETED) {
    const parsed = checkoutData.safeParse(data);
    if (!parsed.success) return null;
    return { id: eventId, type, ...parsed.data, chargeId: parsed.data.chargeId ?? null };
  }
  if (type === CHARGE_SUCCEEDED || type === CHARGE_FAILED) {
    const parsed = chargeData.safeParse(data);
    if (!parsed.success) return null;
    const { chargeId, idempotencyKey, amountCents, reason } = parsed.data;
    return type === CHARGE_SUCCEEDED
      ? { id: eventId, type, chargeId, idempotencyKey, amountCents }
      : { id: eventId, type, chargeId, idempotencyKey, reason: reason ?? 'declined' };
  }
  return { id: eventId, type: 'ignored', processorType: type };
}

/** The port's verifyWebhook for the sandbox: the signature first, then the body. */
export function verifySandboxWebhook(
  secret: Buffer,
  rawBody: string,
  headers: WebhookHeaders,
  now: Date,
): WebhookCheck {
  const header = headers[WEBHOOK_SIGNATURE_HEADER];
  const check = verifyWebhook(secret, Array.isArray(header) ? header[0] : header, rawBody, now);
  if (!check.ok) return check;
  const event = readEvent(rawBody);
  return event ? { ok: true, event } : { ok: false, reason: 'invalid' };
}
