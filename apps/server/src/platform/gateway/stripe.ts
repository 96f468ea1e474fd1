import type { CardBrand } from '@portal/domain';
import type Stripe from 'stripe';
import { lazyPackage } from '../lazy-package';
import {
  IdempotencyKeyReused,
  type AttachResult,
  type CardSetup,
  type ChargeRequest,
  type ChargeResult,
  type CheckoutRequest,
  type GatewayEvent,
  type PaymentGateway,
  type RefundRequest,
  type RefundResult,
  type WebhookCheck,
  type WebhookHeaders,
} from './gateway';
import { declineReasonOf } from './stripe-decline-codes';

/** The SDK (some 200 modules, about 90 ms of CPU) loads on the first call, not at start. */
const sdk = lazyPackage<typeof Stripe>('stripe');

// The Stripe adapter of the payment port (issue 39), on the official SDK. The browser saves a
// card with Stripe's Payment Element (a SetupIntent) and finishes 3-D Secure with Stripe.js, so
// no card number ever reaches this server; here we only see Stripe's ids. The SDK calls it makes
// are exactly these: customers.create, setupIntents.create/retrieve, paymentMethods.detach,
// paymentIntents.create/retrieve/search, refunds.create, checkout.sessions.create and
// webhooks.constructEvent. Card data and client secrets are never logged.

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** Test only: a local stand-in of Stripe's API (config.billing.payments.apiBase). */
  apiBase?: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
}

/** Stripe's `card.brand` values we show; any other network is refused at save time. */
const BRANDS: Readonly<Record<string, CardBrand>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'Amex',
  discover: 'Discover',
  jcb: 'JCB',
  diners: 'Diners',
};

const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The payment is still moving (a `processing` PaymentIntent, which cards rarely reach). It is
 * thrown rather than answered: the caller keeps its ledger row pending, and the
 * payment_intent.succeeded / payment_failed webhook or reconciliation settles it later.
 */
export class PaymentStillProcessing extends Error {
  constructor(readonly chargeId: string) {
    super(`Stripe payment ${chargeId} is still processing`);
  }
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value == null) return null;
  return typeof value === 'string' ? value : value.id;
}

function resultOf(intent: Stripe.PaymentIntent): ChargeResult {
  const failure = intent.last_payment_error;
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', chargeId: intent.id };
    case 'requires_action':
      if (!intent.client_secret)
        throw new Error(`Stripe payment ${intent.id} has no client secret`);
      return {
        status: 'requires_action',
        chargeId: intent.id,
        clientSecret: intent.client_secret,
        redirectUrl: null,
      };
    // After a failed attempt (a decline, a failed 3-D Secure) Stripe leaves the intent waiting
    // for another payment method; for us the attempt is over and it was declined.
    case 'requires_payment_method':
    case 'canceled':
      return {
        status: 'declined',
        chargeId: intent.id,
        reason: declineReasonOf(failure?.code, failure?.decline_code),
      };
    case 'processing':
      throw new PaymentStillProcessing(intent.id);
    // We always confirm and capture at once, so these (or a status newer than this SDK) mean
    // someone changed the payment outside this app; a person has to look.
    case 'requires_confirmation':
    case 'requires_capture':
    default:
      throw new Error(`Stripe payment ${intent.id} is in an unexpected state: ${intent.status}`);
  }
}

