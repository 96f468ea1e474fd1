import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { and, count, eq, sql } from 'drizzle-orm';
import { getNamedType, isObjectType, type GraphQLField, type GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCustomer, createUser, TEST_PASSWORD } from '../../test/factories';
import { exchangeToken, postJson, startTestServer, type TestServer } from '../../test/harness';
import { treatments } from '../db/schema/catalog';
import {
  addresses,
  contracts,
  customers,
  customerTags,
  subscriptionItems,
  subscriptions,
} from '../db/schema/customers';
import { auditLog } from '../db/schema/platform';
import { GRAPHQL_LIMITS } from './limits';
import { documentHash, loadPersistedDocuments } from './persisted';
import { schema } from './schema';

// Issue 16: a persisted GET whose fields all have SQL plans (sql-plan.ts, the customer's in
// customers/schema-plans.ts) is answered by one statement that builds its JSON in the database;
// a POST of the same query runs the resolvers. Nothing checks the plans against the resolvers
// but this file: random records of one customer, random selections over the Customer tree,
// each asked both ways, must answer the same JSON. Then: that the plan is really what answers
// the GET, that a field without a plan still falls back, and that the plan reads only the
// viewer's own record, audited as the resolver's read is.

/** Fixed, so a failure is the same failure on every run (and in CI). */
const SEED = 16;
/** Random records × selections; each is two requests and about twenty statements. */
const RUNS = 35;

/** Held by the server by reference: each generated query is added before it is asked for. */
const documents = new Map(loadPersistedDocuments());

let server: TestServer;

interface Viewer {
  customerId: string;
  token: string;
}

async function signIn(email: string): Promise<string> {
  const signedIn = await postJson<{ idToken: string }>(server, '/identity/sign-in', {
    email,
    password: TEST_PASSWORD,
  });
  return (await exchangeToken(server, signedIn.body.idToken)).body.access_token ?? '';
}

async function newCustomer(): Promise<Viewer> {
  const { user, customer } = await createCustomer(server.database.db);
  return { customerId: customer.id, token: await signIn(user.email) };
}

interface Answer {
  status: number;
  type: string | null;
  text: string;
  body: unknown;
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text,
    body: JSON.parse(text) as unknown,
  };
}

/** The query by GET of its persisted id (the SQL plan's path) and by POST (the resolvers'). */
async function both(text: string, operationName: string, authorization?: string) {
  const headers: Record<string, string> = authorization ? { authorization } : {};
  const params = new URLSearchParams({ documentId: documentHash(text), operationName });
  const get = await answer(await fetch(`${server.url}/graphql?${params.toString()}`, { headers }));
  const post = await answer(
    await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ query: text, operationName }),
    }),
  );
  return { get, post };
}

/** Persists a query (the server holds `documents` by reference) and returns its text. */
function persist(text: string): string {
  documents.set(documentHash(text), text);
  return text;
}

/**
 * Reads by the SQL plan while `run` runs: CustomerService#getOwnRecordJson, the customer root's
 * only way to the plan's statement (the resolvers read by getOwnRecord).
 */
async function planReads<T>(run: () => Promise<T>): Promise<{ result: T; reads: number }> {
  const spy = vi.spyOn(server.services.customers, 'getOwnRecordJson');
  try {
    const result = await run();
    return { result, reads: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

// ---------------------------------------------------------------------------------------------
// Random records. Text may hold anything PostgreSQL text can (no NUL): spaces at either end
// (full_name trims spaces only), other blanks there (it must not trim those), quotes,
// backslashes, unicode and emoji (the database writes the JSON escapes, not JSON.stringify).

const SPECIAL_TEXT = [
  '',
  ' ',
  '  ',
  "O'Brien",
  '"quoted"',
  'back\\slash',
  '\\"',
  '\\u0041',
  'Zoë Ångström',
  '李小龙',
  '😀',
  '👩‍👩‍👧',
  'a\tb',
  'line\nbreak',
  '\r\n',
  '\u0001\u001f\u007f',
  '\u00a0nbsp\u00a0',
  '\u2028\u2029',
  '\ufeff',
  '</script>',
  "'; drop table customers; --",
  'x'.repeat(300),
];

const core = fc
  .oneof(
    { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_TEXT) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 10 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 10 }) },
  )
  // PostgreSQL text cannot hold NUL. fast-check's units are well-formed; a lone surrogate
  // would be stored as U+FFFD (and two tags could become one), so that is checked all the same.
  .filter((s) => !s.includes('\u0000') && !/\p{Cs}/u.test(s));

