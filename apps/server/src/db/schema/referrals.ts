import { REFERRAL_STATUSES } from '@portal/domain';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';

const statusList = sql.raw(REFERRAL_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * Spec 02 §3: a referral (status, referrer_discount_remaining, referrer_customer_id,
 * refereeEmail). One per referrer and email; the referee's customer id once they sign up.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerCustomerId: uuid('referrer_customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** Trimmed and lower-cased (the domain's referralEmailSchema). */
    refereeEmail: text('referee_email').notNull(),
    refereeCustomerId: uuid('referee_customer_id').references(() => customers.id, {
      onDelete: 'set null',
    }),
    status: text('status').notNull().default('created'),
    /** The credit the referral earns its referrer, in cents (5000). */
    creditCents: integer('credit_cents').notNull(),
    /** Cents of that credit not yet used on invoices; null until the referrer receives it. */
    referrerDiscountRemaining: integer('referrer_discount_remaining'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    emailSentAt: timestamp('email_sent_at', { withTimezone: true }),
    signedUpAt: timestamp('signed_up_at', { withTimezone: true }),
    discountReceivedAt: timestamp('discount_received_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('referrals_referrer_email_uq').on(t.referrerCustomerId, t.refereeEmail),
    index('referrals_referee_email_idx').on(t.refereeEmail),
    index('referrals_referee_customer_idx').on(t.refereeCustomerId),
    check('referrals_status_ck', sql`${t.status} in (${statusList})`),
    check(
      'referrals_remaining_ck',
      sql`${t.referrerDiscountRemaining} is null or (${t.referrerDiscountRemaining} >= 0 and ${t.referrerDiscountRemaining} <= ${t.creditCents})`,
    ),
    check('referrals_email_lower_ck', sql`${t.refereeEmail} = lower(${t.refereeEmail})`),
  ],
);
