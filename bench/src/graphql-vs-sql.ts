import { isDeepStrictEqual } from 'node:util';
import { eq, sql, type SQL } from 'drizzle-orm';
import { customers } from '../../apps/server/src/db/schema/index';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../apps/server/src/app';
import type { Database, Db } from '../../apps/server/src/db/client';
import { releaseOperationCaches } from '../../apps/server/src/graphql/builder';
import type { Services } from '../../apps/server/src/graphql/context';
import { httpContext } from '../../apps/server/src/graphql-host/context';
import { formatGraphQLErrors } from '../../apps/server/src/graphql-host/format-errors';
import { validationRules } from '../../apps/server/src/graphql-host/limits';
import { documentHash } from '../../apps/server/src/graphql-host/persisted';
import { persistedGetRunner } from '../../apps/server/src/graphql-host/persisted-get';
import { schema } from '../../apps/server/src/graphql-host/schema';
import { customerRead } from '../../apps/server/src/modules/customers/service';
import { graphqlHttpRequest } from '../../apps/web/src/lib/api/graphql-http';
import { bearerToken } from '../../apps/server/src/platform/bearer';
import type { Benchmark } from './lib/benchmark';
import { combine, loadProblems, measureLoad, type LoadRequest, type LoadResult } from './lib/load';
import { fmt, fmtRatio, goal, ratio, type Table } from './lib/report';
import { GET_CUSTOMER_DATA } from './lib/operations';
import { BENCH_PASSWORD } from './lib/seed';
import { accessTokenFor } from './lib/session';
import { median } from './lib/stats';
import type { CpuTicks } from './lib/thread-cpu';

const PLAIN_PATH = '/bench/customer-data';
/** Issue 16: GetCustomerData through GraphQL, audited, ≥ 0.9× plain SQL without the audit row. */
const GOAL_RATIO = 0.9;
/** Interleaved rounds per database (see the note the report prints). */
const ROUNDS = 5;
const PLAIN_AUDITED_PATH = '/bench/customer-data-audited';
const PLAIN_UNPREPARED_PATH = '/bench/customer-data-unprepared';
const RESOLVERS_PATH = '/bench/graphql-resolvers';

async function rows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  // node-postgres and PGlite both answer { rows }; Db's query-result type is generic.
  const result: unknown = await db.execute<T>(query);
  return (result as { rows: T[] }).rows;
}

type CustomerRow = {
  id: string;
  short_id: string;
  first_name: string;
  last_name: string;
  preferred_name: string | null;
  phone: string | null;
  dob: string | null;
  email: string;
  created_at: string;
};
type AddressRow = {
  id: string;
  address_type: string;
  street_address1: string;
  city: string;
  state_code: string;
  zip_code: string;
};
type ContractRow = {
  id: string;
  status: string;
  end_date: string;
};
type SubscriptionRow = {
  id: string;
  status: string;
  contract_id: string | null;
  items: { item_price_id: string }[];
};
type RecordRow = {
  customer: CustomerRow;
  addresses: AddressRow[];
  tags: string[];
  contracts: ContractRow[];
  subscriptions: SubscriptionRow[];
};

/** The customer's columns the query shows, dates formatted as the GraphQL scalars do. */
function customerJson(c: SQL) {
  return sql`json_build_object('id', ${c}.id, 'short_id', ${c}.short_id,
    'first_name', ${c}.first_name, 'last_name', ${c}.last_name,
    'preferred_name', ${c}.preferred_name, 'phone', ${c}.phone, 'dob', ${c}.dob::text,
    'email', ${c}.email,
    'created_at', to_char(${c}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`;
}

