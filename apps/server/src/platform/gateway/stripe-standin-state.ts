import { randomBytes } from 'node:crypto';

// The stand-in's memory (stripe-standin.ts serves it over HTTP): Stripe-shaped objects, the
// test cards, and the helpers a test uses for what a browser would do at Stripe (confirm a
// SetupIntent with the Payment Element, answer 3-D Secure, pay a hosted checkout). Only the
// fields the adapter reads, and a few a reader of `state` expects, are modelled.

/** A JSON object as Stripe sends it. */
export type StripeObject = Record<string, unknown> & { id: string; object: string };

/** What an endpoint answers: a status and Stripe-shaped JSON. */
export interface Reply {
  status: number;
  body: unknown;
}

type Outcome =
  | { kind: 'succeed' }
  | { kind: 'decline'; code: string; declineCode: string | null }
  | { kind: 'authenticate' };

const decline = (code: string, declineCode: string | null = null): Outcome => ({
  kind: 'decline',
  code,
  declineCode,
});

/** Stripe's test cards by last 4 (https://docs.stripe.com/testing); any other succeeds. */
const TEST_CARDS: Readonly<Record<string, Outcome>> = {
  '4242': { kind: 'succeed' },
  '0002': decline('card_declined', 'generic_decline'),
  '9995': decline('card_declined', 'insufficient_funds'),
  '9987': decline('card_declined', 'lost_card'),
  '9979': decline('card_declined', 'stolen_card'),
  '0069': decline('expired_card'),
  '0127': decline('incorrect_cvc'),
  '0119': decline('processing_error'),
  '3184': { kind: 'authenticate' },
};

const outcomeOf = (last4: string): Outcome => TEST_CARDS[last4] ?? { kind: 'succeed' };

/** Ids shaped like Stripe's: a prefix and 24 letters and digits. */
export const newId = (prefix: string) =>
  `${prefix}_${randomBytes(24)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 24)}`;

export function stripeError(
  status: number,
  error: Record<string, unknown> & { type: string; message: string },
): Reply {
  return { status, body: { error } };
}

export const missing = (what: string, id: string, param?: string) =>
  stripeError(param ? 400 : 404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${id}'`,
    ...(param && { param }),
  });

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Record<string, unknown>;
}

export class StripeStandinState {
  readonly customers = new Map<string, StripeObject>();
  readonly paymentMethods = new Map<string, StripeObject>();
  readonly setupIntents = new Map<string, StripeObject>();
  readonly paymentIntents = new Map<string, StripeObject>();
  readonly refunds = new Map<string, StripeObject>();
  readonly checkoutSessions = new Map<string, StripeObject>();
  /** Every request the stand-in received, in order (tests assert what the adapter sent). */
  readonly requests: RecordedRequest[] = [];
  /** Events Stripe would send to the webhook endpoint, in order. */
  readonly events: StripeObject[] = [];
  /** Answer the next request to a path starting with this with a 500 after doing the work. */
  readonly loseResponses: string[] = [];
  /** Each webhook delivery's HTTP status (or its network error), when delivery is on. */
  readonly webhookDeliveries: { eventId: string; status: number | string }[] = [];
  /** Called for each new event (the stand-in's webhook delivery). */
  onEvent: ((event: StripeObject) => void) | null = null;

  /** Where the stand-in listens (set once it does): hosted checkout URLs start with it. */
  baseUrl = 'http://127.0.0.1';

