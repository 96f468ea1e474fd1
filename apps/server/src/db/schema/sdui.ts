import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { customers } from './customers';

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