/** The four aggregates beside the customer, each by its customer (or subscription) index. */
function aggregates(customerId: SQL) {
  return {
    addresses: sql`(select coalesce(json_agg(json_build_object('id', a.id,
        'address_type', a.address_type, 'street_address1', a.street_address1, 'city', a.city,
        'state_code', a.state_code, 'zip_code', a.zip_code) order by a.created_at), '[]')
      from customer_addresses a where a.customer_id = ${customerId})`,
    tags: sql`(select coalesce(json_agg(t.name order by t.name), '[]')
      from customer_tags t where t.customer_id = ${customerId})`,
    contracts: sql`(select coalesce(json_agg(json_build_object('id', k.id, 'status', k.status,
        'end_date', k.end_date::text) order by k.start_date), '[]')
      from contracts k where k.customer_id = ${customerId})`,
    subscriptions: sql`(select coalesce(json_agg(json_build_object('id', s.id,
        'status', s.status, 'contract_id', s.contract_id, 'items',
        (select coalesce(json_agg(json_build_object('item_price_id', i.item_price_id)), '[]')
          from subscription_items i where i.subscription_id = s.id))
        order by s.created_at), '[]')
      from subscriptions s
      where s.customer_id = ${customerId} and s.linked_to_subscription_id is null)`,
  };
}

/** The statement unnamed: parsed and planned on every read. */
function unpreparedStatement(customerId: string) {
  const c = sql`c`;
  const { addresses, tags, contracts, subscriptions } = aggregates(sql`c.id`);
  return sql`select ${customerJson(c)} as customer, ${addresses} as addresses, ${tags} as tags,
      ${contracts} as contracts, ${subscriptions} as subscriptions
    from customers c where c.id = ${customerId}`;
}

/**
 * The same statement as a named prepared statement, as the app runs CustomerStore.loadRecord
 * (db/prepared.ts): on PostgreSQL each pooled connection parses and plans it once. Drizzle
 * prepares only its builders' queries, so it is a select of SQL fields, as loadRecord is.
 */
function preparedStatement(db: Db) {
  const c = sql`${customers}`;
  const fields = aggregates(sql`${customers}.id`);
  return db
    .select({
      customer: sql<CustomerRow>`${customerJson(c)}`,
      addresses: sql<AddressRow[]>`${fields.addresses}`,
      tags: sql<string[]>`${fields.tags}`,
      contracts: sql<ContractRow[]>`${fields.contracts}`,
      subscriptions: sql<SubscriptionRow[]>`${fields.subscriptions}`,
    })
    .from(customers)
    .where(eq(customers.id, sql.placeholder('id')))
    .prepare('bench_customer_data');
}
const preparedStatements = new WeakMap<Db, ReturnType<typeof preparedStatement>>();

/**
 * GetCustomerData's rows in hand-written SQL, in one statement like CustomerStore.loadRecord
 * (the customer row with its addresses, tags, contracts and subscriptions with their items
 * aggregated as JSON by the same indexes and orders), selecting only the columns the query
 * shows and formatting dates in SQL the way the GraphQL scalars do. The linked subscriptions
 * are filtered in SQL here (GraphQL reads them all and filters them per field). `prepared`:
 * a named prepared statement, as the app runs its own (the default); otherwise an unnamed
 * statement, parsed and planned on every read.
 */
async function readRecordRow(db: Db, customerId: string, prepared: boolean) {
  let statement = preparedStatements.get(db);
  if (!statement) preparedStatements.set(db, (statement = preparedStatement(db)));
  const [row] = prepared
    ? await statement.execute({ id: customerId })
    : await rows<RecordRow>(db, unpreparedStatement(customerId));
  return row;
}

export async function readCustomerData(db: Db, customerId: string, prepared = true) {
  const row = await readRecordRow(db, customerId, prepared);
  if (!row) return null;
  const { customer, contracts } = row;
  return {
    id: customer.id,
    short_id: customer.short_id,
    full_name: `${customer.first_name} ${customer.last_name}`.trim(),
    first_name: customer.first_name,
    last_name: customer.last_name,
    preferred_name: customer.preferred_name,
    phone: customer.phone,
    dob: customer.dob,
    email: customer.email,
    created_at: customer.created_at,
    shippingAddresses: row.addresses,
    tags: row.tags.map((name) => ({ name })),
    contracts: contracts.map((c) => ({ id: c.id, status: c.status })),
    subscriptions: row.subscriptions.map((s) => {
      const contract = contracts.find((c) => c.id === s.contract_id);
      return {
        id: s.id,
        status: s.status,
        subscription_items: s.items,
        contract: contract ? { id: contract.id, end_date: contract.end_date } : null,
      };
    }),
  };
}

