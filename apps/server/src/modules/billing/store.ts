import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditedCteOf, type AuditActor, type AuditEntry } from '../../platform/audit';
import {
  accountCredits,
  billingQuotes,
  billingReminders,
  cardAttempts,
  coupons,
  itemPrices,
  paymentSources,
  subscriptionCancellations,
  subscriptionPaymentSources,
} from '../../db/schema/billing';
import { treatments } from '../../db/schema/catalog';

export type ItemPriceRow = typeof itemPrices.$inferSelect;
export type CouponRow = typeof coupons.$inferSelect;
export type QuoteRow = typeof billingQuotes.$inferSelect;
export type PaymentSourceRow = typeof paymentSources.$inferSelect;
export type TreatmentRow = typeof treatments.$inferSelect;
export type CardAttemptRow = typeof cardAttempts.$inferSelect;

/** The only place with SQL for billing (the treatments catalogue is read, as other areas do). */
export class BillingStore {
  constructor(private readonly db: Db) {}

  in(tx: Db): BillingStore {
    return new BillingStore(tx);
  }

  async itemPrices(ids: readonly string[]): Promise<ItemPriceRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(itemPrices)
      .where(and(inArray(itemPrices.id, [...ids]), eq(itemPrices.active, true)));
  }

  async planPricesOfProduct(productId: string): Promise<ItemPriceRow[]> {
    return this.db
      .select()
      .from(itemPrices)
      .where(
        and(
          eq(itemPrices.productId, productId),
          eq(itemPrices.kind, 'plan'),
          eq(itemPrices.active, true),
        ),
      )
      .orderBy(asc(itemPrices.contractLength), asc(itemPrices.isUpfront));
  }

  async litePlanPrices(): Promise<(ItemPriceRow & { treatmentId: string | null })[]> {
    const rows = await this.db
      .select({ price: itemPrices, treatmentId: treatments.id })
      .from(itemPrices)
      .leftJoin(treatments, eq(treatments.shortId, itemPrices.treatmentShortId))
      .where(
        and(
          eq(itemPrices.program, 'lite'),
          eq(itemPrices.kind, 'plan'),
          eq(itemPrices.active, true),
        ),
      )
      .orderBy(asc(itemPrices.contractLength));
    return rows.map((r) => ({ ...r.price, treatmentId: r.treatmentId }));
  }

  async upsertItemPrices(rows: (typeof itemPrices.$inferInsert)[]): Promise<void> {
    if (rows.length === 0) return;
    for (const row of rows) {
      await this.db
        .insert(itemPrices)
        .values(row)
        .onConflictDoUpdate({
          target: itemPrices.id,
          set: { price: row.price, active: row.active ?? true },
        });
    }
  }

  async upsertCoupons(rows: (typeof coupons.$inferInsert)[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insert(coupons).values(rows).onConflictDoNothing();
  }

  async coupon(id: string): Promise<CouponRow | undefined> {
    const [row] = await this.db
      .select()
      .from(coupons)
      .where(and(eq(coupons.id, id), eq(coupons.active, true)));
    return row;
  }

  async treatmentByShortId(shortId: string): Promise<TreatmentRow | undefined> {
    const [row] = await this.db.select().from(treatments).where(eq(treatments.shortId, shortId));
    return row;
  }

  async treatmentById(id: string): Promise<TreatmentRow | undefined> {
    const [row] = await this.db.select().from(treatments).where(eq(treatments.id, id));
    return row;
  }

  async insertQuote(values: typeof billingQuotes.$inferInsert): Promise<QuoteRow> {
    const [row] = await this.db.insert(billingQuotes).values(values).returning();
    if (!row) throw new Error('quote not inserted');
    return row;
  }

  /**
   * A quote and its audit row in one statement (a data-modifying CTE: one round trip, and one
   * statement is its own transaction, so neither is written without the other). The quote's id
   * is made here so the audit row can name it.
   */
  async insertQuoteAudited(
    values: Omit<typeof billingQuotes.$inferInsert, 'id'>,
    actor: AuditActor,
    entry: (id: string) => AuditEntry,
  ): Promise<QuoteRow> {
    const id = randomUUID();
    const [row] = await this.db
      .with(auditedCteOf(this.db, actor, entry(id)))
      .insert(billingQuotes)
      .values({ ...values, id })
      .returning();
    if (!row) throw new Error('quote not inserted');
    return row;
  }

  async quote(customerId: string, id: string): Promise<QuoteRow | undefined> {
    const [row] = await this.db
      .select()
      .from(billingQuotes)
      .where(and(eq(billingQuotes.id, id), eq(billingQuotes.customerId, customerId)));
    return row;
  }

  async activePaymentSources(customerId: string): Promise<PaymentSourceRow[]> {
    return this.db
      .select()
      .from(paymentSources)
      .where(and(eq(paymentSources.customerId, customerId), eq(paymentSources.status, 'active')))
      .orderBy(desc(paymentSources.updatedAt), desc(paymentSources.createdAt));
  }

  async paymentSource(customerId: string, id: string): Promise<PaymentSourceRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentSources)
      .where(and(eq(paymentSources.id, id), eq(paymentSources.customerId, customerId)));
    return row;
  }

  /** Subscription ids charged to each of these sources. */
  async subscriptionsOfSources(
    sourceIds: readonly string[],
  ): Promise<{ subscriptionId: string; paymentSourceId: string }[]> {
    if (sourceIds.length === 0) return [];
    return this.db
      .select()
      .from(subscriptionPaymentSources)
      .where(inArray(subscriptionPaymentSources.paymentSourceId, [...sourceIds]));
  }

  async sourceOfSubscription(subscriptionId: string): Promise<PaymentSourceRow | undefined> {
    const [row] = await this.db
      .select({ source: paymentSources })
      .from(subscriptionPaymentSources)
      .innerJoin(paymentSources, eq(paymentSources.id, subscriptionPaymentSources.paymentSourceId))
      .where(eq(subscriptionPaymentSources.subscriptionId, subscriptionId));
    return row?.source;
  }

  async insertPaymentSource(values: typeof paymentSources.$inferInsert): Promise<PaymentSourceRow> {
    const [row] = await this.db.insert(paymentSources).values(values).returning();
    if (!row) throw new Error('payment source not inserted');
    return row;
  }

  /** Sets the billing address of the customer's own active source; undefined when there is none. */
  async setBillingAddress(
    customerId: string,
    id: string,
    values: Pick<
      typeof paymentSources.$inferInsert,
      | 'billingFirstName'
      | 'billingLastName'
      | 'billingStreetAddress1'
      | 'billingStreetAddress2'
      | 'billingCity'
      | 'billingState'
      | 'billingStateCode'
      | 'billingZipCode'
    >,
  ): Promise<PaymentSourceRow | undefined> {
    const [row] = await this.db
      .update(paymentSources)
      .set(values)
      .where(
        and(
          eq(paymentSources.id, id),
          eq(paymentSources.customerId, customerId),
          eq(paymentSources.status, 'active'),
        ),
      )
      .returning();
    return row;
  }

  async retirePaymentSource(id: string, at: Date): Promise<void> {
    await this.db
      .update(paymentSources)
      .set({ status: 'replaced', updatedAt: at })
      .where(eq(paymentSources.id, id));
  }

  /**
   * Account deletion: every card of the customer is removed, its billing name and address
   * erased (brand, last 4 and expiry stay: charges and invoices name the card). The removed
   * rows, which the processor is then told to forget.
   */
  async removeCardsOf(customerId: string, at: Date): Promise<PaymentSourceRow[]> {
    return this.db
      .update(paymentSources)
      .set({
        status: 'removed',
        billingFirstName: null,
        billingLastName: null,
        billingStreetAddress1: null,
        billingStreetAddress2: null,
        billingCity: null,
        billingState: null,
        billingStateCode: null,
        billingZipCode: null,
        updatedAt: at,
      })
      .where(eq(paymentSources.customerId, customerId))
      .returning();
  }

  /**
   * Replaced and removed cards the processor has not confirmed forgetting yet (of one
   * customer, or all).
   */
  retiredCardsToDetach(customerId?: string): Promise<PaymentSourceRow[]> {
    return this.db
      .select()
      .from(paymentSources)
      .where(
        and(
          inArray(paymentSources.status, ['removed', 'replaced']),
          isNull(paymentSources.detachedAt),
          customerId ? eq(paymentSources.customerId, customerId) : undefined,
        ),
      )
      .orderBy(asc(paymentSources.updatedAt))
      .limit(100);
  }

  async markDetached(id: string, at: Date): Promise<void> {
    await this.db.update(paymentSources).set({ detachedAt: at }).where(eq(paymentSources.id, id));
  }

  /** Charges these subscriptions to the source (moving them from whatever they had). */
  async linkSubscriptions(
    subscriptionIds: readonly string[],
    paymentSourceId: string,
  ): Promise<void> {
    for (const subscriptionId of subscriptionIds) {
      await this.db
        .insert(subscriptionPaymentSources)
        .values({ subscriptionId, paymentSourceId })
        .onConflictDoUpdate({
          target: subscriptionPaymentSources.subscriptionId,
          set: { paymentSourceId },
        });
    }
  }

  async insertCancellation(
    values: typeof subscriptionCancellations.$inferInsert,
  ): Promise<boolean> {
    const rows = await this.db
      .insert(subscriptionCancellations)
      .values(values)
      .onConflictDoNothing({ target: subscriptionCancellations.subscriptionId })
      .returning({ id: subscriptionCancellations.id });
    return rows.length > 0;
  }

  /** The customer's account credit in cents (locked for the charge when asked). */
  async accountCredit(customerId: string, lock = false): Promise<number> {
    const query = this.db
      .select({ balance: accountCredits.balance })
      .from(accountCredits)
      .where(eq(accountCredits.customerId, customerId));
    const [row] = await (lock ? query.for('update') : query);
    return row?.balance ?? 0;
  }

  async addAccountCredit(customerId: string, cents: number, at: Date): Promise<void> {
    await this.db
      .insert(accountCredits)
      .values({ customerId, balance: cents, updatedAt: at })
      .onConflictDoUpdate({
        target: accountCredits.customerId,
        set: { balance: sql`${accountCredits.balance} + ${cents}`, updatedAt: at },
      });
  }

  /** Takes cents of account credit; false (nothing taken) when the balance is short. */
  async takeAccountCredit(customerId: string, cents: number, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(accountCredits)
      .set({ balance: sql`${accountCredits.balance} - ${cents}`, updatedAt: at })
      .where(and(eq(accountCredits.customerId, customerId), gte(accountCredits.balance, cents)))
      .returning({ balance: accountCredits.balance });
    return rows.length > 0;
  }

  async insertCardAttempt(values: typeof cardAttempts.$inferInsert): Promise<CardAttemptRow> {
    const [row] = await this.db.insert(cardAttempts).values(values).returning();
    if (!row) throw new Error('card attempt not inserted');
    return row;
  }

  async updateCardAttempt(
    id: string,
    values: Pick<typeof cardAttempts.$inferInsert, 'outcome' | 'reason' | 'fingerprint'>,
  ): Promise<void> {
    await this.db.update(cardAttempts).set(values).where(eq(cardAttempts.id, id));
  }

  /**
   * Card attempts since `since` of a customer (every one the processor was asked about, or is
   * being asked; not those the customer limit refused before it), or the processor's refusals
   * of a card by its fingerprint.
   */
  async countCardAttempts(
    by: { customerId: string } | { fingerprint: string; exceptId: string },
    since: Date,
  ): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(cardAttempts)
      .where(
        and(
          gte(cardAttempts.createdAt, since),
          'customerId' in by
            ? and(
                eq(cardAttempts.customerId, by.customerId),
                sql`not (${cardAttempts.outcome} = 'limited' and ${cardAttempts.reason} = 'customerLimit')`,
              )
            : and(
                eq(cardAttempts.fingerprint, by.fingerprint),
                ne(cardAttempts.id, by.exceptId),
                // Refused by the processor (declined, or declined and over the limit too).
                sql`(${cardAttempts.outcome} = 'declined' or ${cardAttempts.reason} like 'cardLimit:%')`,
              ),
        ),
      );
    return row?.n ?? 0;
  }

  /** Records a reminder; false when it was raised already. */
  async insertReminder(values: typeof billingReminders.$inferInsert): Promise<boolean> {
    const rows = await this.db
      .insert(billingReminders)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: billingReminders.id });
    return rows.length > 0;
  }
}
