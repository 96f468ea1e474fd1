import { CUSTOMER_ACTION_STATUSES } from '@portal/domain';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';

/** Spec 01 §3, spec 02 §3: the kinds of customer action, by type_code (bulk_order_charge …). */
export const customerActionTypes = pgTable(
  'customer_action_types',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    typeCode: text('type_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('customer_action_types_type_code_uq').on(t.typeCode)],
);

const statusList = sql.raw(CUSTOMER_ACTION_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * Spec 01 §3, spec 02 §3: something the care team asks a customer to do (pay for a bulk
 * order, fill in a form), pending until it is complete.
 */
export const customerActions = pgTable(
  'customer_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    actionTypeId: uuid('action_type_id')
      .notNull()
      .references(() => customerActionTypes.id),
    status: text('status').notNull().default('pending'),
    /** What the action needs, e.g. { vial_count } for a bulk_order_charge. */
    metadata: jsonb('metadata')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_actions_customer_idx').on(t.customerId, t.createdAt),
    check('customer_actions_status_ck', sql`${t.status} in (${statusList})`),
  ],
);
