import { and, asc, desc, eq, inArray, isNotNull, isNull, like, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  charges,
  gatewayWebhookEvents,
  paymentRefunds,
  processorCustomers,
} from '../../db/schema/payments';

export type ChargeRow = typeof charges.$inferSelect;
export type ChargeInsert = typeof charges.$inferInsert;
export type ChargeStatus = 'pending' | 'requires_action' | 'succeeded' | 'declined' | 'failed';
export type RefundRow = typeof paymentRefunds.$inferSelect;

/** The only place with SQL for the ledger: charges, refunds, processor customers, webhook events. */
export class PaymentStore {
  constructor(private readonly db: Db) {}

  in(tx: Db): PaymentStore {
    return new PaymentStore(tx);
  }

  /** The unique key judges: a second insert of one key does nothing (and returns nothing). */
  async insertCharge(values: ChargeInsert): Promise<ChargeRow | undefined> {
    const [row] = await this.db
      .insert(charges)
      .values(values)
      .onConflictDoNothing({ target: charges.idempotencyKey })
      .returning();
    return row;
  }

  async chargeByKey(key: string): Promise<ChargeRow | undefined> {
    const [row] = await this.db.select().from(charges).where(eq(charges.idempotencyKey, key));
    return row;
  }

  async chargeById(id: string): Promise<ChargeRow | undefined> {
    const [row] = await this.db.select().from(charges).where(eq(charges.id, id));
    return row;
  }

