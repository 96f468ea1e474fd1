import { SLOT_RELEASING_STATUSES } from '@portal/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers, subscriptions } from './customers';
import { providers, treatments } from './catalog';

/** States a provider is licensed in (two-letter codes). */
export const providerLicenses = pgTable(
  'provider_licenses',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    stateCode: text('state_code').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.stateCode] }),
    index('provider_licenses_state_idx').on(t.stateCode),
  ],
);

export const providerTreatments = pgTable(
  'provider_treatments',
  {
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    treatmentId: uuid('treatment_id')
      .notNull()
      .references(() => treatments.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.treatmentId] }),
    index('provider_treatments_treatment_idx').on(t.treatmentId),
  ],
);

/**
 * Weekly working hours in the provider's own time zone (providers.time_zone): weekday 0 is
 * Sunday; minutes from local midnight, end exclusive.
 */
export const providerSchedules = pgTable(
  'provider_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
  },
  (t) => [index('provider_schedules_provider_idx').on(t.providerId)],
);

/**
 * A provider's time off (issue 41): no visit is offered or booked in [starts_at, ends_at).
 * Edited by an admin in the care console; `created_by` names the staff member (or the API key).
 */
export const providerTimeOff = pgTable(
  'provider_time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason'),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('provider_time_off_provider_idx').on(t.providerId, t.startsAt),
    check('provider_time_off_range', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * Statuses: scheduled, completed, cancelled, voided, expired, reserved, no_show. A provider
 * holds at most one live appointment per start: the partial unique index is what makes two
 * simultaneous bookings of one slot end with exactly one winner.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id),
    treatmentId: uuid('treatment_id').references(() => treatments.id),
    start: timestamp('start', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }).notNull(),
    status: text('status').notNull().default('scheduled'),
    isAsync: boolean('is_async').notNull().default(false),
    encounterSigned: boolean('encounter_signed').notNull().default(false),
    origin: text('origin'),
    followUpId: uuid('follow_up_id'),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id),
    vialCount: integer('vial_count'),
    /** RFC 5545 SEQUENCE of the visit's calendar event: raised each time the visit moves. */
    sequence: integer('sequence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appointments_customer_idx').on(t.customerId, t.start),
    index('appointments_provider_start_idx').on(t.providerId, t.start),
    uniqueIndex('appointments_provider_live_start_uq')
      .on(t.providerId, t.start)
      .where(
        sql`${t.isAsync} = false and ${t.status} not in (${sql.raw(SLOT_RELEASING_STATUSES.map((s) => `'${s}'`).join(', '))})`,
      ),
  ],
);

/**
 * Issue 43: every claim on a provider's time, booked visits and live holds alike, so one
 * exclusion constraint (slot_claims_no_overlap, in migration 0026: btree_gist over the provider
 * and tstzrange(start, end)) makes an overlapping second claim impossible in the database. A
 * visit's claim (appointment_id set, expires_at null) is written by a trigger on appointments
 * in the same statement as the visit, and goes when the visit is cancelled, moved or async. A
 * hold (expires_at set) is the customer's for five minutes; a lapsed one blocks nobody because
 * readers skip it and every new claim deletes lapsed holds on its range first.
 */
export const slotClaims = pgTable(
  'slot_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id').references(() => appointments.id, {
      onDelete: 'cascade',
    }),
    start: timestamp('start', { withTimezone: true }).notNull(),
    end: timestamp('end', { withTimezone: true }).notNull(),
    /** Null for a booked visit; a hold's end. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('slot_claims_appointment_uq').on(t.appointmentId),
    index('slot_claims_customer_hold_idx')
      .on(t.customerId)
      .where(sql`${t.expiresAt} is not null`),
    check('slot_claims_range', sql`${t.end} > ${t.start}`),
    check('slot_claims_kind', sql`(${t.appointmentId} is null) = (${t.expiresAt} is not null)`),
  ],
);

/** Requirement types: typeform_intake, intake (intake needed); typeform_dl, identification_check (ID check). */
export const appointmentRequirements = pgTable(
  'appointment_requirements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    completed: boolean('completed').notNull().default(false),
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('appointment_requirements_appointment_idx').on(t.appointmentId)],
);

export const followUps = pgTable(
  'follow_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    treatmentId: uuid('treatment_id').references(() => treatments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('follow_ups_customer_idx').on(t.customerId),
    index('follow_ups_appointment_idx').on(t.appointmentId),
  ],
);

/** A care-team request that the customer pick a new time; status becomes SCHEDULED. */
export const reschedules = pgTable(
  'reschedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    status: text('status').notNull().default('PENDING'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reschedules_customer_idx').on(t.customerId)],
);
