import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { providers } from './catalog';

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