  async chargeByProcessorId(processorChargeId: string): Promise<ChargeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(charges)
      .where(eq(charges.gatewayChargeId, processorChargeId))
      .orderBy(desc(charges.createdAt))
      .limit(1);
    return row;
  }

  /** A purpose's charges for one thing it pays for (a bulk action's attempts), oldest first. */
  chargesFor(purpose: string, reference: string): Promise<ChargeRow[]> {
    return this.db
      .select()
      .from(charges)
      .where(and(eq(charges.purpose, purpose), eq(charges.reference, reference)))
      .orderBy(asc(charges.createdAt), asc(charges.id));
  }

  /** A customer's charges, newest first, at most `limit` (the care console's patient page). */
  chargesOfCustomer(customerId: string, limit: number): Promise<ChargeRow[]> {
    return this.db
      .select()
      .from(charges)
      .where(eq(charges.customerId, customerId))
      .orderBy(desc(charges.createdAt), desc(charges.id))
      .limit(limit);
  }

  /** Every charge whose idempotency key starts with the prefix (a renewal's attempts). */
  chargesWithKeyPrefix(prefix: string): Promise<ChargeRow[]> {
    return this.db
      .select()
      .from(charges)
      .where(like(charges.idempotencyKey, `${prefix.replace(/[%_\\]/g, '\\$&')}%`))
      .orderBy(asc(charges.createdAt));
  }

  /**
   * Records an answer on a charge still in one of `from`: exactly one request settles it (the
   * condition decides); undefined when another did first.
   */
  async transition(
    id: string,
    from: readonly ChargeStatus[],
    values: Partial<ChargeInsert>,
  ): Promise<ChargeRow | undefined> {
    const [row] = await this.db
      .update(charges)
      .set(values)
      .where(and(eq(charges.id, id), inArray(charges.status, [...from])))
      .returning();
    return row;
  }

  async updateCharge(id: string, values: Partial<ChargeInsert>): Promise<ChargeRow> {
    const [row] = await this.db.update(charges).set(values).where(eq(charges.id, id)).returning();
    if (!row) throw new Error('charge vanished');
    return row;
  }

  /** Charges whose outcome is not known yet: pending before `before`, and 3-D Secure ones. */
  unsettledCharges(before: Date): Promise<ChargeRow[]> {
    return this.db
      .select()
      .from(charges)
      .where(
        sql`(${charges.status} = 'pending' and ${charges.createdAt} < ${before}) or ${charges.status} = 'requires_action'`,
      )
      .orderBy(asc(charges.createdAt));
  }

  /**
   * Paid, but what they pay for was not applied (spec 02 §8 actionFailure). A checkout that
   * paid for nothing payable is never applied (it was refunded): it is the attention list's.
   */
  unfulfilledCharges(purpose?: string): Promise<ChargeRow[]> {
    return this.db
      .select()
      .from(charges)
      .where(
        and(
          eq(charges.status, 'succeeded'),
          isNull(charges.fulfilledAt),
          or(isNull(charges.attention), ne(charges.attention, 'notApplied')),
          purpose ? eq(charges.purpose, purpose) : undefined,
        ),
      )
      .orderBy(asc(charges.createdAt));
  }

  /** Charges the care team must look at (issue 45), oldest first, until marked seen. */
  attentionCharges(): Promise<ChargeRow[]> {
    return this.db
      .select()
      .from(charges)
      .where(and(isNotNull(charges.attention), isNull(charges.attentionResolvedAt)))
      .orderBy(asc(charges.attentionAt))
      .limit(200);
  }

  /** Marks a charge's attention seen; undefined when it had none open. */
  async resolveAttention(id: string, at: Date, by: string | null): Promise<ChargeRow | undefined> {
    const [row] = await this.db
      .update(charges)
      .set({ attentionResolvedAt: at, attentionResolvedBy: by })
      .where(
        and(eq(charges.id, id), isNotNull(charges.attention), isNull(charges.attentionResolvedAt)),
      )
      .returning();
    return row;
  }

  /**
   * Holds `cents` of a succeeded charge for a refund, only while the refunds stay within what
   * was charged: the condition is the judge, so concurrent refunds can never exceed it.
   */
  async holdRefund(chargeId: string, cents: number): Promise<ChargeRow | undefined> {
    const [row] = await this.db
      .update(charges)
      .set({ amountRefunded: sql`${charges.amountRefunded} + ${cents}` })
      .where(
        and(
          eq(charges.id, chargeId),
          eq(charges.status, 'succeeded'),
          sql`${charges.amountRefunded} + ${cents} <= ${charges.amount}`,
        ),
      )
      .returning();
    return row;
  }

  /** Gives back what a refund the processor refused held. */
  async releaseRefund(chargeId: string, cents: number): Promise<void> {
    await this.db
      .update(charges)
      .set({ amountRefunded: sql`${charges.amountRefunded} - ${cents}` })
      .where(eq(charges.id, chargeId));
  }

  async insertRefund(values: typeof paymentRefunds.$inferInsert): Promise<RefundRow> {
    const [row] = await this.db.insert(paymentRefunds).values(values).returning();
    if (!row) throw new Error('refund not inserted');
    return row;
  }

  /** Records the processor's answer on a refund still pending; undefined when done already. */
  async settleRefund(
    id: string,
    values: Partial<typeof paymentRefunds.$inferInsert>,
  ): Promise<RefundRow | undefined> {
    const [row] = await this.db
      .update(paymentRefunds)
      .set(values)
      .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'pending')))
      .returning();
    return row;
  }

  refundsOf(chargeId: string): Promise<RefundRow[]> {
    return this.db
      .select()
      .from(paymentRefunds)
      .where(eq(paymentRefunds.chargeId, chargeId))
      .orderBy(asc(paymentRefunds.createdAt));
  }

  /** Refunds a crash left unanswered, asked before `before`. */
  pendingRefunds(before: Date): Promise<RefundRow[]> {
    return this.db
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.status, 'pending'), lt(paymentRefunds.createdAt, before)))
      .orderBy(asc(paymentRefunds.createdAt));
  }

  async processorCustomer(customerId: string, provider: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ id: processorCustomers.processorCustomerId })
      .from(processorCustomers)
      .where(
        and(
          eq(processorCustomers.customerId, customerId),
          eq(processorCustomers.provider, provider),
        ),
      );
    return row?.id;
  }

  /** Keeps the first processor customer recorded for one of ours (racing setups keep one). */
  async insertProcessorCustomer(values: typeof processorCustomers.$inferInsert): Promise<boolean> {
    const rows = await this.db
      .insert(processorCustomers)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: processorCustomers.processorCustomerId });
    return rows.length === 1;
  }

  /** True the first time an event id is seen (the primary key is the judge). */
  async claimEvent(id: string, type: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .insert(gatewayWebhookEvents)
      .values({ id, type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: gatewayWebhookEvents.id });
    return rows.length === 1;
  }
}
