import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, referrals, subscriptions } from '../../db/schema/index';

export type ReferralRow = typeof referrals.$inferSelect;

/** Statuses a referral can still be signed up from. */
const OPEN = ['created', 'coupon_code_generated', 'email_sent'] as const;

/** The only place with SQL for referrals. */
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

  /** The referrer's email and subscription statuses (eligibility and the own-email rule). */
  async referrerFacts(
    customerId: string,
  ): Promise<{ email: string; firstName: string; subscriptionStatuses: string[] } | undefined> {
    const [customer] = await this.db
      .select({ email: customers.email, firstName: customers.firstName })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!customer) return undefined;
    const rows = await this.db
      .select({ status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.customerId, customerId));
    return { ...customer, subscriptionStatuses: rows.map((r) => r.status) };
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

  /** Whether a customer exists with this email (a signed-up referee). */
  async customerIdByEmail(email: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ id: customers.id })
      .from(customers)
      .where(sql`lower(${customers.email}) = ${email}`)
      .limit(1);
    return row?.id;
  }
}
