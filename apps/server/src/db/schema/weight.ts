import { MEASUREMENT_TYPES, MEASUREMENT_UNITS } from '@portal/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** Where a measurement came from (spec 02 §3: manual patient entry; ours beside it). */
export const MEASUREMENT_SOURCES = ['manual', 'import', 'care_team'] as const;
export type MeasurementSource = (typeof MEASUREMENT_SOURCES)[number];

/**
 * Spec 02 §3: a measurement: weight, goal, starting weight (hundredths of a pound) or height
 * (inches), an integer with its unit on every row (REFERENCES "Weight": a unit preference
 * must never reinterpret history). An imported weight (the home address's weightData) is
 * recorded once per customer and day: opening the same link twice adds nothing.
 */
export const measurements = pgTable(
  'measurements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    value: integer('value').notNull(),
    unit: text('unit').notNull(),
    source: text('source').notNull().default('manual'),
    /** The day the measurement is for (yyyy-MM-dd). */
    recordedAt: date('recorded_at', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('measurements_customer_idx').on(t.customerId, t.type, t.recordedAt),
    uniqueIndex('measurements_import_uq')
      .on(t.customerId, t.recordedAt)
      .where(sql`${t.source} = 'import' and ${t.type} = 'weight'`),
    check('measurements_type_ck', sql`${t.type} in (${list(MEASUREMENT_TYPES)})`),
    check('measurements_unit_ck', sql`${t.unit} in (${list(MEASUREMENT_UNITS)})`),
    check('measurements_source_ck', sql`${t.source} in (${list(MEASUREMENT_SOURCES)})`),
    check(
      'measurements_value_ck',
      sql`(${t.type} = 'height' and ${t.unit} = 'inches' and ${t.value} between 1 and 108)
        or (${t.type} <> 'height' and ${t.unit} = 'hundredthsOfAPound'
          and ${t.value} between 5000 and 140000)`,
    ),
  ],
);

export const MEASUREMENT_CHANGE_STATUSES = ['pending', 'approved', 'declined'] as const;

/**
 * Spec 02 §6: a starting weight changes only through a request the provider team approves or
 * declines (InsertMeasurementChangeForm; the staff API's decision route).
 */
export const measurementChangeForms = pgTable(
  'measurement_change_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('starting_weight'),
    value: integer('value').notNull(),
    unit: text('unit').notNull().default('hundredthsOfAPound'),
    reason: text('reason').notNull().default(''),
    status: text('status').notNull().default('pending'),
    /** The staff actor who decided (a user id, or 'api-key'). */
    decidedBy: text('decided_by'),
    decisionNote: text('decision_note'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('measurement_change_forms_customer_idx').on(t.customerId, t.createdAt),
    check('measurement_change_forms_type_ck', sql`${t.type} = 'starting_weight'`),
    check(
      'measurement_change_forms_status_ck',
      sql`${t.status} in (${list(MEASUREMENT_CHANGE_STATUSES)})`,
    ),
    check('measurement_change_forms_value_ck', sql`${t.value} between 5000 and 140000`),
  ],
);

/**
 * The weight tracker reminder (weight_tracker_input_v1, issue 13): when each customer was last
 * reminded, so the job reminds at most once per 7 days, however often it runs.
 */
export const weightReminders = pgTable('weight_reminders', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  lastRemindedAt: timestamp('last_reminded_at', { withTimezone: true }).notNull(),
  /** Whether the last reminder was mailed (the customer may have turned reminder mail off). */
  mailed: boolean('mailed').notNull(),
});
