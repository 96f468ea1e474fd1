import { DEFAULT_TIME_ZONE } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const treatments = pgTable(
  'treatments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shortId: text('short_id').notNull(),
    displayName: text('display_name').notNull(),
    billingProductId: text('billing_product_id'),
  },
  (t) => [uniqueIndex('treatments_short_id_uq').on(t.shortId)],
);

export interface FunnelInfo {
  Appointment?: string;
  FollowupAppointment?: string;
  TypeformIntakeId?: string;
  FollowupTypeformIntakeId?: string;
}

/** Spec 01 section 3, treatment configuration entry. */
export const treatmentConfigurations = pgTable(
  'treatment_configurations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    treatmentShortId: text('treatment_short_id').notNull(),
    followUpType: text('follow_up_type'),
    itemPriceId: text('item_price_id'),
    name: text('name').notNull(),
    treatmentCategory: text('treatment_category').notNull(),
    intakeId: text('intake_id'),
    followupIntakeId: text('followup_intake_id'),
    funnelInfo: jsonb('funnel_info')
      .$type<FunnelInfo>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [uniqueIndex('treatment_configurations_short_id_uq').on(t.treatmentShortId)],
);

export const providers = pgTable('providers', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id'),
  displayName: text('display_name').notNull(),
  title: text('title'),
  profileImage: text('profile_image'),
  virtualVisitLink: text('virtual_visit_link'),
  timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
  /** Length of a live visit, in minutes. */
  visitMinutes: integer('visit_minutes').notNull().default(30),
  language: text('language').notNull().default('en-US'),
});