const edge = fc.constantFrom('', ' ', '  ', '\t', '\u00a0', '\n', ' \t ');
/** Text with or without blanks at either end. */
const text = fc.tuple(edge, core, edge).map(([before, middle, after]) => before + middle + after);
const nullableText = fc.option(text, { nil: null, freq: 3 });

const DAY_MS = 86_400_000;
/** A calendar day, yyyy-MM-dd, in the years the Date scalar accepts, and a few odd ones. */
const day = fc.oneof(
  fc
    .integer({ min: Date.UTC(1900, 0, 1) / DAY_MS, max: Date.UTC(2999, 11, 31) / DAY_MS })
    .map((n) => new Date(n * DAY_MS).toISOString().slice(0, 10)),
  fc.constantFrom('1970-01-01', '2000-02-29', '2024-02-29', '0001-01-01', '9999-12-31'),
);

/**
 * An instant with microseconds, as an SQL timestamptz literal's text (a Date would keep
 * milliseconds only); the same millisecond with other microseconds now and then, and before
 * 1970 (to_char and Date#toISOString must both cut, not round).
 */
const instant = fc
  .record({
    ms: fc.oneof(
      fc.constantFrom(0, -1, Date.UTC(2025, 2, 1, 12)),
      fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2999, 11, 31) }),
    ),
    // The microseconds below the millisecond.
    micros: fc.oneof(fc.constantFrom(0, 1, 500, 999), fc.integer({ min: 0, max: 999 })),
  })
  .map(({ ms, micros }) => {
    const iso = new Date(ms).toISOString(); // yyyy-MM-ddTHH:mm:ss.mmmZ
    return `${iso.slice(0, 23)}${String(micros).padStart(3, '0')}Z`;
  });

const int32 = fc.oneof(
  fc.constantFrom(0, -1, 1, 2_147_483_647, -2_147_483_648),
  fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }),
);

/** Which of the run's instants (or days) a row takes: a few each, so rows tie. */
const pick = fc.nat(2);

const customerRow = fc.record({
  shortId: text,
  firstName: text,
  lastName: text,
  preferredName: nullableText,
  phone: nullableText,
  dob: fc.option(day, { nil: null, freq: 3 }),
  sex: nullableText,
  gender: nullableText,
  email: text,
  timeZone: fc.oneof(fc.constantFrom('America/New_York', 'UTC', 'Asia/Kolkata'), text),
});

const addressRow = fc.record({
  id: fc.uuid(),
  addressType: fc.constantFrom('SHIPPING', 'BILLING'),
  firstName: nullableText,
  lastName: nullableText,
  streetAddress1: text,
  streetAddress2: nullableText,
  city: text,
  state: text,
  stateCode: text,
  zipCode: text,
  createdAt: pick,
});

const contractRow = fc.record({
  id: fc.uuid(),
  status: text,
  discountAmount: int32,
  autoRenew: fc.boolean(),
  coupon: nullableText,
  startDate: pick,
  endDate: day,
  length: int32,
  price: int32,
});

const subscriptionRow = fc.record({
  id: fc.uuid(),
  status: text,
  treatment: fc.constantFrom(null, 0, 1),
  /** None, one of the customer's own (by index), or another customer's. */
  contract: fc.oneof(
    fc.constant({ kind: 'none' as const }),
    fc.nat(2).map((index) => ({ kind: 'own' as const, index })),
    fc.constant({ kind: 'other' as const }),
  ),
  /** Not an add-on, an add-on to one of the run's subscriptions (by index), or to an unknown id. */
  linked: fc.oneof(
    { weight: 2, arbitrary: fc.constant(null) },
    { weight: 2, arbitrary: fc.nat(3).map((index) => ({ kind: 'sibling' as const, index })) },
    { weight: 1, arbitrary: fc.uuid().map((id) => ({ kind: 'unknown' as const, id })) },
  ),
  createdAt: pick,
  items: fc.array(fc.record({ itemPriceId: text, itemType: text }), { maxLength: 3 }),
});

