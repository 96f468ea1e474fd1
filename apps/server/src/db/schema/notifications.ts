import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';

/**
 * Spec 01 section 3, customer notification. Statuses: unread, read, requires_action,
 * action_completed, deleted. Shown only between show_after and expire_at.
 */
export const customerNotifications = pgTable(
  'customer_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message'),
    description: text('description'),
    severity: text('severity').notNull().default('info'),
    status: text('status').notNull().default('unread'),
    shortId: text('short_id'),
    action: jsonb('action').$type<Record<string, unknown>>(),
    /** Extra data of a type, e.g. the subscription ids a contract-expiry notice ties to. */
    metadata: jsonb('metadata')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    showAfter: timestamp('show_after', { withTimezone: true }),
    expireAt: timestamp('expire_at', { withTimezone: true }),
    date: timestamp('date', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_notifications_customer_idx').on(t.customerId, t.status)],
);
