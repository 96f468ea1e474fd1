import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customerActions } from './customer-actions';
import { customers } from './customers';
// Bulk semaglutide orders and their payment (spec 02 §3, §4, §7, §9; issue 12).

/**
 * A submitted bulk order (the vial choice). Its created_at drives the 5-minute resubmission
 * block; the care team approves it into a bulk_order_charge action.
 */
export const bulkOrders = pgTable(
  'bulk_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    vialCount: integer('vial_count').notNull(),
    treatmentShortId: text('treatment_short_id').notNull(),
    /** async (reviewed without a visit) or sync (booked as a live visit). */
    encounter: text('encounter', { enum: ['async', 'sync'] }).notNull(),
    /** awaiting_approval, then approved (an action to pay exists), or declined. */
    status: text('status').notNull().default('awaiting_approval'),
    actionId: uuid('action_id').references(() => customerActions.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bulk_orders_customer_idx').on(t.customerId, t.createdAt),
    check('bulk_orders_vial_count_ck', sql`${t.vialCount} between 2 and 6`),
  ],
);

/**
 * The payment of a bulk_order_charge action: one row per action, committed pending before the
 * gateway is called (billing's pattern); the action id and the card tried are the idempotency
 * key, so a declined card retried with another card is a new attempt on the same row.
 * A charge that succeeded while the action could not be completed keeps action_completed
 * false: a job retries, and the care team sees it (spec 02 §8 actionFailure).
 */
export const bulkCharges = pgTable(
  'bulk_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    actionId: uuid('action_id')
      .notNull()
      .references(() => customerActions.id, { onDelete: 'cascade' }),
    /** card (PurchaseBulkWithChargebee) or bnpl (the hosted pay-later checkout). */
    method: text('method', { enum: ['card', 'bnpl'] }).notNull(),
    vialCount: integer('vial_count').notNull(),
    amount: integer('amount').notNull(),
    /** pending, succeeded, declined, failed (never reached the gateway). */
    status: text('status').notNull().default('pending'),
    gatewayPaymentMethodId: text('gateway_payment_method_id'),
    gatewayChargeId: text('gateway_charge_id'),
    processorReason: text('processor_reason'),
    actionCompleted: boolean('action_completed').notNull().default(false),
    completionError: text('completion_error'),
    completionAttempts: integer('completion_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bulk_charges_action_uq').on(t.actionId),
    index('bulk_charges_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('bulk_charges_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** Gateway webhook events already processed: each event id once (insert is the judge). */
export const gatewayWebhookEvents = pgTable('gateway_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