/** Stripe's search query syntax quotes with ' and escapes with a backslash. */
function searchLiteral(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function signatureFailure(message: string): 'missing' | 'malformed' | 'stale' | 'mismatch' {
  // The SDK has one error class for every refusal; its messages tell them apart.
  if (message.startsWith('No stripe-signature header')) return 'missing';
  if (message.startsWith('Timestamp outside the tolerance zone')) return 'stale';
  if (message.startsWith('Unable to extract') || message.startsWith('No signatures found with'))
    return 'malformed';
  return 'mismatch';
}

export class StripeGateway implements PaymentGateway {
  readonly provider = 'stripe';
  private readonly webhookSecret: string;
  private client: Stripe | undefined;

  constructor(private readonly options: StripeGatewayOptions) {
    this.webhookSecret = options.webhookSecret;
  }

  private get stripe(): Stripe {
    const { options } = this;
    const StripeSdk = sdk();
    this.client ??= new StripeSdk(options.secretKey, {
      // The version the SDK's types describe: an SDK upgrade moves both together. The webhook
      // endpoint in Stripe's dashboard must be set to the same version, since events are
      // rendered in the endpoint's version, not in ours.
      apiVersion: StripeSdk.API_VERSION,
      // Retries of a POST reuse its idempotency key (ours, or the SDK's own), so they are safe.
      maxNetworkRetries: 2,
      ...(options.apiBase && {
        host: options.apiBase.host,
        port: options.apiBase.port,
        protocol: options.apiBase.protocol,
      }),
    });
    return this.client;
  }

  async createCustomer(input: { customerId: string; email: string | null }): Promise<string> {
    const customer = await this.stripe.customers.create(
      { ...(input.email && { email: input.email }), metadata: { customer_id: input.customerId } },
      // Two racing first payments of one customer make one Stripe customer (within Stripe's
      // 24 h key window; after that the payments module already holds the id).
      { idempotencyKey: `customer:${input.customerId}` },
    );
    return customer.id;
  }

  async startCardSetup(input: { processorCustomerId: string | null }): Promise<CardSetup> {
    if (!input.processorCustomerId) {
      throw new Error('a Stripe card setup needs the Stripe customer; create it first');
    }
    const intent = await this.stripe.setupIntents.create({
      customer: input.processorCustomerId,
      // Saved for renewals and job retries, when the customer is not at the screen.
      usage: 'off_session',
      // Cards only: the rest of the app shows a saved method as brand, last 4 and expiry.
      allowed_payment_method_types: ['card'],
    });
    return { setupId: intent.id, clientSecret: intent.client_secret };
  }

  async attach(input: {
    token: string;
    processorCustomerId: string | null;
  }): Promise<AttachResult> {
    // The token is whatever the browser sent: only a SetupIntent of this customer that Stripe
    // says succeeded becomes a saved card, so a forged or borrowed id saves nothing.
    if (!input.token.startsWith('seti_') || !input.processorCustomerId) {
      return { ok: false, reason: 'invalidCard' };
    }
    let intent: Stripe.SetupIntent;
    try {
      intent = await this.stripe.setupIntents.retrieve(input.token, {
        expand: ['payment_method'],
      });
    } catch (error) {
      if (error instanceof sdk().errors.StripeInvalidRequestError && error.statusCode === 404) {
        return { ok: false, reason: 'invalidCard' };
      }
      throw error;
    }
    if (idOf(intent.customer) !== input.processorCustomerId) {
      return { ok: false, reason: 'invalidCard' };
    }
    if (intent.status !== 'succeeded') {
      const failure = intent.last_setup_error;
      return {
        ok: false,
        reason: failure ? declineReasonOf(failure.code, failure.decline_code) : 'invalidCard',
      };
    }
    const method = intent.payment_method;
    const card = method && typeof method !== 'string' ? method.card : null;
    const brand = card ? BRANDS[card.brand] : undefined;
    if (!method || typeof method === 'string' || !card || !brand) {
      return { ok: false, reason: 'unsupportedInstrument' };
    }
    return {
      ok: true,
      paymentMethod: {
        id: method.id,
        brand,
        last4: card.last4,
        expiryMonth: card.exp_month,
        expiryYear: card.exp_year,
      },
    };
  }

  async detach(paymentMethodId: string): Promise<void> {
    try {
      await this.stripe.paymentMethods.detach(paymentMethodId);
    } catch (error) {
      // Already gone at Stripe: what we wanted.
      if (error instanceof sdk().errors.StripeInvalidRequestError && error.statusCode === 404) {
        return;
      }
      throw error;
    }
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amountCents,
          currency: request.currency,
          ...(request.processorCustomerId && { customer: request.processorCustomerId }),
          payment_method: request.paymentMethodId,
          confirm: true,
          // Off session Stripe answers a 3-D Secure request with an authentication_required
          // decline instead of requires_action, since nobody is there to answer it.
          off_session: !request.onSession,
          description: request.description,
          // The key in the metadata is how findCharge finds this payment after a crash.
          metadata: { ...request.metadata, idempotency_key: request.idempotencyKey },
          // Cards only, so a confirmation never needs a return_url for a redirect method.
          allowed_payment_method_types: ['card'],
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return resultOf(intent);
    } catch (error) {
      if (error instanceof sdk().errors.StripeIdempotencyError) {
        throw new IdempotencyKeyReused(request.idempotencyKey);
      }
      // A decline is an answer, not a fault (Stripe replays it for a repeated key too).
      if (error instanceof sdk().errors.StripeCardError) {
        return {
          status: 'declined',
          chargeId: error.payment_intent?.id ?? '',
          reason: declineReasonOf(error.code, error.decline_code),
        };
      }
      // Network and API errors: the outcome is unknown, the caller keeps the row pending.
      throw error;
    }
  }

  async findCharge(idempotencyKey: string): Promise<ChargeResult | null> {
    // Stripe's search index can lag about a minute behind a payment, which is why
    // reconciliation waits a grace period before asking; the hit is then read again by id,
    // since the index may also hold a stale status.
    const found = await this.stripe.paymentIntents.search({
      query: `metadata['idempotency_key']:${searchLiteral(idempotencyKey)}`,
      limit: 1,
    });
    const hit = found.data[0];
    return hit ? this.retrieveCharge(hit.id) : null;
  }

  async retrieveCharge(chargeId: string): Promise<ChargeResult> {
    return resultOf(await this.stripe.paymentIntents.retrieve(chargeId));
  }

  async refund(request: RefundRequest): Promise<RefundResult> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: request.chargeId, amount: request.amountCents },
        { idempotencyKey: request.idempotencyKey },
      );
      switch (refund.status) {
        case 'succeeded':
          return { status: 'succeeded', refundId: refund.id };
        case 'failed':
        case 'canceled':
          return {
            status: 'failed',
            refundId: refund.id,
            reason: refund.failure_reason ?? refund.status,
          };
        // pending, requires_action, or none yet: Stripe finishes it later (refund.updated).
        case 'pending':
        case null:
        default:
          return { status: 'pending', refundId: refund.id };
      }
    } catch (error) {
      if (error instanceof sdk().errors.StripeIdempotencyError) {
        throw new IdempotencyKeyReused(request.idempotencyKey);
      }
      // Stripe refuses a refund beyond what the payment took, or of an unknown payment.
      if (error instanceof sdk().errors.StripeInvalidRequestError) {
        return { status: 'failed', refundId: null, reason: error.code ?? 'refused' };
      }
      throw error;
    }
  }

  async createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }> {
    // No payment_method_types: Checkout offers what Stripe's dashboard turns on for the amount
    // and currency, which is where pay-later methods (Affirm, Klarna, Afterpay) are enabled.
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: request.clientReference,
        ...(request.processorCustomerId && { customer: request.processorCustomerId }),
        line_items: [
          {
            price_data: {
              currency: request.currency,
              unit_amount: request.amountCents,
              product_data: { name: request.description },
            },
            quantity: 1,
          },
        ],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        payment_intent_data: { metadata: { idempotency_key: request.idempotencyKey } },
      },
      { idempotencyKey: request.idempotencyKey },
    );
    if (!session.url) throw new Error(`Stripe checkout ${session.id} has no URL`);
    return { id: session.id, url: session.url };
  }

  verifyWebhook(rawBody: string, headers: WebhookHeaders, now: Date): WebhookCheck {
    const given = headers['stripe-signature'];
    const header = Array.isArray(given) ? given[0] : given;
    if (!header) return { ok: false, reason: 'missing' };
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        header,
        this.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        // The SDK's clock in milliseconds: our clock, so tests and the fake clock agree.
        now.getTime(),
      );
    } catch (error) {
      if (error instanceof sdk().errors.StripeSignatureVerificationError) {
        return { ok: false, reason: signatureFailure(error.message) };
      }
      // Signed by Stripe but not JSON.
      return { ok: false, reason: 'malformed' };
    }
    // The SDK refuses only an old timestamp; like the sandbox we also refuse one signed more
    // than the tolerance ahead of our clock, which no honest sender produces.
    const signedAt = Number(/(?:^|,)t=(\d+)/.exec(header)?.[1]);
    if (signedAt - now.getTime() / 1000 > WEBHOOK_TOLERANCE_SECONDS) {
      return { ok: false, reason: 'stale' };
    }
    // `null` is valid JSON too.
    if (typeof event?.id !== 'string' || typeof event.type !== 'string' || !event.data?.object) {
      return { ok: false, reason: 'malformed' };
    }
    return { ok: true, event: eventOf(event) };
  }
}

