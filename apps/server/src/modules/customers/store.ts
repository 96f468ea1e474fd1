import { randomBytes } from 'node:crypto';
import { ACTIVE_SUBSCRIPTION_STATUSES, residenceState, type AddressType } from '@portal/domain';
import {
  and,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  sql,
  type InferSelectModel,
  type SQL,
  type Table,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import type { SqlSelect } from '../../db/json-select';
import type { NewCustomerOfUser } from '../../identity/customer-directory';
import { treatmentConfigurations, treatments } from '../../db/schema/catalog';
import {
  addresses,
  contracts,
  customers,
  customerTags,
  subscriptionItems,
  subscriptions,
} from '../../db/schema/customers';

export type CustomerRow = typeof customers.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
export type ContractRow = typeof contracts.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionItemRow = typeof subscriptionItems.$inferSelect;

export interface CustomerRecord {
  customer: CustomerRow;
  addresses: AddressRow[];
  tags: string[];
  contracts: ContractRow[];
  subscriptions: (SubscriptionRow & { items: SubscriptionItemRow[] })[];
}

export interface BillingSubscription {
  subscription: SubscriptionRow;
  contract: ContractRow | null;
  items: SubscriptionItemRow[];
  timeZone: string;
}

type JsonRow = Record<string, unknown>;

interface RecordJson {
  customer: JsonRow;
  addresses: JsonRow[];
  tags: string[];
  contracts: JsonRow[];
  subscriptions: { row: JsonRow; items: JsonRow[] }[];
}

/**
 * A row read as JSON (to_json: keys are column names) as drizzle's select gives it: property
 * names, and each value through its column's driver mapping (timestamps become Dates; dates stay
 * 'YYYY-MM-DD' strings), as drizzle maps the driver's text values.
 */
function fromJson<T extends Table>(table: T, json: JsonRow): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, name, map] of jsonColumns(table)) {
    const value = json[name];
    row[key] = value === null || value === undefined ? null : map ? map(value) : value;
  }
  return row as InferSelectModel<T>;
}

type JsonColumn = [key: string, name: string, map: ((value: unknown) => unknown) | null];
/** A customer id as the search box may hold one (exact-id search). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const jsonColumnsByTable = new WeakMap<Table, JsonColumn[]>();

/** Each column once per table: only timestamps need mapping (JSON keeps text, numbers, booleans). */
function jsonColumns(table: Table): JsonColumn[] {
  let columns = jsonColumnsByTable.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table)).map(([key, column]) => [
      key,
      column.name,
      column.columnType === 'PgTimestamp'
        ? (value: unknown) => column.mapFromDriverValue(value)
        : column.columnType === 'PgDateString' ||
            column.columnType === 'PgText' ||
            column.columnType === 'PgUUID' ||
            column.columnType === 'PgInteger' ||
            column.columnType === 'PgBoolean'
          ? null
          : (value: unknown) => column.mapFromDriverValue(value),
    ]);
    jsonColumnsByTable.set(table, columns);
  }
  return columns;
}

/** The only place with SQL for customers. */
export class CustomerStore {
  constructor(private readonly db: Db) {}

  /**
   * loadRecord's statement, built once (db/prepared.ts): a named prepared statement on
   * PostgreSQL, so each pooled connection parses and plans it once. Planning its five
   * subqueries was most of the database's work per GetCustomerData (issue 16: about 330 µs of
   * backend CPU a read, 115 µs prepared). Every value is JSON (node-postgres and PGlite both
   * parse json columns). The subqueries name the outer row as `${customers}.id`: in a select's
   * fields drizzle writes a column of the only table unqualified, and a bare "id" would be
   * the subquery's own.
   */
  private readonly recordById = preparedOnce(() =>
    this.db
      .select({
        customer: sql<JsonRow>`to_json(${customers})`,
        addresses: sql<
          JsonRow[]
        >`(select coalesce(json_agg(to_json(a) order by a.created_at, a.id), '[]')
          from customer_addresses a where a.customer_id = ${customers}.id)`,
        tags: sql<string[]>`(select coalesce(json_agg(t.name order by t.name), '[]')
          from customer_tags t where t.customer_id = ${customers}.id)`,
        contracts: sql<
          JsonRow[]
        >`(select coalesce(json_agg(to_json(k) order by k.start_date, k.id), '[]')
          from contracts k where k.customer_id = ${customers}.id)`,
        subscriptions: sql<RecordJson['subscriptions']>`(select coalesce(json_agg(
            json_build_object('row', to_json(s), 'items',
              (select coalesce(json_agg(to_json(i)), '[]')
                from subscription_items i where i.subscription_id = s.id))
            order by s.created_at, s.id), '[]')
          from subscriptions s where s.customer_id = ${customers}.id)`,
      })
      .from(customers)
      .where(eq(customers.id, sql.placeholder('id')))
      .prepare('customers_load_record'),
  );

