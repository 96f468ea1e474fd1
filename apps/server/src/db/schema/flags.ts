import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Feature flags: a row with no customer is the default; a customer row overrides it. */
export const featureFlags = pgTable(
  'feature_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    customerId: uuid('customer_id'),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [
    uniqueIndex('feature_flags_default_uq')
      .on(t.name)
      .where(sql`${t.customerId} is null`),
    uniqueIndex('feature_flags_customer_uq')
      .on(t.name, t.customerId)
      .where(sql`${t.customerId} is not null`),
  ],
);
