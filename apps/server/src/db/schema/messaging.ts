import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { providers } from './treatments';

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

export const providerMessageTemplates = pgTable('provider_message_templates', {
  id: uuid('id').primaryKey().defaultRandom(),
  type: text('type').notNull(),
  description: text('description').notNull(),
});

/**
 * One-way messages from the care team: `message` is the HTML with section markers as served,
 * sanitized when the staff API stored it; `original_message` is what was sent, kept for the
 * record and never served (null for rows written before sanitizing, and for seeded ones).
 */
export const providerMessages = pgTable(
  'provider_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id').references(() => providers.id),
    type: text('type').notNull(),
    message: text('message').notNull(),
    originalMessage: text('original_message'),
    templateUsedId: uuid('template_used_id').references(() => providerMessageTemplates.id),
    sentByUserId: uuid('sent_by_user_id'),
    readOn: timestamp('read_on', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('provider_messages_customer_idx').on(t.customerId, t.createdAt)],
);

/**
 * Server-driven module lists (surface home or account); a customer row overrides the default.
 * At most one default row per surface and one row per customer and surface, so the staff API
 * can upsert without a read first.
 */
export const sduiModules = pgTable(
  'sdui_modules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    surface: text('surface', { enum: ['home', 'account'] }).notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    modules: jsonb('modules').$type<string[]>().notNull(),
  },
  (t) => [
    uniqueIndex('sdui_modules_default_uq')
      .on(t.surface)
      .where(sql`${t.customerId} is null`),
    uniqueIndex('sdui_modules_customer_uq')
      .on(t.surface, t.customerId)
      .where(sql`${t.customerId} is not null`),
  ],
);
