import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customerActions } from './customer-actions';
import { customers } from './customers';
// Bulk semaglutide orders (spec 02 §3, §4, §7, §9; issue 12). Their payments are charges in
// the payments module's ledger (payments.ts), with purpose bulk_order and the action as reference.

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
    /**
     * awaiting_approval, then approved (an action to pay exists), then paid (its charge
     * succeeded, by card or pay-later), or declined.
     */
    status: text('status').notNull().default('awaiting_approval'),
    actionId: uuid('action_id').references(() => customerActions.id, { onDelete: 'set null' }),
    /**
     * Who decided the order (a staff user id, or 'api-key') and when: the care team's console
     * tells a second approver whose decision stood (issue 41).
     */
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** When its payment succeeded (the processor's answer recorded). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('bulk_orders_customer_idx').on(t.customerId, t.createdAt),
    // The care queue reads the orders awaiting approval, a few among all ever placed.
    index('bulk_orders_awaiting_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'awaiting_approval'`),
    check('bulk_orders_vial_count_ck', sql`${t.vialCount} between 2 and 6`),
  ],
);