function eventOf(event: Stripe.Event): GatewayEvent {
  const ignored = { id: event.id, type: 'ignored', processorType: event.type } as const;
  if (
    event.type === 'checkout.session.completed' ||
    // A delayed method (a bank debit) completes the session unpaid and pays later.
    event.type === 'checkout.session.async_payment_succeeded'
  ) {
    const session = event.data.object;
    if (session.payment_status !== 'paid' || !session.client_reference_id) return ignored;
    return {
      id: event.id,
      type: 'checkout.completed',
      checkoutId: session.id,
      clientReference: session.client_reference_id,
      amountCents: session.amount_total ?? 0,
      chargeId: idOf(session.payment_intent),
    };
  }
  if (event.type === 'payment_intent.succeeded') {
    const intent = event.data.object;
    return {
      id: event.id,
      type: 'charge.succeeded',
      chargeId: intent.id,
      idempotencyKey: intent.metadata?.idempotency_key ?? null,
      amountCents: intent.amount_received,
    };
  }
  if (event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object;
    const failure = intent.last_payment_error;
    return {
      id: event.id,
      type: 'charge.failed',
      chargeId: intent.id,
      idempotencyKey: intent.metadata?.idempotency_key ?? null,
      reason: declineReasonOf(failure?.code, failure?.decline_code),
    };
  }
  return ignored;
}
