import type { CardBrand } from '@portal/domain';

// The payment gateway adapter (DESIGN §4, §6). The browser sends card details to the gateway's
// own tokenization endpoint and gets a single-use token; our API only ever handles that token
// and the reusable payment method the gateway makes of it. The built-in sandbox (sandbox.ts)
// implements this; a real processor plugs in behind the same interface.

export interface PaymentMethod {
  id: string;
  brand: CardBrand;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
}

/** A card check's outcome: a reusable payment method, or the processor's reason to refuse. */
export type AttachResult =
  { ok: true; paymentMethod: PaymentMethod } | { ok: false; reason: string };

export interface ChargeRequest {
  /** Made before the first attempt and sent with every retry: the gateway charges once per key. */
  idempotencyKey: string;
  paymentMethodId: string;
  amountCents: number;
  description: string;
}

export type ChargeResult =
  | { status: 'succeeded'; chargeId: string }
  | { status: 'declined'; chargeId: string; reason: string };

export interface PaymentGateway {
  /** Checks the card behind a single-use token and keeps it as a reusable payment method. */
  attach(token: string): Promise<AttachResult>;
  /** Charges once per idempotency key: a repeated key returns the first result. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The charge made under this key, if the gateway has one (for reconciliation). */
  findCharge(idempotencyKey: string): Promise<ChargeResult | null>;
}

/** A key reused with other parameters (Stripe answers the same): a bug, never a retry. */
export class IdempotencyKeyReused extends Error {
  constructor(key: string) {
    super(`idempotency key ${key} was used with other parameters`);
  }
}
