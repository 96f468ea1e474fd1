import { CARRIERS } from '@portal/domain';
import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { customers } from './customers';
import { providers, treatments } from './catalog';
// Issue 10: prescriptions with their kit snapshots, media assets and shipments (spec 02 §3),
// and carrier events.

/** Spec 02 §3, Prescription. status is one of PRESCRIPTION_SNACKBAR_STATUSES. */
export const prescriptions = pgTable(
  'prescriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id').references(() => providers.id),
    treatmentId: uuid('treatment_id').references(() => treatments.id),
    status: text('status').notNull().default('received'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prescriptions_customer_idx').on(t.customerId, t.createdAt)],
);

/** Spec 02 §3, kit snapshot: what was prescribed, as it was when written. */
export const prescriptionKits = pgTable(
  'prescription_kits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    prescriptionId: uuid('prescription_id')
      .notNull()
      .references(() => prescriptions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    catalogName: text('catalog_name').notNull(),
    kitName: text('kit_name').notNull(),
    directions: text('directions').notNull(),
    quantity: doublePrecision('quantity').notNull(),
    strength: text('strength').notNull().default(''),
    form: text('form').notNull(),
    internalType: text('internal_type').notNull().default('medication'),
    refills: integer('refills').notNull().default(0),
    /** ml in one vial of an injectable (ours: the runway needs it). */
    volumeMl: doublePrecision('volume_ml'),
    /** The prescribed weekly dose in mg (ours: syringe units and the runway need it). */
    weeklyDoseMg: doublePrecision('weekly_dose_mg'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prescription_kits_prescription_idx').on(t.prescriptionId, t.position)],
);

/** Spec 02 §3, media asset: reference images, the dosing PDF, tutorial videos. */
export const prescriptionMediaAssets = pgTable(
  'prescription_media_assets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    prescriptionId: uuid('prescription_id')
      .notNull()
      .references(() => prescriptions.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    src: text('src').notNull(),
    altText: text('alt_text').notNull(),
    mimeType: text('mime_type').notNull(),
  },
  (t) => [index('prescription_media_assets_prescription_idx').on(t.prescriptionId, t.position)],
);

/** Spec 02 §3, shipping status. shipped_at and delivered_at follow the carrier events. */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    prescriptionId: uuid('prescription_id')
      .notNull()
      .references(() => prescriptions.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    carrier: text('carrier', { enum: CARRIERS }).notNull(),
    trackingNumber: text('tracking_number'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shipments_prescription_idx').on(t.prescriptionId),
    // The care queue reads the shipments on their way (stalled or returned), not the delivered.
    index('shipments_in_transit_idx')
      .on(t.shippedAt)
      .where(sql`${t.deliveredAt} is null and ${t.shippedAt} is not null`),
    // The carrier webhook finds a shipment by its tracking number.
    uniqueIndex('shipments_tracking_uq')
      .on(t.carrier, t.trackingNumber)
      .where(sql`${t.trackingNumber} is not null`),
  ],
);

/** A pharmacy or carrier event of a shipment; the raw status is kept beside our code. */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    rawStatus: text('raw_status').notNull(),
    /** Our code (SHIPMENT_STATUSES); null for a status spec 02 §4 does not list. */
    status: text('status'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    message: text('message'),
    location: text('location'),
    /** staff or webhook. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A redelivered webhook or a repeated post records each scan once.
    uniqueIndex('shipment_events_once_uq').on(t.shipmentId, t.rawStatus, t.occurredAt),
    // A shipment's latest event (the care queue's stall check) without sorting its events.
    index('shipment_events_latest_idx').on(t.shipmentId, t.occurredAt),
  ],
);
