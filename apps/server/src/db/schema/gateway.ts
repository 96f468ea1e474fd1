import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

// The built-in sandbox payment gateway's own records (DESIGN §4, §6). They stand for the
// processor's database: only platform/gateway/ reads them. Kept in the database so they
// survive a restart, as a real processor's would. No card number is ever stored.

/** Single-use tokens from the tokenization endpoint: what a test number does, never the number. */
export const sandboxGatewayTokens = pgTable('sandbox_gateway_tokens', {
  id: text('id').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expiryMonth: integer('expiry_month').notNull(),
  expiryYear: integer('expiry_year').notNull(),
  /** succeed, or decline:<reason> at verification, or charge_decline:<reason> on charges only. */
  behaviour: text('behaviour').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxGatewayPaymentMethods = pgTable('sandbox_gateway_payment_methods', {
  id: text('id').primaryKey(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expiryMonth: integer('expiry_month').notNull(),
  expiryYear: integer('expiry_year').notNull(),
  behaviour: text('behaviour').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxGatewayCharges = pgTable(
  'sandbox_gateway_charges',
  {
    id: text('id').primaryKey(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Hash of the request's parameters: a reused key with other parameters is refused. */
    requestHash: text('request_hash').notNull(),
    paymentMethodId: text('payment_method_id').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_gateway_charges_key_uq').on(t.idempotencyKey)],
);

/**
 * The sandbox gateway's hosted pay-later checkouts (its own records, like the tables in
 * billing.ts): the client reference is the customer action id.
 */
export const sandboxGatewayCheckouts = pgTable('sandbox_gateway_checkouts', {
  id: text('id').primaryKey(),
  clientReference: text('client_reference').notNull(),
  amount: integer('amount').notNull(),
  description: text('description').notNull(),
  returnUrl: text('return_url').notNull(),
  /** open, then paid. */
  status: text('status').notNull().default('open'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
});