const record = fc.record({
  customer: customerRow,
  customerCreatedAt: instant,
  instants: fc.tuple(instant, instant, instant),
  days: fc.tuple(day, day, day),
  addresses: fc.uniqueArray(addressRow, { maxLength: 4, selector: (a) => a.id }),
  tags: fc.uniqueArray(text, { maxLength: 4 }),
  contracts: fc.uniqueArray(contractRow, { maxLength: 3, selector: (c) => c.id }),
  subscriptions: fc.uniqueArray(subscriptionRow, { maxLength: 4, selector: (s) => s.id }),
});
type GeneratedRecord = typeof record extends fc.Arbitrary<infer T> ? T : never;

const timestamptz = (value: string) => sql`${value}::timestamptz`;

/** What a generated record names that is not its own: treatments, another customer's contract. */
interface StoreContext {
  treatmentIds: string[];
  otherContractId: string;
}

/** Replaces the customer's row values and every row below it with the generated ones. */
async function store(customerId: string, r: GeneratedRecord, context: StoreContext) {
  const db = server.database.db;
  // Subscriptions first: they name contracts (items go with them, by cascade).
  await db.delete(subscriptions).where(eq(subscriptions.customerId, customerId));
  await db.delete(contracts).where(eq(contracts.customerId, customerId));
  await db.delete(addresses).where(eq(addresses.customerId, customerId));
  await db.delete(customerTags).where(eq(customerTags.customerId, customerId));
  await db
    .update(customers)
    .set({ ...r.customer, createdAt: timestamptz(r.customerCreatedAt) })
    .where(eq(customers.id, customerId));
  if (r.addresses.length > 0) {
    await db.insert(addresses).values(
      r.addresses.map((a) => ({
        ...a,
        customerId,
        createdAt: timestamptz(r.instants[a.createdAt] ?? r.instants[0]),
      })),
    );
  }
  if (r.tags.length > 0) {
    await db.insert(customerTags).values(r.tags.map((name) => ({ customerId, name })));
  }
  if (r.contracts.length > 0) {
    await db.insert(contracts).values(
      r.contracts.map((c) => ({
        ...c,
        customerId,
        startDate: r.days[c.startDate] ?? r.days[0],
      })),
    );
  }
  for (const s of r.subscriptions) {
    const own =
      s.contract.kind === 'own' ? r.contracts[s.contract.index % r.contracts.length] : undefined;
    const linked =
      s.linked?.kind === 'sibling'
        ? (r.subscriptions[s.linked.index % r.subscriptions.length]?.id ?? null)
        : (s.linked?.id ?? null);
    await db.insert(subscriptions).values({
      id: s.id,
      customerId,
      status: s.status,
      treatmentId: s.treatment === null ? null : context.treatmentIds[s.treatment],
      contractId: s.contract.kind === 'other' ? context.otherContractId : (own?.id ?? null),
      linkedToSubscriptionId: linked,
      createdAt: timestamptz(r.instants[s.createdAt] ?? r.instants[0]),
    });
    // One insert per item, in order: the items have no order of their own but the table's.
    for (const item of s.items) {
      await db.insert(subscriptionItems).values({ ...item, subscriptionId: s.id });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Random selections over the Customer tree, from the schema: every field with a plan, in a
// random order, some aliased, some with __typename.

const PLAN = 'sqlPlan';
const hasPlan = (field: GraphQLField<unknown, unknown>) => field.extensions[PLAN] !== undefined;

/** The fields the record generator above gives data to: a new plan needs its case there. */
const GENERATED = {
  Customer: [
    'id',
    'short_id',
    'full_name',
    'first_name',
    'last_name',
    'preferred_name',
    'phone',
    'dob',
    'sex',
    'gender',
    'email',
    'created_at',
    'time_zone',
    'shippingAddresses',
    'tags',
    'contracts',
    'subscriptions',
    'linked_subscriptions',
  ],
  Address: [
    'id',
    'address_type',
    'first_name',
    'last_name',
    'street_address1',
    'street_address2',
    'city',
    'state',
    'state_code',
    'zip_code',
  ],
  Tag: ['name'],
  Contract: [
    'id',
    'status',
    'discount_amount',
    'auto_renew',
    'coupon',
    'start_date',
    'end_date',
    'length',
    'price',
  ],
  CustomerSubscription: [
    'id',
    'status',
    'contract_id',
    'treatment_id',
    'subscription_items',
    'contract',
  ],
  SubscriptionItem: ['item_price_id', 'item_type'],
};

/** Every type below Customer with its fields that have plans. */
function plannedFields(root: GraphQLObjectType): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  const visit = (type: GraphQLObjectType) => {
    if (found[type.name]) return;
    const fields = Object.values(type.getFields()).filter(hasPlan);
    found[type.name] = fields.map((f) => f.name);
    for (const field of fields) {
      const inner = getNamedType(field.type);
      if (isObjectType(inner)) visit(inner);
    }
  };
  visit(root);
  return found;
}

function customerType(): GraphQLObjectType {
  const type = schema.getType('Customer');
  if (!isObjectType(type)) throw new Error('no Customer type');
  return type;
}

/** A field as selected: aliased or not, with a selection of its own when it is an object. */
function fieldSelection(field: GraphQLField<unknown, unknown>): fc.Arbitrary<string> {
  // Aliases that no field of these types is named (nor is another field's alias); now and
  // then, as a query has at most GRAPHQL_LIMITS.maxAliases of them.
  const key = fc.oneof(
    { weight: 5, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.constantFrom(`${field.name}Alias`, `al_${field.name}`) },
  );
  const inner = getNamedType(field.type);
  const nested = isObjectType(inner) ? selectionSet(inner).map((s) => ` ${s}`) : fc.constant('');
  return fc
    .tuple(key, nested)
    .map(([alias, set]) => `${alias ? `${alias}: ` : ''}${field.name}${set}`);
}

/** A non-empty subset of the type's planned fields (and maybe __typename), in any order. */
function selectionSet(type: GraphQLObjectType): fc.Arbitrary<string> {
  const fields = Object.values(type.getFields()).filter(hasPlan);
  const typename = fc.oneof(
    { weight: 3, arbitrary: fc.constant('__typename') },
    { weight: 1, arbitrary: fc.constant('kind: __typename') },
  );
  return fc
    .tuple(fc.tuple(...fields.map(fieldSelection)), typename)
    .chain(([selected, name]) => fc.shuffledSubarray([...selected, name], { minLength: 1 }))
    .map((parts) => `{ ${parts.join(' ')} }`);
}

const customerQuery = fc
  .tuple(fc.constantFrom('customer', 'me: customer'), selectionSet(customerType()))
  .map(([root, set]) => `query Q { ${root} ${set} }`)
  // More would be refused by validation, both ways: nothing to compare.
  .filter((query) => (query.match(/\w+:/g) ?? []).length <= GRAPHQL_LIMITS.maxAliases);

// ---------------------------------------------------------------------------------------------

let viewer: Viewer;
let storeContext: StoreContext;

beforeAll(async () => {
  server = await startTestServer({}, { persistedDocuments: documents });
  const db = server.database.db;
  viewer = await newCustomer();
  // Another customer's contract, for a subscription that names it (its contract must be null).
  const other = await createCustomer(db);
  const [otherContract] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(eq(contracts.customerId, other.customer.id));
  const made = await db
    .insert(treatments)
    .values([
      { shortId: `sqlplan-${randomUUID()}`, displayName: 'First' },
      { shortId: `sqlplan-${randomUUID()}`, displayName: 'Second' },
    ])
    .returning({ id: treatments.id });
  if (!otherContract) throw new Error('createCustomer made no contract');
  storeContext = { treatmentIds: made.map((t) => t.id), otherContractId: otherContract.id };
}, 60_000);
afterAll(async () => {
  await server.close();
});

describe('a persisted query’s SQL plan answers as the resolvers do (fast-check)', () => {
  it('generates data for every field with a plan under Customer', () => {
    // A field given a plan without a case in the record generator would be compared on
    // whatever createCustomer wrote: the generator must grow with the plans.
    const sorted = (fields: Record<string, string[]>) =>
      Object.fromEntries(Object.entries(fields).map(([type, names]) => [type, [...names].sort()]));
    expect(sorted(plannedFields(customerType()))).toEqual(sorted(GENERATED));
  });

  it('random records and random selections: GET (the plan) and POST (the resolvers) deep-equal', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(record, customerQuery, async (r, query) => {
        runs += 1;
        await store(viewer.customerId, r, storeContext);
        persist(query);
        const { result, reads } = await planReads(() => both(query, 'Q', `Bearer ${viewer.token}`));
        const { get, post } = result;
        expect([get.status, post.status]).toEqual([200, 200]);
        expect(post.body).not.toHaveProperty('errors');
        // Only the GET reads by the plan, once: the comparison is plan against resolvers.
        expect(reads).toBe(1);
        expect(get.type).toBe(post.type);
        expect(get.body).toEqual(post.body);
        // GraphQL answers keys in the selection's order; so must the plan's JSON.
        expect(JSON.stringify(get.body)).toBe(JSON.stringify(post.body));
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(runs).toBe(RUNS);
  }, 60_000);
});

const GET_CUSTOMER_DATA = [...documents.values()].find((t) => /^query GetCustomerData\b/.test(t));

describe('which path answers', () => {
  it('a fully planned query reads by its plan on GET, never on POST', async () => {
    const query = persist(
      'query Planned { customer { id full_name tags { name } subscriptions { id contract { id } } } }',
    );
    const { reads: getReads, result: get } = await planReads(async () => {
      const params = new URLSearchParams({
        documentId: documentHash(query),
        operationName: 'Planned',
      });
      return answer(
        await fetch(`${server.url}/graphql?${params.toString()}`, {
          headers: { authorization: `Bearer ${viewer.token}` },
        }),
      );
    });
    const { reads: postReads, result: post } = await planReads(async () =>
      answer(
        await fetch(`${server.url}/graphql`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${viewer.token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ query, operationName: 'Planned' }),
        }),
      ),
    );
    expect([getReads, postReads]).toEqual([1, 0]);
    // The plan's text is PostgreSQL's JSON, sent as it comes; the resolvers' is JSON.stringify's.
    expect(get.text).toMatch(/^\{"data":\{"customer":\{"id" : "/);
    expect(get.body).toEqual(post.body);
  });

  it('GetCustomerData itself is answered by its plan', async () => {
    expect(GET_CUSTOMER_DATA).toBeDefined();
    const { reads, result } = await planReads(() =>
      both(GET_CUSTOMER_DATA ?? '', 'GetCustomerData', `Bearer ${viewer.token}`),
    );
    expect(reads).toBe(1);
    expect(result.get.body).toEqual(result.post.body);
  });

  it('a query that also selects prescriptions (no plan) runs the resolvers on GET, same answer', async () => {
    const prescriptions = customerType().getFields().prescriptions;
    expect(prescriptions && hasPlan(prescriptions)).toBe(false);
    const query = persist(
      'query WithPrescriptions { customer { id full_name prescriptions { id status { name display_name } show_tracker kit_snapshots { id kit_name } } tags { name } } }',
    );
    const { reads, result } = await planReads(() =>
      both(query, 'WithPrescriptions', `Bearer ${viewer.token}`),
    );
    expect(reads).toBe(0);
    expect([result.get.status, result.post.status]).toEqual([200, 200]);
    expect(result.post.body).not.toHaveProperty('errors');
    expect(result.get).toEqual(result.post);
  });
});

describe('the plan reads only the viewer’s own record, audited', () => {
  interface Own {
    customer: Viewer;
    addressIds: string[];
    contractIds: string[];
    subscriptionIds: string[];
    tags: string[];
  }
  let a: Own;
  let b: Own;

  async function ownRows(customer: Viewer, tag: string): Promise<Own> {
    const db = server.database.db;
    const id = customer.customerId;
    await db.insert(customerTags).values([{ customerId: id, name: tag }]);
    await db.insert(addresses).values({
      customerId: id,
      addressType: 'BILLING',
      streetAddress1: `${tag} street`,
      city: 'Austin',
      state: 'Texas',
      stateCode: 'TX',
      zipCode: '78701',
    });
    const ids = async (table: typeof addresses | typeof contracts | typeof subscriptions) =>
      (await db.select({ id: table.id }).from(table).where(eq(table.customerId, id)))
        .map((row) => row.id)
        .sort();
    return {
      customer,
      addressIds: await ids(addresses),
      contractIds: await ids(contracts),
      subscriptionIds: await ids(subscriptions),
      tags: [tag],
    };
  }

  beforeAll(async () => {
    a = await ownRows(await newCustomer(), 'tag-of-a');
    b = await ownRows(await newCustomer(), 'tag-of-b');
  });

  async function reads(customerId: string): Promise<number> {
    await server.flushAudit();
    const [row] = await server.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'read'),
          eq(auditLog.entity, 'customer'),
          eq(auditLog.entityId, customerId),
          eq(auditLog.actorType, 'customer'),
          eq(auditLog.actorId, customerId),
        ),
      );
    return row?.n ?? 0;
  }

  interface CustomerData {
    data: {
      customer: {
        id: string;
        shippingAddresses: { id: string }[];
        contracts: { id: string }[];
        subscriptions: { id: string }[];
        tags: { name: string }[];
      };
    };
  }

  it.each([
    ['A', () => [a, b] as const],
    ['B', () => [b, a] as const],
  ])('with %s’s token: only their id and rows, and one audit row per GET', async (_name, who) => {
    const [own, other] = who();
    const query = GET_CUSTOMER_DATA ?? '';
    const before = await reads(own.customer.customerId);
    const otherBefore = await reads(other.customer.customerId);
    const { reads: planned, result } = await planReads(async () => {
      const params = new URLSearchParams({
        documentId: documentHash(query),
        operationName: 'GetCustomerData',
      });
      return answer(
        await fetch(`${server.url}/graphql?${params.toString()}`, {
          headers: { authorization: `Bearer ${own.customer.token}` },
        }),
      );
    });
    expect(planned).toBe(1);
    expect(result.status).toBe(200);
    const { customer } = (result.body as CustomerData).data;
    expect(customer.id).toBe(own.customer.customerId);
    expect(customer.shippingAddresses.map((x) => x.id).sort()).toEqual(own.addressIds);
    expect(customer.contracts.map((x) => x.id).sort()).toEqual(own.contractIds);
    expect(customer.subscriptions.map((x) => x.id).sort()).toEqual(own.subscriptionIds);
    expect(customer.tags.map((x) => x.name)).toEqual(own.tags);
    for (const id of [
      other.customer.customerId,
      ...other.addressIds,
      ...other.contractIds,
      ...other.subscriptionIds,
      ...other.tags,
    ]) {
      expect(result.text).not.toContain(id);
    }
    expect(await reads(own.customer.customerId)).toBe(before + 1);
    expect(await reads(other.customer.customerId)).toBe(otherBefore);
  });

  it.each([
    ['without a token', undefined],
    ['with a garbage token', 'Bearer not.a.jwt'],
  ])('%s: the same errors as POST (invalid-jwt), nothing of A’s', async (_name, authorization) => {
    const query = GET_CUSTOMER_DATA ?? '';
    const { reads: planned, result } = await planReads(() =>
      both(query, 'GetCustomerData', authorization),
    );
    expect(planned).toBe(0);
    const { get, post } = result;
    expect({ status: get.status, type: get.type, body: get.body }).toEqual({
      status: post.status,
      type: post.type,
      body: post.body,
    });
    expect(get.text).toContain('invalid-jwt');
    for (const id of [a.customer.customerId, ...a.addressIds, ...a.contractIds, ...a.tags]) {
      expect(get.text).not.toContain(id);
    }
  });
});

describe('a user with no customer record', () => {
  it('gets customer null both ways', async () => {
    const user = await createUser(server.database.db);
    const token = await signIn(user.email);
    expect(token).not.toBe('');
    const { reads, result } = await planReads(() =>
      both(GET_CUSTOMER_DATA ?? '', 'GetCustomerData', `Bearer ${token}`),
    );
    // The root answers null before any read: there is no customer to read.
    expect(reads).toBe(0);
    expect(result.get.status).toBe(200);
    expect(result.get.body).toEqual({ data: { customer: null } });
    expect(result.post.body).toEqual({ data: { customer: null } });
  });
});
