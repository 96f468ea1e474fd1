import { sql, type Column, type SQL, type Table } from 'drizzle-orm';
import { sqlRows, sqlValue } from '../../graphql/sql-plan';
import {
  addresses,
  contracts,
  customers,
  customerTags,
  subscriptionItems,
  subscriptions,
} from '../../db/schema/customers';

/**
 * How the customer's GraphQL fields read in SQL (graphql/sql-plan.ts), beside the store, the
 * only place with SQL for customers: the schema puts each plan on its field. Each says what its
 * resolver says (schema.ts, address-schema.ts), and the store's loadRecord orders rows the same
 * way; sql-plan.int.test.ts holds them to it.
 */

const name = (column: Column) => sql.identifier(column.name);

/** A column as it is: text, uuid, integer and boolean are JSON as the scalars serialize them. */
const column = (c: Column) => sqlValue((row) => sql`${row}.${name(c)}`);

/** A date column: PostgreSQL's JSON of a date is yyyy-MM-dd, what the Date scalar answers. */
const date = column;

/**
 * A timestamp as the DateTime scalar serializes it: Date#toISOString, UTC with milliseconds.
 * A Date keeps whole milliseconds of the microseconds PostgreSQL holds; to_char's MS does too.
 */
const instant = (c: Column) =>
  sqlValue(
    (row) => sql`to_char(${row}.${name(c)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  );

/**
 * A field's rows: those of `table` (as `alias`) whose `child` column equals the parent row's
 * `parent` column for each pair, and `also` (if given), in `orderBy` (for a list).
 */
function related(
  table: Table,
  on: [child: Column, parent: Column][],
  options: { also?: (alias: SQL) => SQL; orderBy?: Column[] } = {},
) {
  return sqlRows((row, alias) => {
    const conditions = on.map(
      ([child, parent]) => sql`${alias}.${name(child)} = ${row}.${name(parent)}`,
    );
    if (options.also) conditions.push(options.also(alias));
    const orderBy = options.orderBy?.map((c) => sql`${alias}.${name(c)}`);
    return {
      from: sql`${table} ${alias} where ${sql.join(conditions, sql` and `)}`,
      ...(orderBy ? { orderBy: sql.join(orderBy, sql`, `) } : {}),
    };
  });
}

/** Spec 02 §3, customer address. */
export const addressPlans = {
  id: column(addresses.id),
  address_type: column(addresses.addressType),
  first_name: column(addresses.firstName),
  last_name: column(addresses.lastName),
  street_address1: column(addresses.streetAddress1),
  street_address2: column(addresses.streetAddress2),
  city: column(addresses.city),
  state: column(addresses.state),
  state_code: column(addresses.stateCode),
  zip_code: column(addresses.zipCode),
};

export const contractPlans = {
  id: column(contracts.id),
  status: column(contracts.status),
  discount_amount: column(contracts.discountAmount),
  auto_renew: column(contracts.autoRenew),
  coupon: column(contracts.coupon),
  start_date: date(contracts.startDate),
  end_date: date(contracts.endDate),
  length: column(contracts.length),
  price: column(contracts.price),
};

export const subscriptionItemPlans = {
  item_price_id: column(subscriptionItems.itemPriceId),
  item_type: column(subscriptionItems.itemType),
};

export const subscriptionPlans = {
  id: column(subscriptions.id),
  status: column(subscriptions.status),
  contract_id: column(subscriptions.contractId),
  treatment_id: column(subscriptions.treatmentId),
  // In the order loadRecord reads them (the index's, by the row's place in the table).
  subscription_items: related(subscriptionItems, [
    [subscriptionItems.subscriptionId, subscriptions.id],
  ]),
  // The customer's own contract of that id (customerView finds it among the record's contracts).
  contract: related(contracts, [
    [contracts.id, subscriptions.contractId],
    [contracts.customerId, subscriptions.customerId],
  ]),
};

/** The customer's subscriptions, linked (add-ons to another subscription) or not. */
const ownSubscriptions = (linked: boolean) =>
  related(subscriptions, [[subscriptions.customerId, customers.id]], {
    also: (alias) =>
      sql`${alias}.${name(subscriptions.linkedToSubscriptionId)} is ${linked ? sql`not null` : sql`null`}`,
    orderBy: [subscriptions.createdAt, subscriptions.id],
  });

export const customerPlans = {
  id: column(customers.id),
  short_id: column(customers.shortId),
  // customerView's fullName: first and last name, a space between, no space either end.
  full_name: sqlValue(
    (row) =>
      sql`btrim(${row}.${name(customers.firstName)} || ' ' || ${row}.${name(customers.lastName)}, ' ')`,
  ),
  first_name: column(customers.firstName),
  last_name: column(customers.lastName),
  preferred_name: column(customers.preferredName),
  phone: column(customers.phone),
  dob: date(customers.dob),
  sex: column(customers.sex),
  gender: column(customers.gender),
  email: column(customers.email),
  created_at: instant(customers.createdAt),
  time_zone: column(customers.timeZone),
  shippingAddresses: related(addresses, [[addresses.customerId, customers.id]], {
    orderBy: [addresses.createdAt, addresses.id],
  }),
  tags: related(customerTags, [[customerTags.customerId, customers.id]], {
    orderBy: [customerTags.name],
  }),
  contracts: related(contracts, [[contracts.customerId, customers.id]], {
    orderBy: [contracts.startDate, contracts.id],
  }),
  subscriptions: ownSubscriptions(false),
  linked_subscriptions: ownSubscriptions(true),
};

export const tagPlans = { name: column(customerTags.name) };