  /** A saved card, as the Payment Element would leave it (the test card's last 4 decides). */
  addPaymentMethod(input: {
    customer?: string | null;
    last4: string;
    brand?: string;
    expMonth?: number;
    expYear?: number;
  }): StripeObject {
    const method: StripeObject = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      customer: input.customer ?? null,
      card: {
        brand: input.brand ?? 'visa',
        last4: input.last4,
        exp_month: input.expMonth ?? 12,
        exp_year: input.expYear ?? 2034,
      },
      livemode: false,
    };
    this.paymentMethods.set(method.id, method);
    return method;
  }

  /** What Stripe.js does when the customer submits the Payment Element for a SetupIntent. */
  confirmSetup(setupId: string, last4: string, brand?: string): StripeObject {
    const intent = this.get(this.setupIntents, setupId);
    const outcome = outcomeOf(last4);
    if (outcome.kind === 'decline') {
      intent.status = 'requires_payment_method';
      intent.last_setup_error = {
        type: 'card_error',
        code: outcome.code,
        decline_code: outcome.declineCode,
        message: 'Your card was declined.',
      };
      this.emit('setup_intent.setup_failed', intent);
      return intent;
    }
    const customer = intent.customer as string | null;
    const method = this.addPaymentMethod({ customer, last4, ...(brand && { brand }) });
    intent.status = 'succeeded';
    intent.payment_method = method.id;
    intent.last_setup_error = null;
    this.emit('setup_intent.succeeded', intent);
    return intent;
  }

  /** The customer passes 3-D Secure (Stripe.js handleNextAction). */
  completeAuthentication(paymentIntentId: string): StripeObject {
    const intent = this.get(this.paymentIntents, paymentIntentId);
    if (intent.status !== 'requires_action') throw new Error(`${paymentIntentId} needs no action`);
    this.succeed(intent);
    return intent;
  }

  /** The customer fails or abandons 3-D Secure. */
  failAuthentication(paymentIntentId: string): StripeObject {
    const intent = this.get(this.paymentIntents, paymentIntentId);
    if (intent.status !== 'requires_action') throw new Error(`${paymentIntentId} needs no action`);
    this.fail(intent, {
      type: 'invalid_request_error',
      code: 'payment_intent_authentication_failure',
      message: 'The provided PaymentMethod has failed authentication.',
    });
    return intent;
  }

  /** Moves a payment to any status (e.g. `processing`, which test cards never reach). */
  setPaymentIntentStatus(paymentIntentId: string, status: string): StripeObject {
    const intent = this.get(this.paymentIntents, paymentIntentId);
    intent.status = status;
    return intent;
  }

  /** The customer pays on the hosted checkout page. */
  payCheckout(sessionId: string): StripeObject {
    const session = this.get(this.checkoutSessions, sessionId);
    if (session.status !== 'open') throw new Error(`${sessionId} is ${String(session.status)}`);
    const intent = this.newPaymentIntent({
      amount: session.amount_total as number,
      currency: session.currency as string,
      customer: session.customer as string | null,
      payment_method: null,
      description: null,
      metadata: (session._payment_intent_metadata ?? {}) as Record<string, string>,
    });
    this.succeed(intent);
    session.payment_intent = intent.id;
    session.payment_status = 'paid';
    session.status = 'complete';
    this.emit('checkout.session.completed', session);
    return session;
  }

  /** Payments made under an idempotency key we put in the metadata. */
  paymentIntentsWithKey(key: string): StripeObject[] {
    return [...this.paymentIntents.values()].filter(
      (intent) => (intent.metadata as Record<string, string>).idempotency_key === key,
    );
  }

  /** The JSON a client sees (internal fields start with `_`). */
  view(object: StripeObject): StripeObject {
    return Object.fromEntries(
      Object.entries(object).filter(([key]) => !key.startsWith('_')),
    ) as StripeObject;
  }

  get(map: Map<string, StripeObject>, id: string): StripeObject {
    const found = map.get(id);
    if (!found) throw new Error(`the stand-in has no ${id}`);
    return found;
  }

  newPaymentIntent(fields: {
    amount: number;
    currency: string;
    customer: string | null;
    payment_method: string | null;
    description: string | null;
    metadata: Record<string, string>;
  }): StripeObject {
    const id = newId('pi');
    const intent: StripeObject = {
      id,
      object: 'payment_intent',
      ...fields,
      amount_received: 0,
      client_secret: `${id}_secret_${newId('s').slice(2)}`,
      status: 'requires_payment_method',
      last_payment_error: null,
      latest_charge: null,
      next_action: null,
      payment_method_types: ['card'],
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      _refunded: 0,
    };
    this.paymentIntents.set(id, intent);
    return intent;
  }

  /** Confirms a new payment with its card; a decline answers 402 as Stripe does. */
  confirm(intent: StripeObject, offSession: boolean): Reply {
    const method = this.get(this.paymentMethods, intent.payment_method as string);
    const outcome = outcomeOf((method.card as { last4: string }).last4);
    if (outcome.kind === 'succeed') {
      this.succeed(intent);
      return { status: 200, body: this.view(intent) };
    }
    if (outcome.kind === 'authenticate' && !offSession) {
      intent.status = 'requires_action';
      intent.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: {} };
      this.emit('payment_intent.requires_action', intent);
      return { status: 200, body: this.view(intent) };
    }
    const error =
      outcome.kind === 'authenticate'
        ? {
            type: 'card_error',
            code: 'authentication_required',
            decline_code: 'authentication_required',
            message: 'Your card was declined. This transaction requires authentication.',
          }
        : {
            type: 'card_error',
            code: outcome.code,
            decline_code: outcome.declineCode,
            message: 'Your card was declined.',
          };
    this.fail(intent, { ...error, payment_method: this.view(method) });
    return stripeError(402, { ...error, payment_intent: this.view(intent) });
  }

  emit(type: string, object: StripeObject): StripeObject {
    const event: StripeObject = {
      id: newId('evt'),
      object: 'event',
      type,
      api_version: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      // A snapshot: later changes to the object do not rewrite a sent event.
      data: { object: structuredClone(this.view(object)) },
    };
    this.events.push(event);
    this.onEvent?.(event);
    return event;
  }

  private succeed(intent: StripeObject): void {
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = newId('ch');
    intent.next_action = null;
    intent.last_payment_error = null;
    this.emit('payment_intent.succeeded', intent);
  }

  private fail(intent: StripeObject, error: Record<string, unknown>): void {
    intent.status = 'requires_payment_method';
    intent.next_action = null;
    intent.last_payment_error = error;
    this.emit('payment_intent.payment_failed', intent);
  }
}