/** What CustomerService.getOwnRecord answers (its store's type is the customers module's own). */
type CustomerRecord = NonNullable<Awaited<ReturnType<Services['customers']['getOwnRecord']>>>;

/**
 * The resolvers route's record: the plain route's statement and row, in CustomerRecord's shape so
 * the app's own Customer resolvers read it. The columns GetCustomerData does not ask for are
 * not read; they are filled with empty values the answer never shows.
 */
async function resolversRecord(db: Db, customerId: string): Promise<CustomerRecord | undefined> {
  const row = await readRecordRow(db, customerId, true);
  if (!row) return undefined;
  const c = row.customer;
  const createdAt = new Date(c.created_at);
  return {
    customer: {
      id: c.id,
      userId: null,
      shortId: c.short_id,
      firstName: c.first_name,
      lastName: c.last_name,
      preferredName: c.preferred_name,
      phone: c.phone,
      dob: c.dob,
      sex: null,
      gender: null,
      email: c.email,
      timeZone: '',
      timeZoneChosenAt: null,
      deletedAt: null,
      createdAt,
      updatedAt: createdAt,
    },
    addresses: row.addresses.map((a) => ({
      id: a.id,
      customerId,
      addressType: a.address_type as 'SHIPPING' | 'BILLING',
      firstName: null,
      lastName: null,
      streetAddress1: a.street_address1,
      streetAddress2: null,
      city: a.city,
      state: '',
      stateCode: a.state_code,
      zipCode: a.zip_code,
      createdAt,
    })),
    tags: row.tags,
    contracts: row.contracts.map((k) => ({
      id: k.id,
      customerId,
      status: k.status,
      discountAmount: 0,
      autoRenew: true,
      coupon: null,
      startDate: '',
      endDate: k.end_date,
      length: 0,
      price: 0,
    })),
    subscriptions: row.subscriptions.map((s) => ({
      id: s.id,
      customerId,
      treatmentId: null,
      contractId: s.contract_id,
      linkedToSubscriptionId: null,
      status: s.status,
      createdAt,
      items: s.items.map((i) => ({
        id: '',
        subscriptionId: s.id,
        itemPriceId: i.item_price_id,
        itemType: 'plan',
      })),
    })),
  };
}

/**
 * GetCustomerData through the app's resolvers with the plain route's data layer: the app's
 * schema and resolvers, its persisted-GET runner without SQL plans (the document compiled by
 * graphql-jit), context (token, session check), error formatter and scope-auth, over a
 * CustomerService whose getOwnRecord reads with the plain route's statement and queues the
 * same audit row. What executing the query through resolvers costs on top of plain SQL when
 * the data layer costs nothing more: the most /graphql could reach without its SQL plan
 * (graphql/sql-plan.ts), whatever the store did. The app's buildApp has already guarded
 * `schema`'s root arguments (the same object).
 */
function addResolversRoute(portal: App, database: Database): void {
  const customers = Object.create(portal.services.customers) as Services['customers'];
  customers.getOwnRecord = async (customerId, actor) => {
    const record = await resolversRecord(database.db, customerId);
    if (record) {
      await portal.platform.audit.record(actor, customerRead(customerId));
    }
    return record;
  };
  const services: Services = { ...portal.services, customers };
  const hash = documentHash(GET_CUSTOMER_DATA);
  portal.app.get(
    RESOLVERS_PATH,
    {
      // As the app's persisted-operations hook does for /graphql: the id names the text.
      preValidation: (request, _reply, done) => {
        const params = request.query as { documentId?: unknown; query?: unknown };
        if (params.documentId === hash) params.query = GET_CUSTOMER_DATA;
        done();
      },
      preHandler: persistedGetRunner({
        schema,
        validationRules: validationRules(true),
        context: httpContext(portal.tokens, services, (userId, sessionId) =>
          portal.identity.sessions.sessionStands(userId, sessionId),
        ),
        formatErrors: formatGraphQLErrors,
        release: releaseOperationCaches,
      }),
    },
    // The runner answers GetCustomerData; anything else is not this route's.
    (_request, reply) => reply.status(404).send({ error: 'GetCustomerData by documentId only' }),
  );
}

