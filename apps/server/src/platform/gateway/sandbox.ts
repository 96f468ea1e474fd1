import { createHash, randomBytes } from 'node:crypto';
import {
  detectCardBrand,
  normalizeCardNumber,
  type CardBrand,
  type CardTokenRequest,
} from '@portal/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  sandboxGatewayCharges,
  sandboxGatewayCustomers,
  sandboxGatewayPaymentMethods,
  sandboxGatewayTokens,
} from '../../db/schema/gateway';
import type { Clock } from '../clock';
import { SandboxCheckout } from './checkout';
import {
  IdempotencyKeyReused,
  type AttachResult,
  type CardSetup,
  type ChargeRequest,
  type ChargeResult,
  type CheckoutRequest,
  type PaymentGateway,
  type RefundRequest,
  type RefundResult,
  type WebhookCheck,
  type WebhookHeaders,
} from './gateway';
import { CHARGE_FAILED, CHARGE_SUCCEEDED, verifySandboxWebhook } from './sandbox-events';
import { refundCharge } from './sandbox-refunds';
import { behaviourOf } from './test-cards';

/** The sandbox's 3-D Secure challenge page (authenticate-routes.ts): `<path>/<chargeId>`. */
export const AUTHENTICATE_PATH = '/gateway/sandbox/authenticate';

/** The charge moved, but the merchant's webhook refused or missed the event. */
export class WebhookDeliveryFailed extends Error {
  constructor(cause: unknown) {
    super('the sandbox could not deliver its webhook event', { cause });
  }
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

export type ChargeRow = typeof sandboxGatewayCharges.$inferSelect;

function resultOf(row: ChargeRow): ChargeResult {
  switch (row.status) {
    case 'succeeded':
      return { status: 'succeeded', chargeId: row.id };
    case 'requires_action':
      return {
        status: 'requires_action',
        chargeId: row.id,
        clientSecret: row.clientSecret ?? '',
        redirectUrl: `${AUTHENTICATE_PATH}/${row.id}`,
      };
    default:
      return { status: 'declined', chargeId: row.id, reason: row.reason ?? 'declined' };
  }
}

type Outcome = Pick<ChargeRow, 'status' | 'reason' | 'clientSecret'>;

/** What a charge does, from the saved card's behaviour (test-cards.ts) and who is present. */
function outcomeOf(
  method: typeof sandboxGatewayPaymentMethods.$inferSelect | undefined,
  request: ChargeRequest,
  chargeId: string,
): Outcome {
  const declined = (reason: string): Outcome => ({
    status: 'declined',
    reason,
    clientSecret: null,
  });
  // A detached card, or one saved for another customer, is not this merchant's to charge.
  if (!method || method.detachedAt) return declined('invalidCard');
  if (method.customerId && request.processorCustomerId !== method.customerId) {
    return declined('invalidCard');
  }
  const [kind, reason = 'declined'] = method.behaviour.split(':');
  if (kind === 'succeed') return { status: 'succeeded', reason: null, clientSecret: null };
  // The bank asks the customer to authenticate: only possible while they are at the screen;
  // a renewal or a job's retry has nobody to ask, so the bank declines.
  if (kind === 'authenticate' && request.onSession) {
    const secret = `${chargeId}_secret_${randomBytes(12).toString('base64url')}`;
    return { status: 'requires_action', reason: null, clientSecret: secret };
  }
  return declined(reason);
}

/**
 * The built-in sandbox gateway: it behaves like a processor, with its records in its own
 * tables (so they survive a restart). It is the only code that sees a card number (the
 * tokenization route hands it one), and it never stores one: a token keeps the brand, last 4,
 * expiry and what the test number does.
 */
export class SandboxGateway implements PaymentGateway {
  readonly provider = 'sandbox' as const;
  /** The hosted pay-later page and the sender of the sandbox's signed webhooks. */
  readonly checkout: SandboxCheckout;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly webhookSecret: Buffer,
  ) {
    this.checkout = new SandboxCheckout(db, clock, webhookSecret);
  }

