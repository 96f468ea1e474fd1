import { and, asc, count, desc, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { referrals } from '../../db/schema/referrals';

export type ReferralRow = typeof referrals.$inferSelect;

/** Statuses a referral can still be signed up from. */
const OPEN = ['created', 'coupon_code_generated', 'email_sent'] as const;

/** The only place with SQL for referrals (customers are read through the customers port). */
export class ReferralStore {
  constructor(private readonly db: Db) {}

  in(tx: Db): ReferralStore {
    return new ReferralStore(tx);
  }

  /** The referrer's own referrals, newest first: the referrer id in the WHERE keeps others out. */
  listOwn(referrerCustomerId: string): Promise<ReferralRow[]> {
    return this.db
      .select()
      .from(referrals)
      .where(eq(referrals.referrerCustomerId, referrerCustomerId))
      .orderBy(desc(referrals.createdAt), desc(referrals.id));
  }

  /** How many referrals the referrer created since `since` (the daily limit). */
  async createdSince(referrerCustomerId: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(referrals)
      .where(
        and(eq(referrals.referrerCustomerId, referrerCustomerId), gte(referrals.createdAt, since)),
      );
    return row?.n ?? 0;
  }

  /** Inserts one referral; undefined when the referrer has one for that email already. */
  async insert(values: typeof referrals.$inferInsert): Promise<ReferralRow | undefined> {
    const [row] = await this.db.insert(referrals).values(values).onConflictDoNothing().returning();
    return row;
  }

  async update(
    id: string,
    values: Partial<typeof referrals.$inferInsert>,
  ): Promise<ReferralRow | undefined> {
    const [row] = await this.db
      .update(referrals)
      .set(values)
      .where(eq(referrals.id, id))
      .returning();
    return row;
  }

  /** Open referrals of an email, the first invitation first (for a sign-up). */
  openForEmail(email: string): Promise<ReferralRow[]> {
    return this.db
      .select()
      .from(referrals)
      .where(and(eq(referrals.refereeEmail, email), inArray(referrals.status, [...OPEN])))
      .orderBy(asc(referrals.createdAt), asc(referrals.id))
      .for('update');
  }

  /** The referral the referee signed up through, still waiting for a first invoice. */
  async signedUpFor(refereeCustomerId: string): Promise<ReferralRow | undefined> {
    const [row] = await this.db
      .select()
      .from(referrals)
      .where(
        and(
          eq(referrals.refereeCustomerId, refereeCustomerId),
          inArray(referrals.status, ['referee_signed_up', 'referrer_discount_applied']),
        ),
      )
      .orderBy(asc(referrals.createdAt))
      .limit(1)
      .for('update');
    return row;
  }

  /** The referrer's referrals with credit still to use, oldest first, locked for the charge. */
  creditRows(referrerCustomerId: string, lock: boolean): Promise<ReferralRow[]> {
    const query = this.db
      .select()
      .from(referrals)
      .where(
        and(
          eq(referrals.referrerCustomerId, referrerCustomerId),
          eq(referrals.status, 'referrer_discount_received'),
          gt(referrals.referrerDiscountRemaining, 0),
        ),
      )
      .orderBy(asc(referrals.discountReceivedAt), asc(referrals.id));
    return lock ? query.for('update') : query;
  }

  /** Gives credit back to a referral (a declined charge's share). */
  async addRemaining(id: string, cents: number, at: Date): Promise<void> {
    await this.db
      .update(referrals)
      .set({
        referrerDiscountRemaining: sql`coalesce(${referrals.referrerDiscountRemaining}, 0) + ${cents}`,
        updatedAt: at,
      })
      .where(eq(referrals.id, id));
  }
}