/**
 * The plain routes, added to the built app so they pass the same Fastify hooks (helmet, the
 * rate-limit hook) as /graphql: verify the JWT with the app's TokenService, read with plain
 * SQL, answer GraphQL's JSON shape. The audited variant also writes the audit row that
 * CustomerService.getOwnRecord writes on every GetCustomerData.
 */
function addPlainRoutes(portal: App, database: Database): void {
  const handler =
    (audited: boolean, prepared = true) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const token = bearerToken(request.headers.authorization);
      let customerId: string | null;
      try {
        if (!token) throw new Error('no token');
        ({ customer_id: customerId } = await portal.tokens.verify('access', token));
      } catch {
        return reply
          .status(401)
          .send({ error: { code: 'invalid-jwt', message: 'Invalid token.' } });
      }
      if (!customerId) return { data: { customer: null } };
      const customer = await readCustomerData(database.db, customerId, prepared);
      if (customer && audited) {
        await portal.platform.audit.record(
          { type: 'customer', id: customerId, ip: request.ip, requestId: request.id },
          customerRead(customerId),
        );
      }
      return { data: { customer } };
    };
  portal.app.get(PLAIN_PATH, handler(false));
  portal.app.get(PLAIN_AUDITED_PATH, handler(true));
  portal.app.get(PLAIN_UNPREPARED_PATH, handler(false, false));
  addResolversRoute(portal, database);
}

