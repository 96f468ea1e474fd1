import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { contracts, customers, subscriptions } from './customers';
// Billing (spec 02 §3, §7, §9; DESIGN §6): our own tables stand in for the billing provider.
// Money is integer cents. No card number is ever stored: a payment source keeps the processor's
// payment method id, brand, last 4 and expiry. The charges, refunds and invoices are the
// payments module's (payments.ts).

/** Plan and add-on prices. A plan's price is per billing period (a month, or the whole term if upfront). */
export const itemPrices = pgTable(
  'item_prices',
  {
    /** The item price id, e.g. weightmanagement-6-month-USD or high-dose-USD-monthly. */
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['plan', 'addon'] }).notNull(),
    /** The treatments' billing product id (plans) or the add-on sku (add-ons). */
    productId: text('product_id').notNull(),
    treatmentShortId: text('treatment_short_id'),
    contractLength: integer('contract_length').notNull().default(1),
    isUpfront: boolean('is_upfront').notNull().default(false),
    price: integer('price').notNull(),
    /** 'standard', or 'lite' for the lite program's plans. */
    program: text('program').notNull().default('standard'),
    active: boolean('active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('item_prices_treatment_idx').on(t.treatmentShortId),
    check('item_prices_price_nonnegative', sql`${t.price} >= 0`),
  ],
);

export const coupons = pgTable('coupons', {
  id: text('id').primaryKey(),
  percentOff: integer('percent_off'),
  amountOff: integer('amount_off'),
  active: boolean('active').notNull().default(true),
});

export const paymentSources = pgTable(
  'payment_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** The gateway's reusable payment method id; never a card number. */
    gatewayPaymentMethodId: text('gateway_payment_method_id').notNull(),
    paymentType: text('payment_type').notNull().default('card'),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expiryMonth: integer('expiry_month').notNull(),
    expiryYear: integer('expiry_year').notNull(),
    /**
     * active; replaced (a newer card took its plans; the processor is told to forget it);
     * removed (the account was deleted: its billing name and address are erased and the
     * processor is told to forget the card).
     * Rows stay for the charges and invoices that name them.
     */
    status: text('status').notNull().default('active'),
    billingFirstName: text('billing_first_name'),
    billingLastName: text('billing_last_name'),
    billingStreetAddress1: text('billing_street_address1'),
    billingStreetAddress2: text('billing_street_address2'),
    billingCity: text('billing_city'),
    billingState: text('billing_state'),
    billingStateCode: text('billing_state_code'),
    billingZipCode: text('billing_zip_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the processor confirmed it forgot a replaced or removed card (gateway.detach); null
     * while the billing job still has to ask (each is detached after its change commits).
     */
    detachedAt: timestamp('detached_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_sources_customer_idx').on(t.customerId, t.updatedAt),
    index('payment_sources_to_detach_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} in ('removed', 'replaced') and ${t.detachedAt} is null`),
    uniqueIndex('payment_sources_gateway_pm_uq').on(t.gatewayPaymentMethodId),
  ],
);

/** The payment source each subscription is charged to. */
export const subscriptionPaymentSources = pgTable('subscription_payment_sources', {
  subscriptionId: uuid('subscription_id')
    .primaryKey()
    .references(() => subscriptions.id, { onDelete: 'cascade' }),
  paymentSourceId: uuid('payment_source_id')
    .notNull()
    .references(() => paymentSources.id),
});

/** A price change quote as it was shown; the customer submits it back signed. */
export const billingQuotes = pgTable(
  'billing_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** The normalised request (plan type, add-ons, length, upfront). */
    request: jsonb('request').notNull(),
    /**
     * The contract the quote was priced on (null: the subscription had none). The change
     * applies only while it is still the subscription's contract (issue 45).
     */
    contractId: uuid('contract_id'),
    /** The computed quote (amounts in cents, periods, lines). */
    quote: jsonb('quote').notNull(),
    amountDue: integer('amount_due').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_quotes_customer_idx').on(t.customerId)],
);

export const subscriptionCancellations = pgTable(
  'subscription_cancellations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    contractId: uuid('contract_id').references(() => contracts.id),
    reason: text('reason').notNull(),
    /** Free text; may hold health details, so it is never logged. */
    otherText: text('other_text'),
    effectiveDate: date('effective_date').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('subscription_cancellations_subscription_uq').on(t.subscriptionId)],
);

/**
 * Account credit (spec 02 §3's quote `creditCarried`): what a downgrade refunds beyond its
 * cost, kept for the customer's next invoices. One balance per customer, never below 0.
 */
export const accountCredits = pgTable(
  'account_credits',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('account_credits_balance_nonnegative', sql`${t.balance} >= 0`)],
);

/**
 * Reminders the renewals job has raised, one per kind, subscription and contract, so a job
 * that runs twice raises a notice once (action_required_contract_expire_v1).
 */
export const billingReminders = pgTable(
  'billing_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    contractId: uuid('contract_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('billing_reminders_uq').on(t.kind, t.subscriptionId, t.contractId)],
);

/**
 * Every attempt to save a card (issue 45): the velocity limits count them (per customer, and
 * per card by its fingerprint, brand + last 4 + expiry, the most the processor tells us of a
 * card), and the care team reads the processor's real reason here; the customer only ever
 * sees a generic decline, so the card form is no card-testing oracle.
 */
export const cardAttempts = pgTable(
  'card_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    /** brand:last4:MM/YYYY, or null when the processor said nothing of the card. */
    fingerprint: text('fingerprint'),
    /**
     * pending (the processor is being asked: counted, so racing attempts cannot all pass),
     * accepted, declined (by the processor) or limited (refused by the velocity limits).
     */
    outcome: text('outcome', { enum: ['pending', 'accepted', 'declined', 'limited'] }).notNull(),
    /** The processor's reason, or which limit refused it; never shown to the customer. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('card_attempts_customer_idx').on(t.customerId, t.createdAt),
    index('card_attempts_fingerprint_idx').on(t.fingerprint, t.createdAt),
  ],
);