  /** One processor customer per customer of ours: a retry after a crash gets the same id. */
  async createCustomer(input: { customerId: string; email: string | null }): Promise<string> {
    const [inserted] = await this.db
      .insert(sandboxGatewayCustomers)
      .values({ id: id('cus'), reference: input.customerId })
      .onConflictDoNothing({ target: sandboxGatewayCustomers.reference })
      .returning({ id: sandboxGatewayCustomers.id });
    if (inserted) return inserted.id;
    const [existing] = await this.db
      .select({ id: sandboxGatewayCustomers.id })
      .from(sandboxGatewayCustomers)
      .where(eq(sandboxGatewayCustomers.reference, input.customerId));
    if (!existing) throw new Error('sandbox customer vanished');
    return existing.id;
  }

  /** The sandbox has no setup step: the browser posts the card to /gateway/sandbox/tokens. */
  startCardSetup(_input: { processorCustomerId: string | null }): Promise<CardSetup> {
    return Promise.resolve({ setupId: null, clientSecret: null });
  }

  /** The tokenization endpoint's work: the card was validated by the route. */
  async tokenize(card: CardTokenRequest): Promise<{
    token: string;
    brand: CardBrand;
    last4: string;
    expiryMonth: number;
    expiryYear: number;
  }> {
    const digits = normalizeCardNumber(card.cardNumber);
    const brand = detectCardBrand(digits);
    if (!brand) throw new Error('tokenize needs a validated card');
    const row = {
      id: id('tok'),
      brand,
      last4: digits.slice(-4),
      expiryMonth: card.expMonth,
      expiryYear: card.expYear,
      behaviour: behaviourOf(digits),
    };
    await this.db.insert(sandboxGatewayTokens).values(row);
    return {
      token: row.id,
      brand,
      last4: row.last4,
      expiryMonth: row.expiryMonth,
      expiryYear: row.expiryYear,
    };
  }

  async attach(input: {
    token: string;
    processorCustomerId: string | null;
  }): Promise<AttachResult> {
    // A token is single use: claiming it and reading it is one statement.
    const [claimed] = await this.db
      .update(sandboxGatewayTokens)
      .set({ usedAt: this.clock.now() })
      .where(and(eq(sandboxGatewayTokens.id, input.token), isNull(sandboxGatewayTokens.usedAt)))
      .returning();
    if (!claimed) return { ok: false, reason: 'invalidCard' };
    const [kind, reason] = claimed.behaviour.split(':');
    if (kind === 'verify') {
      const card = {
        brand: claimed.brand as CardBrand,
        last4: claimed.last4,
        expiryMonth: claimed.expiryMonth,
        expiryYear: claimed.expiryYear,
      };
      return { ok: false, reason: reason ?? 'declined', card };
    }
    const method = {
      id: id('pm'),
      customerId: input.processorCustomerId,
      brand: claimed.brand,
      last4: claimed.last4,
      expiryMonth: claimed.expiryMonth,
      expiryYear: claimed.expiryYear,
      behaviour: claimed.behaviour,
    };
    await this.db.insert(sandboxGatewayPaymentMethods).values(method);
    return {
      ok: true,
      paymentMethod: {
        id: method.id,
        brand: method.brand as CardBrand,
        last4: method.last4,
        expiryMonth: method.expiryMonth,
        expiryYear: method.expiryYear,
      },
    };
  }