async function fetchText(url: string, request: LoadRequest): Promise<string> {
  const response = await fetch(url + request.path, {
    method: request.method,
    headers: request.headers ?? {},
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  if (!response.ok) throw new Error(`${request.path} answered ${response.status}`);
  return response.text();
}

/** Each thread kind's median over the rounds (undefined without /proc). */
function medianCpu(runs: (CpuTicks | undefined)[]): CpuTicks | undefined {
  const known = runs.filter((r): r is CpuTicks => r !== undefined);
  if (known.length === 0) return undefined;
  const mid = (pick: (c: CpuTicks) => number) => median(known.map(pick));
  return {
    main: mid((c) => c.main),
    pool: mid((c) => c.pool),
    v8: mid((c) => c.v8),
    postgres: mid((c) => c.postgres),
  };
}

const cpuTotal = (c: CpuTicks) => c.main + c.pool + c.v8 + c.postgres;

interface Variant {
  key: 'graphql' | 'plain' | 'plainAudited' | 'plainUnprepared' | 'floor';
  label: string;
  request: LoadRequest;
}

export const graphqlVsSql: Benchmark = {
  id: 'graphql-vs-sql',
  title: 'GetCustomerData: /graphql vs plain SQL route',
  extendApp: addPlainRoutes,
  async run(ctx) {
    const { settings } = ctx;
    const portals = await ctx.portals();
    const results: Record<string, unknown>[] = [];
    const throughput: Table = {
      headers: ['Database', 'Endpoint', 'req/s', 'p50 ms', 'p99 ms', 'problems'],
      rows: [],
      leftAligned: [0, 1, 5],
    };
    const cpuTable: Table = {
      title:
        'CPU per request, µs (Linux /proc by thread, the median of the rounds; the autocannon worker not counted)',
      headers: ['Database', 'Endpoint', 'main', 'V8 helpers', 'postgres', 'total', 'plain ÷ this'],
      rows: [],
      leftAligned: [0, 1],
    };
    const ratios: Table = {
      title:
        'Ratios within each database (GraphQL / plain; req/s below 1× means GraphQL is slower)',
      headers: [
        'Database',
        'req/s (median)',
        'rounds',
        'goal',
        'p50',
        'p99',
        'req/s vs plain+audit',
        'plain+audit ÷ plain',
        'req/s vs unprepared plain',
        'resolvers ÷ plain',
        'same JSON',
        'audit rows / insert',
      ],
      rows: [],
      leftAligned: [0, 2, 3, 10],
    };

    for (const portal of portals) {
      const customer = portal.seed.customers[0];
      if (!customer) throw new Error('no seeded customer');
      const token = await accessTokenFor(portal.url, customer.email, BENCH_PASSWORD);
      const auth = { authorization: `Bearer ${token}` };
      // As the web app's client sends the operation (a query without variables: GET of its id).
      const web = graphqlHttpRequest(
        '/graphql',
        token,
        GET_CUSTOMER_DATA,
        {},
        documentHash(GET_CUSTOMER_DATA),
      );
      const graphql: LoadRequest = {
        method: web.init.method === 'GET' ? 'GET' : 'POST',
        path: web.url,
        headers: web.init.headers as Record<string, string>,
        ...(typeof web.init.body === 'string' ? { body: web.init.body } : {}),
      };
      const variants: Variant[] = [
        {
          key: 'graphql',
          label: `${graphql.method} /graphql (GetCustomerData)`,
          request: graphql,
        },
        {
          key: 'plain',
          label: `GET ${PLAIN_PATH} (plain SQL)`,
          request: { method: 'GET', path: PLAIN_PATH, headers: auth },
        },
        {
          key: 'plainAudited',
          label: `GET ${PLAIN_AUDITED_PATH} (+ audit row)`,
          request: { method: 'GET', path: PLAIN_AUDITED_PATH, headers: auth },
        },
        {
          key: 'plainUnprepared',
          label: `GET ${PLAIN_UNPREPARED_PATH} (planned every time)`,
          request: { method: 'GET', path: PLAIN_UNPREPARED_PATH, headers: auth },
        },
        {
          key: 'floor',
          label: `${graphql.method} ${RESOLVERS_PATH} (resolvers over plain SQL)`,
          request: { ...graphql, path: graphql.path.replace(/^\/graphql/, RESOLVERS_PATH) },
        },
      ];

      // Same answer from both, or the comparison means nothing. Each run then checks every
      // response against its route's first answer (a GraphQL error would still be a 200).
      const expected = new Map<Variant['key'], string>();
      for (const variant of variants) {
        expected.set(variant.key, await fetchText(portal.url, variant.request));
      }
      const graphqlBody = JSON.parse(expected.get('graphql') ?? '{}') as {
        data?: { customer?: unknown };
        errors?: unknown;
      };
      const plainBody = JSON.parse(expected.get('plain') ?? '{}') as unknown;
      if (graphqlBody.errors || !graphqlBody.data?.customer) {
        throw new Error(`GetCustomerData failed: ${JSON.stringify(graphqlBody)}`);
      }
      const sameJson =
        isDeepStrictEqual(graphqlBody, plainBody) &&
        expected.get('plainUnprepared') === expected.get('plain') &&
        isDeepStrictEqual(JSON.parse(expected.get('floor') ?? 'null'), graphqlBody);
      if (!sameJson) {
        // The comparison means nothing when the answers differ: stop the run and show both.
        throw new Error(
          `${portal.label}: GetCustomerData through /graphql, ${PLAIN_PATH}, ${PLAIN_UNPREPARED_PATH} and ${RESOLVERS_PATH} answer differently:\n` +
            `graphql: ${JSON.stringify(graphqlBody)}\nplain:   ${JSON.stringify(plainBody)}\n` +
            `unprepared: ${expected.get('plainUnprepared') ?? ''}\nresolvers: ${expected.get('floor') ?? ''}`,
        );
      }

      // Interleaved rounds: each round runs the three routes back to back (in a rotating order),
      // so a burst of load from elsewhere on a shared machine meets all three of a round; the
      // goal's ratio is the median of the rounds' ratios.
      for (const variant of variants) {
        ctx.progress(`${portal.label}: warming ${variant.label} for ${settings.warmupSeconds} s`);
        await measureLoad({
          url: portal.url,
          requests: [variant.request],
          connections: settings.connections,
          durationSeconds: settings.warmupSeconds,
          warmupSeconds: 0,
          expectBody: expected.get(variant.key),
        });
      }
      const auditBefore = portal.app.platform.audit.stats();
      const rounds: Record<Variant['key'], LoadResult>[] = [];
      const roundSeconds = Math.max(1, Math.round(settings.durationSeconds / ROUNDS));
      for (let round = 0; round < ROUNDS; round++) {
        ctx.progress(`${portal.label}: round ${round + 1} of ${ROUNDS}, ${roundSeconds} s a route`);
        const results: Partial<Record<Variant['key'], LoadResult>> = {};
        for (let i = 0; i < variants.length; i++) {
          const variant = variants[(round + i) % variants.length]!;
          results[variant.key] = await measureLoad({
            url: portal.url,
            requests: [variant.request],
            connections: settings.connections,
            durationSeconds: roundSeconds,
            warmupSeconds: 0,
            expectBody: expected.get(variant.key),
          });
        }
        rounds.push(results as Record<Variant['key'], LoadResult>);
      }
      const measured = Object.fromEntries(
        variants.map((v) => [v.key, combine(rounds.map((r) => r[v.key]))]),
      ) as Record<Variant['key'], LoadResult>;
      for (const variant of variants) {
        const result = measured[variant.key];
        throughput.rows.push([
          portal.label,
          variant.label,
          fmt.rate(result.requestsPerSecond),
          fmt.ms(result.latencyMs.p50),
          fmt.ms(result.latencyMs.p99),
          loadProblems(result) || '-',
        ]);
      }
      // Where each route's CPU goes: with the cores kept busy, throughput follows the total.
      const cpu = Object.fromEntries(
        variants.map((v) => [
          v.key,
          medianCpu(rounds.map((round) => round[v.key].cpuMsPerRequest)),
        ]),
      ) as Record<Variant['key'], CpuTicks | undefined>;
      const plainCpu = cpu.plain;
      for (const variant of variants) {
        const c = cpu[variant.key];
        const us = (ms: number) => fmt.int(ms * 1000);
        cpuTable.rows.push(
          c
            ? [
                portal.label,
                variant.label,
                us(c.main),
                us(c.v8),
                us(c.postgres),
                us(cpuTotal(c)),
                plainCpu ? fmtRatio(ratio(cpuTotal(plainCpu), cpuTotal(c))) : '-',
              ]
            : [portal.label, variant.label, '-', '-', '-', '-', 'n/a (no /proc)'],
        );
      }
      await portal.app.platform.audit.flush();
      const auditAfter = portal.app.platform.audit.stats();
      const audit = {
        rows: auditAfter.rows - auditBefore.rows,
        inserts: auditAfter.inserts - auditBefore.inserts,
        largestBatch: auditAfter.largestBatch,
      };
      const g = measured.graphql;
      const p = measured.plain;
      const pa = measured.plainAudited;
      const roundRatios = rounds.map((round) =>
        ratio(round.graphql.requestsPerSecond, round.plain.requestsPerSecond),
      );
      const r = {
        requestsPerSecond: median(roundRatios),
        rounds: roundRatios,
        p50: ratio(g.latencyMs.p50, p.latencyMs.p50),
        p99: ratio(g.latencyMs.p99, p.latencyMs.p99),
        requestsPerSecondVsAudited: median(
          rounds.map((round) =>
            ratio(round.graphql.requestsPerSecond, round.plainAudited.requestsPerSecond),
          ),
        ),
        // What the audit row alone costs a plain route: the most an audited read could reach.
        auditedVsPlain: median(
          rounds.map((round) =>
            ratio(round.plainAudited.requestsPerSecond, round.plain.requestsPerSecond),
          ),
        ),
        requestsPerSecondVsUnprepared: median(
          rounds.map((round) =>
            ratio(round.graphql.requestsPerSecond, round.plainUnprepared.requestsPerSecond),
          ),
        ),
        // The resolvers over the plain route's own SQL: /graphql's best without its SQL plan.
        floorVsPlain: median(
          rounds.map((round) =>
            ratio(round.floor.requestsPerSecond, round.plain.requestsPerSecond),
          ),
        ),
      };
      ratios.rows.push([
        portal.label,
        fmtRatio(r.requestsPerSecond),
        roundRatios.map((x) => x.toFixed(2)).join(' '),
        goal(r.requestsPerSecond >= GOAL_RATIO, `≥ ${GOAL_RATIO}×`),
        fmtRatio(r.p50),
        fmtRatio(r.p99),
        fmtRatio(r.requestsPerSecondVsAudited),
        fmtRatio(r.auditedVsPlain),
        fmtRatio(r.requestsPerSecondVsUnprepared),
        fmtRatio(r.floorVsPlain),
        sameJson ? 'yes' : 'NO',
        `${fmt.rate(audit.rows / Math.max(1, audit.inserts))} (max ${fmt.int(audit.largestBatch)})`,
      ]);
      results.push({
        database: portal.label,
        customerId: customer.customerId,
        sameJson,
        ...(sameJson ? {} : { graphqlBody, plainBody }),
        graphql: g,
        plain: p,
        plainAudited: pa,
        plainUnprepared: measured.plainUnprepared,
        floor: measured.floor,
        ratios: r,
        cpuMsPerRequest: cpu,
        audit,
      });
    }

    return {
      tables: [throughput, ratios, cpuTable],
      notes: [
        `${settings.connections} connections, one signed-in customer's access token; ${settings.warmupSeconds} s warm-up per route, then ${ROUNDS} rounds of ${Math.max(1, Math.round(settings.durationSeconds / ROUNDS))} s per route, the five routes back to back in each round (order rotating). A route's req/s is its requests over its seconds in all rounds, its p50/p99 the median of its rounds'; the goal's ratio is the median of the rounds' GraphQL ÷ plain ratios (each round's routes meet the same load from elsewhere on a shared machine), and "rounds" lists them.`,
        'Plain routes are added to the built app (app.app.get before listen), so they pass the same Fastify hooks as /graphql; they verify the JWT with app.tokens.verify("access", …) and read with hand-written SQL in one statement like CustomerStore.loadRecord (JSON aggregation) and, like it, a named prepared statement (parsed and planned once per pooled connection). The goal is judged against that route. "planned every time" sends the same SQL unnamed (db.execute), as both the app and this route did before the statements were prepared: the "vs unprepared plain" column is GraphQL against that older baseline, shown so the change is visible, not judged.',
        "The CPU table counts, per completed request, the server process's main thread (the event loop), V8's helper threads (GC, compilers) and every postgres process (the bench's database is the busy one), from /proc with 10 ms ticks. With the cores kept busy, req/s follows the total: \"plain ÷ this\" is the ratio the CPU predicts. Another program's load does not enter it, so it moves less than req/s between runs; the goal is still judged on req/s.",
        `GetCustomerData also audits every read (CustomerService.getOwnRecord); the "+ audit row" route records the same row, to separate the GraphQL layer from the audit. "plain+audit ÷ plain" is that row's own cost to a plain route (median of the rounds): the most any audited read can reach against the goal's baseline. Reads go to the batched audit log (platform/audit.ts): the request queues its row and answers; one insert per tick (json_to_recordset over one JSON parameter) writes the queue, a tick at most AUDIT_FLUSH_MS (${portals[0]?.app.platform.audit.windowMs ?? '?'} ms) after the first queued row, and the app's onClose writes the rest. "audit rows / insert" is the mean batch over the three runs (and the largest); a crash loses at most the rows queued or in flight: about (the window + one insert's duration) × the read rate.`,
        `/graphql runs the web app's GetCustomerData (a persisted query, by GET) by its SQL plan (graphql/sql-plan.ts): every field it selects says beside its resolver how the database reads it (customers/json-plans.ts), so the query is one prepared statement that builds the answer's JSON, which the server sends as it comes, and the same audit row is queued (CustomerService.getOwnRecordJson). Its JSON is PostgreSQL's ("id" : "…"), deep-equal to the others'. "resolvers over plain SQL" (${RESOLVERS_PATH}) runs the same request through the app's resolvers instead (its schema, the persisted-GET runner's graphql-jit query without SQL plans, the context with its token and session check, scope-auth, the error formatter) with one change: getOwnRecord reads with the plain route's prepared statement and queues the same audit row. "resolvers ÷ plain" is the most /graphql could reach, every read audited, by executing the query through resolvers however cheap its store: what the SQL plan is measured against.`,
      ],
      data: results,
    };
  },
};
