import { integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The built-in sandbox payment gateway's own records (DESIGN §4, §6; issue 39). They stand for
// the processor's database: only platform/gateway/ reads them. Kept in the database so they
// survive a restart, as a real processor's would. No card number is ever stored.

/**
 * The processor's customers. Made once per customer of ours (the unique reference), so a
 * createCustomer retried after a crash gets the same id back; a payment method saved for one
 * customer cannot be charged for another.
 */
export const sandboxGatewayCustomers = pgTable(
  'sandbox_gateway_customers',
  {
    id: text('id').primaryKey(),
    /** Our customer id (Stripe keeps it in metadata). */
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_gateway_customers_reference_uq').on(t.reference)],
);

/** Single-use tokens from the tokenization endpoint: what a test number does, never the number. */
export const sandboxGatewayTokens = pgTable('sandbox_gateway_tokens', {
  id: text('id').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expiryMonth: integer('expiry_month').notNull(),
  expiryYear: integer('expiry_year').notNull(),
  /** succeed, authenticate, verify:<reason> at saving, or charge:<reason> on charges only. */
  behaviour: text('behaviour').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxGatewayPaymentMethods = pgTable('sandbox_gateway_payment_methods', {
  id: text('id').primaryKey(),
  /** The processor customer it was saved for; null for cards saved before customers existed. */
  customerId: text('customer_id'),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expiryMonth: integer('expiry_month').notNull(),
  expiryYear: integer('expiry_year').notNull(),
  behaviour: text('behaviour').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set by detach: from then on every charge on it is declined. */
  detachedAt: timestamp('detached_at', { withTimezone: true }),
});

export const sandboxGatewayCharges = pgTable(
  'sandbox_gateway_charges',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Hash of the request's parameters: a reused key with other parameters is refused. */
    requestHash: text('request_hash').notNull(),
    /** Null for the payment behind a paid hosted checkout (checkoutId says which). */
    paymentMethodId: text('payment_method_id'),
    checkoutId: text('checkout_id'),
    customerId: text('customer_id'),
    amount: integer('amount').notNull(),
    description: text('description'),
    /** The request's metadata, as Stripe keeps it on the PaymentIntent. */
    metadata: jsonb('metadata').$type<Record<string, string>>(),
    /** succeeded, declined, or requires_action until the 3-D Secure challenge is answered. */
    status: text('status').notNull(),
    reason: text('reason'),
    /** Only while 3-D Secure is asked for: what the browser would hand Stripe.js. */
    clientSecret: text('client_secret'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the 3-D Secure challenge was completed or failed. */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sandbox_gateway_charges_key_uq').on(t.idempotencyKey)],
);

/**
 * Refunds, once per idempotency key. A refused refund is kept too (status failed, with its
 * reason), so the same key answers the same refusal, as Stripe's idempotency layer does.
 */
export const sandboxGatewayRefunds = pgTable(
  'sandbox_gateway_refunds',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    chargeId: text('charge_id').notNull(),
    amount: integer('amount').notNull(),
    /** succeeded or failed. */
    status: text('status').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_gateway_refunds_key_uq').on(t.idempotencyKey)],
);

/**
 * The sandbox gateway's hosted pay-later checkouts (its own records, like the tables in
 * billing.ts): the client reference is the customer action id.
 */
export const sandboxGatewayCheckouts = pgTable(
  'sandbox_gateway_checkouts',
  {
    id: text('id').primaryKey(),
    /** Ours; null on checkouts opened before keys were sent. A repeated key opens one checkout. */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    clientReference: text('client_reference').notNull(),
    amount: integer('amount').notNull(),
    description: text('description').notNull(),
    /** The success URL: where the page returns once paid. */
    returnUrl: text('return_url').notNull(),
    cancelUrl: text('cancel_url'),
    /** open, then paid. */
    status: text('status').notNull().default('open'),
    /** The succeeded charge recorded when it was paid (refunds go to it). */
    chargeId: text('charge_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sandbox_gateway_checkouts_key_uq').on(t.idempotencyKey)],
);
