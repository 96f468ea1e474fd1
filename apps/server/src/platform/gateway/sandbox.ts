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
  sandboxGatewayPaymentMethods,
  sandboxGatewayTokens,
} from '../../db/schema/gateway';
import {
  IdempotencyKeyReused,
  type AttachResult,
  type ChargeRequest,
  type ChargeResult,
  type PaymentGateway,
} from './gateway';
import { behaviourOf } from './test-cards';

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

type ChargeRow = typeof sandboxGatewayCharges.$inferSelect;

function resultOf(row: ChargeRow): ChargeResult {
  return row.status === 'succeeded'
    ? { status: 'succeeded', chargeId: row.id }
    : { status: 'declined', chargeId: row.id, reason: row.reason ?? 'declined' };
}

/**
 * The built-in sandbox gateway: it behaves like a processor, with its records in its own
 * tables (so they survive a restart). It never stores a card number: a token keeps the brand,
 * last 4, expiry and what the test number does.
 */
export class SandboxGateway implements PaymentGateway {
  constructor(private readonly db: Db) {}

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

  async attach(token: string): Promise<AttachResult> {
    // A token is single use: claiming it and reading it is one statement.
    const [claimed] = await this.db
      .update(sandboxGatewayTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(sandboxGatewayTokens.id, token), isNull(sandboxGatewayTokens.usedAt)))
      .returning();
    if (!claimed) return { ok: false, reason: 'invalidCard' };
    const [kind, reason] = claimed.behaviour.split(':');
    if (kind === 'verify') return { ok: false, reason: reason ?? 'declined' };
    const method = {
      id: id('pm'),
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

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const requestHash = createHash('sha256')
      .update(`${request.paymentMethodId}|${String(request.amountCents)}`)
      .digest('hex');
    const [method] = await this.db
      .select()
      .from(sandboxGatewayPaymentMethods)
      .where(eq(sandboxGatewayPaymentMethods.id, request.paymentMethodId));
    const [kind, reason] = (method?.behaviour ?? 'verify:invalidCard').split(':');
    const declined = kind !== 'succeed';
    // The unique key decides: the first insert is the charge, every repeat reads it back.
    const [inserted] = await this.db
      .insert(sandboxGatewayCharges)
      .values({
        id: id('ch'),
        idempotencyKey: request.idempotencyKey,
        requestHash,
        paymentMethodId: request.paymentMethodId,
        amount: request.amountCents,
        status: declined ? 'declined' : 'succeeded',
        reason: declined ? (reason ?? 'declined') : null,
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