  async detach(paymentMethodId: string): Promise<void> {
    await this.db
      .update(sandboxGatewayPaymentMethods)
      .set({ detachedAt: this.clock.now() })
      .where(
        and(
          eq(sandboxGatewayPaymentMethods.id, paymentMethodId),
          isNull(sandboxGatewayPaymentMethods.detachedAt),
        ),
      );
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    // Card and amount, as before issue 39, so a charge sent before the upgrade and retried
    // after it is still recognised as the same request.
    const requestHash = createHash('sha256')
      .update(`${request.paymentMethodId}|${String(request.amountCents)}`)
      .digest('hex');
    const [method] = await this.db
      .select()
      .from(sandboxGatewayPaymentMethods)
      .where(eq(sandboxGatewayPaymentMethods.id, request.paymentMethodId));
    const chargeId = id('ch');
    // The unique key decides: the first insert is the charge, every repeat reads it back (in
    // its state now: requires_action until the customer answers the challenge).
    const [inserted] = await this.db
      .insert(sandboxGatewayCharges)
      .values({
        id: chargeId,
        idempotencyKey: request.idempotencyKey,
        requestHash,
        paymentMethodId: request.paymentMethodId,
        customerId: request.processorCustomerId,
        amount: request.amountCents,
        description: request.description,
        metadata: request.metadata,
        createdAt: this.clock.now(),
        ...outcomeOf(method, request, chargeId),
      })
      .onConflictDoNothing({ target: sandboxGatewayCharges.idempotencyKey })
      .returning();
    const row = inserted ?? (await this.chargeRow(request.idempotencyKey));
    if (!row) throw new Error('sandbox charge vanished');
    if (row.requestHash !== requestHash) throw new IdempotencyKeyReused(request.idempotencyKey);
    return resultOf(row);
  }

  async findCharge(idempotencyKey: string): Promise<ChargeResult | null> {
    const row = await this.chargeRow(idempotencyKey);
    return row ? resultOf(row) : null;
  }

  async retrieveCharge(chargeId: string): Promise<ChargeResult> {
    const row = await this.chargeById(chargeId);
    // Stripe answers an unknown id with an error too: the caller holds an id it never got.
    if (!row) throw new Error(`sandbox charge ${chargeId} not found`);
    return resultOf(row);
  }

  refund(request: RefundRequest): Promise<RefundResult> {
    return refundCharge(this.db, request);
  }

  /** The hosted page's address is relative: it is served by this same app. */
  async createCheckout(request: CheckoutRequest): Promise<{ id: string; url: string }> {
    const { id: checkoutId, path } = await this.checkout.create(request);
    return { id: checkoutId, url: path };
  }

  verifyWebhook(rawBody: string, headers: WebhookHeaders, now: Date): WebhookCheck {
    return verifySandboxWebhook(this.webhookSecret, rawBody, headers, now);
  }

  /**
   * The customer answers the 3-D Secure challenge: a charge waiting for it moves once
   * (conditional update) and the signed event goes to the merchant; a repeat, or a charge not
   * waiting, changes nothing and sends nothing. Answers whether this call moved it; throws
   * WebhookDeliveryFailed when it moved but the merchant's webhook did not take the event.
   */
  async answerChallenge(chargeId: string, passed: boolean): Promise<boolean> {
    const [row] = await this.db
      .update(sandboxGatewayCharges)
      .set({
        status: passed ? 'succeeded' : 'declined',
        reason: passed ? null : 'declined',
        authenticatedAt: this.clock.now(),
      })
      .where(
        and(
          eq(sandboxGatewayCharges.id, chargeId),
          eq(sandboxGatewayCharges.status, 'requires_action'),
        ),
      )
      .returning();
    if (!row) return false;
    const base = {
      id: id('evt'),
      created: Math.floor(this.clock.now().getTime() / 1000),
    };
    const data = { chargeId: row.id, idempotencyKey: row.idempotencyKey, amountCents: row.amount };
    try {
      await this.checkout.send(
        passed
          ? { ...base, type: CHARGE_SUCCEEDED, data }
          : { ...base, type: CHARGE_FAILED, data: { ...data, reason: 'declined' } },
      );
    } catch (error) {
      throw new WebhookDeliveryFailed(error);
    }
    return true;
  }

  async chargeById(chargeId: string): Promise<ChargeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(sandboxGatewayCharges)
      .where(eq(sandboxGatewayCharges.id, chargeId));
    return row;
  }

  /** How many charges exist under a key (tests check "charged once"). */
  async countCharges(idempotencyKey: string): Promise<number> {
    const rows = await this.db
      .select({ id: sandboxGatewayCharges.id })
      .from(sandboxGatewayCharges)
      .where(eq(sandboxGatewayCharges.idempotencyKey, idempotencyKey));
    return rows.length;
  }

  private async chargeRow(idempotencyKey: string): Promise<ChargeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(sandboxGatewayCharges)
      .where(eq(sandboxGatewayCharges.idempotencyKey, idempotencyKey));
    return row;
  }
}
