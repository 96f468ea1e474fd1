import { ADDRESS_TYPES, DEFAULT_TIME_ZONE } from '@portal/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './identity';
import { treatments } from './catalog';

/** Spec 01 section 3, Customer. full_name is derived from first and last name. */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    shortId: text('short_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    preferredName: text('preferred_name'),
    /** Ten digits, no punctuation. */
    phone: text('phone'),
    dob: date('dob'),
    sex: text('sex'),
    gender: text('gender'),
    email: text('email').notNull(),
    timeZone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    /** Null until the patient picks a zone: until then the portal follows the device's zone. */
    timeZoneChosenAt: timestamp('time_zone_chosen_at', { withTimezone: true }),
    /** When the customer deleted the account; contact data is erased, the medical record kept. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('customers_short_id_uq').on(t.shortId),
    uniqueIndex('customers_user_id_uq')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
  ],
);

export const addresses = pgTable(
  'customer_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    addressType: text('address_type', { enum: ADDRESS_TYPES }).notNull(),
    /** Who receives parcels here (spec 02 §5: first and last names required on the form). */
    firstName: text('first_name'),
    lastName: text('last_name'),
    streetAddress1: text('street_address1').notNull(),
    streetAddress2: text('street_address2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    stateCode: text('state_code').notNull(),
    zipCode: text('zip_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_addresses_customer_idx').on(t.customerId)],
);

export const customerTags = pgTable(
  'customer_tags',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.name] })],
);

/** Money in integer cents; length in months. */
export const contracts = pgTable(
  'contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    discountAmount: integer('discount_amount').notNull().default(0),
    autoRenew: boolean('auto_renew').notNull().default(true),
    coupon: text('coupon'),
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    length: integer('length').notNull(),
    price: integer('price').notNull(),
  },
  (t) => [index('contracts_customer_idx').on(t.customerId)],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    treatmentId: uuid('treatment_id').references(() => treatments.id),
    contractId: uuid('contract_id').references(() => contracts.id),
    /** A subscription tied to another one (an add-on plan billed with its parent). */
    linkedToSubscriptionId: uuid('linked_to_subscription_id'),
    /** active, non_renewing, future, paused, cancelled. */
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_customer_idx').on(t.customerId)],
);

export const subscriptionItems = pgTable(
  'subscription_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    itemPriceId: text('item_price_id').notNull(),
    itemType: text('item_type').notNull().default('plan'),
  },
  (t) => [index('subscription_items_subscription_idx').on(t.subscriptionId)],
);