  /** recordJson's statements by name: one per persisted query with an SQL plan. */
  private readonly jsonStatements = new Map<string, ReturnType<CustomerStore['jsonStatement']>>();

  private jsonStatement(select: SqlSelect) {
    return this.db
      .select({ json: sql<string>`(${select.json(sql`${customers}`)})::text` })
      .from(customers)
      .where(eq(customers.id, sql.placeholder('id')))
      .prepare(select.name);
  }

  /**
   * The customer's JSON for a persisted query's SQL plan (graphql/sql-plan.ts, the fields'
   * plans in schema-plans.ts), as the database builds it; undefined when there is no such
   * customer. Each plan is a named prepared statement, as loadRecord's.
   */
  async recordJson(id: string, select: SqlSelect): Promise<string | undefined> {
    let statement = this.jsonStatements.get(select.name);
    if (!statement) {
      statement = this.jsonStatement(select);
      this.jsonStatements.set(select.name, statement);
    }
    const [row] = await statement.execute({ id });
    return row?.json;
  }

  /** The same store over a transaction (a unit of work's). */
  in(tx: Db): CustomerStore {
    return new CustomerStore(tx);
  }

  /**
   * The care console's patient search (issue 41): by a part of the name ("first last" too) or
   * of the email, or a customer's exact id; newest first. The text is matched literally (its
   * LIKE wildcards escaped), so a search for "%" finds a "%" and not everyone.
   */
  async search(
    text: string | undefined,
    page: number,
    pageSize: number,
  ): Promise<{
    rows: (CustomerRow & { status: string; stateCode: string | null })[];
    total: number;
  }> {
    const term = text?.trim() ?? '';
    let where: SQL | undefined;
    if (term) {
      const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const byText = sql`(${customers.firstName} || ' ' || ${customers.lastName} ilike ${like}
        or ${customers.email} ilike ${like})`;
      where = UUID.test(term) ? sql`(${customers.id} = ${term} or ${byText})` : byText;
    }
    const active = sql.join(
      ACTIVE_SUBSCRIPTION_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    );
    const status = sql<string>`case when ${customers.deletedAt} is not null then 'deleted'
      when exists (select 1 from ${subscriptions} where ${subscriptions.customerId} = ${customers}.id
        and ${subscriptions.status} in (${active})) then 'active' else 'inactive' end`;
    const stateCode = sql<string | null>`(select ${addresses.stateCode} from ${addresses}
      where ${addresses.customerId} = ${customers}.id and ${addresses.addressType} = 'SHIPPING'
      limit 1)`;
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({ ...getTableColumns(customers), status, stateCode })
        .from(customers)
        .where(where)
        .orderBy(desc(customers.createdAt), desc(customers.id))
        .limit(pageSize)
        .offset(page * pageSize),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(customers)
        .where(where),
    ]);
    return { rows, total: Number(counted?.n ?? 0) };
  }

  /** The customer's tag names (the corporate-health mode reads the personify tag). */
  async tagNames(customerId: string): Promise<string[]> {
    const rows = await this.db
      .select({ name: customerTags.name })
      .from(customerTags)
      .where(eq(customerTags.customerId, customerId));
    return rows.map((row) => row.name);
  }

  /** Replaces the customer's tags with `names` (none: all cleared); the names, sorted. */
  async replaceTags(customerId: string, names: readonly string[]): Promise<string[]> {
    await this.db.delete(customerTags).where(eq(customerTags.customerId, customerId));
    if (names.length > 0) {
      await this.db.insert(customerTags).values(names.map((name) => ({ customerId, name })));
    }
    return [...names].sort();
  }

  async findById(id: string): Promise<CustomerRow | undefined> {
    const [row] = await this.db.select().from(customers).where(eq(customers.id, id));
    return row;
  }

  /**
   * Issue 43: the zone the customer reads times in (BOOKING_TIME_ZONES). A choice is stamped
   * and wins from then on; the device's zone is taken only while nothing was chosen (in the
   * same statement, so a choice made meanwhile on another device stands). The zone as it now
   * is, or none without the row.
   */
  async setTimeZone(
    id: string,
    timeZone: string,
    choice: 'chosen' | 'device',
  ): Promise<{ timeZone: string; chosen: boolean; changed: boolean } | undefined> {
    const rows = await this.db
      .update(customers)
      // The stamp only marks that a choice was made; the database's clock is enough for that.
      .set(choice === 'device' ? { timeZone } : { timeZone, timeZoneChosenAt: sql`now()` })
      .where(
        choice === 'device'
          ? and(eq(customers.id, id), isNull(customers.timeZoneChosenAt))
          : eq(customers.id, id),
      )
      .returning({ timeZone: customers.timeZone, chosenAt: customers.timeZoneChosenAt });
    const [row] = rows.length > 0 ? rows : await this.timeZoneRows(id);
    if (!row) return undefined;
    return { timeZone: row.timeZone, chosen: row.chosenAt !== null, changed: rows.length > 0 };
  }

  /** Issue 43: the zone the customer reads times in, and whether they chose it. */
  async timeZoneOf(id: string): Promise<{ timeZone: string; chosen: boolean } | undefined> {
    const [row] = await this.timeZoneRows(id);
    return row && { timeZone: row.timeZone, chosen: row.chosenAt !== null };
  }

  private timeZoneRows(id: string) {
    return this.db
      .select({ timeZone: customers.timeZone, chosenAt: customers.timeZoneChosenAt })
      .from(customers)
      .where(eq(customers.id, id));
  }

  /** A customer's email, first name and subscription statuses (referrals ask). */
  async contactFacts(
    id: string,
  ): Promise<{ email: string; firstName: string; subscriptionStatuses: string[] } | undefined> {
    const customer = await this.findById(id);
    if (!customer) return undefined;
    const rows = await this.db
      .select({ status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.customerId, id));
    return {
      email: customer.email,
      firstName: customer.firstName,
      subscriptionStatuses: rows.map((r) => r.status),
    };
  }

  /** The customer with this email (case-insensitive; callers pass it lower-cased). */
  async idByEmail(email: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ id: customers.id })
      .from(customers)
      .where(sql`lower(${customers.email}) = ${email}`)
      .limit(1);
    return row?.id;
  }

  /** The customer of a login, or null (identity's CustomerDirectory, through the service). */
  async idOfUser(userId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.userId, userId));
    return row?.id ?? null;
  }

  /** Links the customer record with this email and no login yet (funnel, care team) to one. */
  async linkUserByEmail(email: string, userId: string): Promise<void> {
    await this.db
      .update(customers)
      .set({ userId })
      .where(and(eq(customers.email, email), isNull(customers.userId)));
  }

  /** A new login's customer record with a fresh short id; answers its id. */
  async insertForUser(values: NewCustomerOfUser): Promise<string> {
    const shortId = randomBytes(5).toString('hex').toUpperCase();
    const [row] = await this.db
      .insert(customers)
      .values({ ...values, shortId })
      .returning({ id: customers.id });
    if (!row) throw new Error('customer insert returned nothing');
    return row.id;
  }

  /** Customers with an active subscription on a treatment of the category (e.g. weightloss). */
  async activeInTreatmentCategory(
    category: string,
  ): Promise<{ customerId: string; email: string; firstName: string }[]> {
    return this.db
      .selectDistinct({
        customerId: customers.id,
        email: customers.email,
        firstName: customers.firstName,
      })
      .from(subscriptions)
      .innerJoin(customers, eq(customers.id, subscriptions.customerId))
      .innerJoin(treatments, eq(treatments.id, subscriptions.treatmentId))
      .innerJoin(
        treatmentConfigurations,
        eq(treatmentConfigurations.treatmentShortId, treatments.shortId),
      )
      .where(
        and(
          inArray(subscriptions.status, [...ACTIVE_SUBSCRIPTION_STATUSES]),
          eq(treatmentConfigurations.treatmentCategory, category),
        ),
      )
      .orderBy(customers.id);
  }

  /**
   * One customer with everything GetCustomerData shows, in one statement (issue 16): the
   * customer's row and, aggregated as JSON beside it, its addresses, tags, contracts and
   * subscriptions with their items, each read by its customer (or subscription) index. Rows come
   * back typed as drizzle's selects type them (fromJson).
   */
  async loadRecord(id: string): Promise<CustomerRecord | undefined> {
    const [row] = await this.recordById().execute({ id });
    if (!row) return undefined;
    return {
      customer: fromJson(customers, row.customer),
      addresses: row.addresses.map((a) => fromJson(addresses, a)),
      tags: row.tags,
      contracts: row.contracts.map((c) => fromJson(contracts, c)),
      subscriptions: row.subscriptions.map((s) => ({
        ...fromJson(subscriptions, s.row),
        items: s.items.map((i) => fromJson(subscriptionItems, i)),
      })),
    };
  }

  /** customerFacts' statement (every booking runs it): built once (db/prepared.ts). */
  private readonly facts = preparedOnce(() => {
    const id = sql`${sql.placeholder('customerId')}::uuid`;
    const [a, s] = [addresses, subscriptions];
    const states = sql`(select coalesce(json_agg(json_build_object('addressType', ${a.addressType}, 'stateCode', ${a.stateCode}) order by ${a.createdAt}), '[]'::json) from ${a} where ${a.customerId} = ${id})`;
    const treatmentIds = sql`(select coalesce(json_agg(distinct ${s.treatmentId}), '[]'::json) from ${s} where ${and(eq(s.customerId, id), inArray(s.status, [...ACTIVE_SUBSCRIPTION_STATUSES]), isNotNull(s.treatmentId))})`;
    const owned = sql`exists (select 1 from ${s} where ${s.id} = ${sql.placeholder('subscriptionId')}::uuid and ${s.customerId} = ${id})`;
    return this.db
      .select({
        addresses: sql<Parameters<typeof residenceState>[0]>`${states}`,
        activeTreatmentIds: sql<string[]>`${treatmentIds}`,
        subscriptionOwned: sql<boolean>`${owned}`,
      })
      .from(sql`(select 1) as one`)
      .prepare('customers_facts');
  });

  /**
   * In one statement (a booking asks all three; read in `db`, a transaction, when given): the
   * state the customer lives in (the domain's residenceState over their addresses, oldest
   * first), the treatments of their active subscriptions, and whether `subscriptionId` is
   * theirs (true when null).
   */
  async customerFacts(customerId: string, subscriptionId: string | null = null, db?: Db) {
    const [row] = await (db ? this.in(db) : this).facts().execute({ customerId, subscriptionId });
    return {
      stateCode: residenceState(row?.addresses ?? []),
      activeTreatmentIds: row?.activeTreatmentIds ?? [],
      subscriptionOwned: subscriptionId === null || row?.subscriptionOwned === true,
    };
  }

  /**
   * Replaces the customer's shipping address, or adds one when there is none. Callers hold the
   * customer's lock: no unique index stops two SHIPPING rows, so the lock queues the upserts.
   */
  async upsertShippingAddress(
    customerId: string,
    values: Omit<typeof addresses.$inferInsert, 'id' | 'customerId' | 'addressType' | 'createdAt'>,
  ): Promise<{ row: AddressRow; created: boolean }> {
    const shipping = and(
      eq(addresses.customerId, customerId),
      eq(addresses.addressType, 'SHIPPING' satisfies AddressType),
    );
    const [updated] = await this.db.update(addresses).set(values).where(shipping).returning();
    if (updated) return { row: updated, created: false };
    const [row] = await this.db
      .insert(addresses)
      .values({ ...values, customerId, addressType: 'SHIPPING' })
      .returning();
    if (!row) throw new Error('address not inserted');
    return { row, created: true };
  }

  /** The customer's newest shipping address (an invoice keeps a copy of it). */
  async latestShippingAddress(customerId: string): Promise<AddressRow | undefined> {
    const [row] = await this.db
      .select()
      .from(addresses)
      .where(
        and(
          eq(addresses.customerId, customerId),
          eq(addresses.addressType, 'SHIPPING' satisfies AddressType),
        ),
      )
      .orderBy(desc(addresses.createdAt))
      .limit(1);
    return row;
  }
}
