import type { CardBrand } from '@portal/domain';

// The payment processor port (DESIGN §4, §6; issue 39). It speaks the processor's language:
// a customer, a saved payment method, a payment (Stripe's PaymentIntent) made once per
// idempotency key, a refund, a hosted checkout for pay-later, and signed webhook events.
// Two adapters implement it: the built-in sandbox (sandbox.ts, the default outside
// production, the only code that ever sees a card number) and Stripe (stripe.ts, the official
// SDK; the browser talks to Stripe.js, so no card number reaches our server). Only the payments
// module (modules/payments) and the card-saving code of billing call it.

export type GatewayProvider = 'sandbox' | 'stripe';

export interface PaymentMethod {
  id: string;
  brand: CardBrand;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
}

/**
 * A card check's outcome: a reusable payment method, or the processor's reason to refuse (with
 * what it says of the refused card when it says anything: the card velocity limit counts
 * attempts per card by it, issue 45).
 */
export type AttachResult =
  | { ok: true; paymentMethod: PaymentMethod }
  | { ok: false; reason: string; card?: Omit<PaymentMethod, 'id'> | undefined };

/**
 * What the browser's card form needs before it can save a card. Stripe: the SetupIntent's id
 * and client secret, which the Payment Element confirms. Sandbox: null secret (the browser
 * posts the card to the sandbox's own tokenization endpoint instead).
 */
export interface CardSetup {
  setupId: string | null;
  clientSecret: string | null;
}

export interface ChargeRequest {
  /** Made before the first attempt and sent with every retry: the processor charges once per key. */
  idempotencyKey: string;
  /** The processor's customer the payment method belongs to (null: a sandbox card saved before customers existed). */
  processorCustomerId: string | null;
  paymentMethodId: string;
  amountCents: number;
  /** ISO 4217, lower case as Stripe writes it. */
  currency: 'usd';
  description: string;
  /**
   * true when the customer is at the screen (the processor may ask for 3-D Secure: the answer
   * is requires_action); false for renewals and retries by a job (an authentication request is
   * then a decline, reason authenticationRequired).
   */
  onSession: boolean;
  /** Copied onto the processor's payment (Stripe metadata): our key and ledger id at least. */
  metadata: Record<string, string>;
}

export type ChargeResult =
  | { status: 'succeeded'; chargeId: string }
  | { status: 'declined'; chargeId: string; reason: string }
  /**
   * The card asks for 3-D Secure: the browser finishes it (Stripe.js handleNextAction with the
   * client secret, or the sandbox's challenge page at redirectUrl); the outcome arrives by
   * webhook or by asking the processor again (retrieveCharge).
   */
  | {
      status: 'requires_action';
      chargeId: string;
      clientSecret: string;
      redirectUrl: string | null;
    };

export interface RefundRequest {
  /** Ours (the refund's ledger id): a repeated key refunds once. */
  idempotencyKey: string;
  /** The processor's payment id (ChargeResult.chargeId). */
  chargeId: string;
  amountCents: number;
}

export type RefundResult =
  | { status: 'succeeded' | 'pending'; refundId: string }
  | { status: 'failed'; refundId: string | null; reason: string };

export interface CheckoutRequest {
  /** Ours: a repeated key opens one checkout. */
  idempotencyKey: string;
  /** What the checkout pays for (the bulk customer action id): Stripe's client_reference_id. */
  clientReference: string;
  amountCents: number;
  currency: 'usd';
  description: string;
  /** Absolute URLs of our web app the hosted page returns to. */
  successUrl: string;
  cancelUrl: string;
  processorCustomerId: string | null;
}

/** A verified webhook event, in the port's words. */
export type GatewayEvent =
  | {
      id: string;
      type: 'checkout.completed';
      checkoutId: string;
      clientReference: string;
      amountCents: number;
      /** The processor's payment behind the checkout (refunds go to it). */
      chargeId: string | null;
    }
  | {
      id: string;
      type: 'charge.succeeded';
      chargeId: string;
      /** Our key, from the payment's metadata. */
      idempotencyKey: string | null;
      amountCents: number;
    }
  | {
      id: string;
      type: 'charge.failed';
      chargeId: string;
      idempotencyKey: string | null;
      reason: string;
    }
  /** Verified, but nothing we act on (answered 200 so the processor stops sending it). */
  | { id: string; type: 'ignored'; processorType: string };

export type WebhookCheck =
  | { ok: true; event: GatewayEvent }
  | { ok: false; reason: 'missing' | 'malformed' | 'stale' | 'mismatch' | 'invalid' };

export type WebhookHeaders = Record<string, string | string[] | undefined>;

export interface PaymentGateway {
  readonly provider: GatewayProvider;
  /** The processor's customer for one of ours (made once; the payments module keeps the id). */
  createCustomer(input: { customerId: string; email: string | null }): Promise<string>;
  /** Starts saving a card (a SetupIntent with Stripe). */
  startCardSetup(input: { processorCustomerId: string | null }): Promise<CardSetup>;
  /**
   * Finishes saving a card: `token` is the sandbox's single-use token or Stripe's SetupIntent
   * id (which must belong to this processor customer and have succeeded).
   */
  attach(input: { token: string; processorCustomerId: string | null }): Promise<AttachResult>;
  /** The card is no longer ours to charge (account deleted, card replaced). */
  detach(paymentMethodId: string): Promise<void>;
  /** Charges once per idempotency key: a repeated key returns the first result. */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The charge made under this key, if the processor has one (reconciliation after a crash). */
  findCharge(idempotencyKey: string): Promise<ChargeResult | null>;
  /** A charge's state now, by the processor's id (after 3-D Secure). */
  retrieveCharge(chargeId: string): Promise<ChargeResult>;
  /** Refunds once per idempotency key; never more than the charge took (the processor refuses). */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** A hosted pay-later checkout: where to send the customer. */
  createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** Checks the signature (300 s tolerance) and reads the event; nothing is applied here. */
  verifyWebhook(rawBody: string, headers: WebhookHeaders, now: Date): WebhookCheck;
}

/** A key reused with other parameters (Stripe answers the same): a bug, never a retry. */
export class IdempotencyKeyReused extends Error {
  constructor(key: string) {
    super(`idempotency key ${key} was used with other parameters`);
  }
}
