// Every error code the API answers today, recorded, so a refactor of how errors travel can show
// it changed none. One app runs a catalogue of failing requests: every GraphQL root field with no
// token, no customer record, ids of nothing, ids that are not UUIDs, another customer's
// customerId (built from the schema); every HTTP route with no token and, for staff routes, a
// customer's token, a bad one, the API key with an empty body (built from the router); then the
// hand-written cases of error-codes.cases.ts. Each answer becomes a record (GraphQL: each error's
// code, reason, field names, message, and whether data is null; HTTP: status and the body's code,
// reason, field names, message), ids, times and emails normalised, compared with
// error-codes.snapshot.json. PGlite, or PostgreSQL like the other int tests (PORTAL_TEST_DB=postgres
// with TEST_DATABASE_URL): the same snapshot. When a change is meant, record the snapshot again
// and review its diff:  UPDATE_ERROR_CODES=1 npx vitest run apps/server/src/error-codes.int.test.ts
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { getNamedType, getNullableType, isEnumType, isInputObjectType } from 'graphql';
import { isLeafType, isListType, isNonNullType, isObjectType } from 'graphql';
import type { GraphQLField, GraphQLInputType, GraphQLOutputType } from 'graphql';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { treatments } from './db/schema/catalog';
import { addresses, subscriptions } from './db/schema/customers';
import { schema } from './graphql-host/schema';
import { signWebhook } from './platform/gateway/webhook-signing';
import { monthlyCustomer, seedCatalogue } from '../test/billing-fixtures';
import { CARRIER_SECRET, SLOTS, UNKNOWN, handWrittenCases } from './error-codes.cases';
import type { Case, Fixtures, GraphQLCase, Person, RestCase, Who } from './error-codes.cases';
import { createScheduledProvider, insertAppointment } from '../test/appointment-fixtures';
import { openSession } from '../test/appointment-fixtures';
import { createCustomer, createUser, TEST_PASSWORD } from '../test/factories';
import { startTestServer, type TestServer } from '../test/harness';
import {
  connect,
  createStaffUser,
  follow,
  staffTokenFor,
  waitFor,
} from '../test/messaging-helpers';

const SNAPSHOT = fileURLToPath(new URL('./error-codes.snapshot.json', import.meta.url));
const UPDATE = process.env.UPDATE_ERROR_CODES === '1';
const API_KEY = 'error-codes-api-key-0123456789';
const NOW = '2026-03-10T18:00:00.000Z';

let server: TestServer;
let filesDir: string;
const clients: Client[] = [];
beforeAll(async () => {
  filesDir = mkdtempSync(path.join(os.tmpdir(), 'portal-error-codes-'));
  const env = { STAFF_API_KEY: API_KEY, CARRIER_WEBHOOK_SECRET: CARRIER_SECRET };
  server = await startTestServer({ ...env, FILES_DIR: filesDir });
  server.clock.set(NOW);
});
afterAll(async () => {
  await Promise.all(clients.map(async (c) => c.dispose()));
  await server?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

// ---- Records: what an answer says, without ids, times or emails. ----

const normalise = (text: string) =>
  text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<uuid>')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>')
    .replace(/[\w.+-]+@example\.com/g, '<email>');

type ErrorLike = { message?: unknown; code?: unknown; reason?: unknown; fields?: unknown } & {
  extensions?: ErrorLike;
};
type GraphQLAnswer = { data?: Record<string, unknown> | null; errors?: ErrorLike[] };

/** The code, reason, field names and message of an error (extensions or an HTTP body). */
function errorRecord(e: ErrorLike) {
  const x = e.extensions ?? e;
  const fields = typeof x.fields === 'object' && x.fields ? Object.keys(x.fields).sort() : null;
  return {
    code: x.code ?? null,
    ...(x.reason !== undefined && { reason: x.reason }),
    ...(fields && { fields }),
    message: normalise(String(e.message)),
  };
}

function graphqlRecord(answer: GraphQLAnswer, field?: string) {
  const value = (field && answer.data?.[field]) || {};
  const payload = Object.entries(value).filter(
    ([k, v]) => (k === 'errorCode' || k === 'errorMessage') && v != null,
  );
  return {
    dataNull: answer.data == null,
    errors: (answer.errors ?? []).map(errorRecord),
    ...(payload.length > 0 && { payload: Object.fromEntries(payload) }),
  };
}

function restRecord({ status, type, json }: Answer) {
  if (type !== 'application/json') return { status, type };
  const body = (json ?? {}) as Record<string, unknown>;
  const record: Record<string, unknown> = { status };
  if (typeof body.error === 'object' && body.error) {
    Object.assign(record, errorRecord(body.error));
  } else if (typeof body.error === 'string') {
    // OAuth's errors (RFC 6749 §5.2) and Fastify's own.
    record.error = body.error;
    record.message = normalise(String(body.error_description ?? body.message));
  }
  for (const key of ['errorCode', 'outcome']) if (key in body) record[key] = body[key];
  return record;
}

// ---- Requests, through the app's router, each from its own address: the global per-address
// ceiling (600 a minute) must not answer in place of the route. ----

let requests = 0;
type Answer = { status: number; type: string; json: unknown };
type Sent = Pick<RestCase, 'body' | 'form' | 'raw' | 'headers'>;

async function send(method: string, url: string, token?: string, sent: Sent = {}) {
  const headers: Record<string, string> = { ...sent.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  const form = sent.form && new URLSearchParams(sent.form).toString();
  const body = sent.body === undefined || method === 'GET' ? undefined : JSON.stringify(sent.body);
  const payload = sent.raw?.payload ?? form ?? body;
  const sentType =
    sent.raw?.type ?? (form ? 'application/x-www-form-urlencoded' : 'application/json');
  if (payload !== undefined) headers['content-type'] = sentType;
  requests += 1;
  const remoteAddress = `10.9.${Math.floor(requests / 250)}.${(requests % 250) + 1}`;
  const options = { method: method as 'GET', url, headers, payload, remoteAddress };
  const res = await server.app.inject(options);
  const type = String(res.headers['content-type'] ?? '').split(';')[0] ?? '';
  const json: unknown = type === 'application/json' && res.body ? JSON.parse(res.body) : undefined;
  return { status: res.statusCode, type, json };
}

async function graphqlCall(token: string | undefined, query: string, variables?: unknown) {
  return (await send('POST', '/graphql', token, { body: { query, variables } }))
    .json as GraphQLAnswer;
}

// ---- GraphQL operations built from the schema. ----

type Kind = 'query' | 'mutation' | 'subscription';
type Ids = 'unknown' | 'notUuid';
const ROOTS = {
  query: schema.getQueryType(),
  mutation: schema.getMutationType(),
  subscription: schema.getSubscriptionType(),
};
const rootFields = (kind: Kind) =>
  Object.values(ROOTS[kind]?.getFields() ?? {}).sort((a, b) => a.name.localeCompare(b.name));

/** `__typename` and any errorCode/errorMessage of the answer's type; nothing for a leaf. */
function defaultSelection(type: GraphQLOutputType): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  const extra = isObjectType(named)
    ? ['errorCode', 'errorMessage'].filter((f) => named.getFields()[f])
    : [];
  return `{ __typename ${extra.join(' ')} }`;
}

/** The operation calling one root field with the given arguments as variables. */
function operation(name: string, args: Record<string, unknown>, select?: string, kind?: Kind) {
  const k = kind ?? (ROOTS.query?.getFields()[name] ? 'query' : 'mutation');
  const field = ROOTS[k]?.getFields()[name];
  if (!field) throw new Error(`no root field ${name}`);
  const given = field.args.filter((a) => args[a.name] !== undefined);
  const defs = given.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const call = given.map((a) => `${a.name}: $${a.name}`).join(', ');
  const selection = select ?? defaultSelection(field.type);
  return `${k}${defs && ` (${defs})`} { ${name}${call && `(${call})`} ${selection} }`;
}

/** A value of an input type that GraphQL itself accepts (required input fields only). */
function sample(type: GraphQLInputType, ids: Ids): unknown {
  const inner = getNullableType(type);
  if (isListType(inner)) return [sample(inner.ofType, ids)];
  if (isEnumType(inner)) return inner.getValues()[0]?.value;
  if (isInputObjectType(inner)) {
    const required = Object.values(inner.getFields()).filter((f) => isNonNullType(f.type));
    return Object.fromEntries(required.map((f) => [f.name, sample(f.type, ids)]));
  }
  const id = ids === 'unknown' ? UNKNOWN : 'not-a-uuid';
  const scalars: Record<string, unknown> = { ID: id, Int: 1, Boolean: false, Date: '2026-03-12' };
  return scalars[inner.name] ?? (inner.name === 'DateTime' ? SLOTS.thursday : 'x');
}

const requiredArgs = (field: GraphQLField<unknown, unknown>, ids: Ids) =>
  Object.fromEntries(
    field.args.filter((a) => isNonNullType(a.type)).map((a) => [a.name, sample(a.type, ids)]),
  );

/** A subscription over graphql-ws: the errors of its first answer ([] if none within 5 s). */
async function subscriptionRecord(token: string | undefined, query: string) {
  const client = connect(server.url, token, clients);
  const { errors } = follow(client, query);
  await waitFor(() => errors.length > 0, 5000).catch(() => {});
  await client.dispose();
  return graphqlRecord({ errors: errors.flat() as ErrorLike[] });
}

/** [method, path] of every route, from printRoutes' tree (HEAD twins left out). */
function routes(): [string, string][] {
  const [stack, found] = [[] as string[], [] as [string, string][]];
  for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([A-Z, ]+)\)/.exec(line);
    if (!match) continue;
    stack.length = (match[1] ?? '').length / 4;
    const full = `${stack.join('')}${match[2] ?? ''}`;
    stack.push(match[2] ?? '');
    for (const method of (match[3] ?? '').split(', '))
      if (method !== 'HEAD') found.push([method, full]);
  }
  return found;
}
/** Pages that always succeed and the GraphQL endpoint are not HTTP cases. */
const NOT_HTTP_CASES = /^\/(graphql|healthz|version\.json|config\.json|openapi\.json|\.well-|dev)/;
const OWN_AUTH = /^\/staff\/(token|carrier-webhook|password-reset)/;

// ---- Fixtures. ----

async function fixtures() {
  const db = server.database.db;
  await seedCatalogue(server);
  const [wm] = await db.select().from(treatments).where(eq(treatments.shortId, 'weightmanagement'));
  if (!wm) throw new Error('weightmanagement not seeded');
  const customer = () => monthlyCustomer(server);
  const [alice, bob, carol, dave] = await Promise.all([
    customer(),
    customer(),
    customer(),
    customer(),
  ]);
  const person = async (p: typeof alice): Promise<Person> => {
    const where = eq(addresses.customerId, p.customer.id);
    const [address] = await db.select().from(addresses).where(where);
    const { id: customerId, email } = p.customer;
    return { customerId, email, subscriptionId: p.subscription.id, addressId: address?.id ?? '' };
  };
  const access = async (sub: string, customerId: string | null) => {
    const claims = { sub, sid: await openSession(server, sub), role: 'customer' as const };
    return server.tokens.issue('access', { ...claims, customer_id: customerId, scope: 'graphql' });
  };
  const visit = async (customerId: string, start: string, status = 'scheduled') => {
    const at = { start: new Date(start), status, treatmentId: wm.id };
    return (await insertAppointment(db, { customerId, providerId, ...at })).id;
  };
  const login = async (route: string, email: string) => {
    const res = await send('POST', route, undefined, { body: { email, password: TEST_PASSWORD } });
    return res.json as { idToken?: string; access_token?: string };
  };
  const more = async () => ({ carol: await person(carol), dave: await person(dave) });
  const erin = await createCustomer(db);
  // An admin, so the admin-only staff routes (issue 41) answer for their input, not the role.
  const [lonely, staffUser] = [await createUser(db), await createStaffUser(db, { role: 'admin' })];
  const seesIt = { states: ['TX'], treatmentIds: [wm.id] };
  const providerId = (await createScheduledProvider(db, seesIt)).id;
  const cancelled = { customerId: alice.customer.id, treatmentId: wm.id, status: 'cancelled' };
  const [plan] = await db.insert(subscriptions).values(cancelled).returning();
  const tokens: Record<Who, string | undefined> = {
    none: undefined,
    garbage: 'garbage',
    noCustomer: await access(lonely.id, null),
    alice: alice.token,
    bob: bob.token,
    carol: carol.token,
    dave: dave.token,
    erin: await access(erin.user.id, erin.customer.id),
    staff: await staffTokenFor(server, staffUser.email),
    apiKey: API_KEY,
    aliceIdToken: (await login('/identity/sign-in', alice.customer.email)).idToken,
  };
  const f: Fixtures = {
    people: { alice: await person(alice), bob: await person(bob), ...(await more()) },
    ids: {
      provider: providerId,
      otherProvider: (await createScheduledProvider(db, { states: ['TX'] })).id,
      treatment: wm.id,
      cancelledPlan: plan?.id ?? '',
      aliceVisit: await visit(alice.customer.id, SLOTS.friday),
      aliceCancelledVisit: await visit(alice.customer.id, SLOTS.thursday, 'cancelled'),
      bobVisit: await visit(bob.customer.id, SLOTS.monday),
    },
    emails: {
      unverified: (await createUser(db, { verified: false })).email,
      disabled: (await createUser(db, { disabled: true })).email,
      staff: staffUser.email,
    },
    saved: {},
    signWebhook: (body, at) => signWebhook(server.platform.gatewayWebhookSecret, at, body),
    nowSeconds: Date.parse(NOW) / 1000,
  };
  return { f, tokens };
}

// ---- The run. ----

it('answers every failing request with the codes in error-codes.snapshot.json', async () => {
  const { f, tokens } = await fixtures();
  const actual: Record<string, unknown> = {};
  const record = (key: string, value: unknown) => {
    if (key in actual) throw new Error(`two cases named ${key}`);
    actual[key] = value;
  };

  // Every root field: no token, no customer record, unknown ids, not UUIDs, bob's customerId.
  const bob = f.people.bob.customerId;
  const variants: [string, Who, Ids][] = [
    ['no token', 'none', 'unknown'],
    ['no customer record', 'noCustomer', 'unknown'],
    ['unknown ids', 'alice', 'unknown'],
    ['ids not uuids', 'alice', 'notUuid'],
    ["bob's customerId", 'alice', 'unknown'],
  ];
  for (const [variant, who, ids] of variants) {
    for (const field of [...rootFields('query'), ...rootFields('mutation')]) {
      const args = requiredArgs(field, ids);
      if (variant === "bob's customerId") {
        const named = field.args.filter((a) => /customerId$/i.test(a.name));
        if (named.length === 0) continue;
        for (const a of named) args[a.name] = bob;
      } else if (ids === 'notUuid' && !JSON.stringify(args).includes('not-a-uuid')) continue;
      const json = await graphqlCall(tokens[who], operation(field.name, args), args);
      record(`graphql ${field.name} / ${variant}`, graphqlRecord(json, field.name));
    }
  }
  for (const field of rootFields('subscription')) {
    for (const who of ['none', 'noCustomer'] as const) {
      const query = operation(field.name, {}, undefined, 'subscription');
      record(`graphql ${field.name} / ${who}`, await subscriptionRecord(tokens[who], query));
    }
  }

  // Every HTTP route without a token; the staff routes also with a customer's token, a bad
  // one, and the API key with an empty body and ids of nothing or not UUIDs.
  for (const [method, template] of routes()) {
    if (NOT_HTTP_CASES.test(template)) continue;
    const callers: [string, Who, string][] = [['no token', 'none', UNKNOWN]];
    if (template.startsWith('/staff/') && !OWN_AUTH.test(template)) {
      callers.push(['customer token', 'alice', UNKNOWN], ['bad token', 'garbage', UNKNOWN]);
      callers.push(['api key, empty body', 'apiKey', UNKNOWN]);
      if (template.includes(':')) callers.push(['api key, ids not uuids', 'apiKey', 'not-a-uuid']);
    }
    for (const [variant, who, id] of callers) {
      const body = method === 'GET' ? undefined : {};
      const res = await send(method, template.replace(/:[A-Za-z]+/g, id), tokens[who], { body });
      record(`${method} ${template} / ${variant}`, restRecord(res));
    }
  }

  // The hand-written cases, in order (later ones use what earlier ones kept).
  const pick = (value: unknown, dotted: string): unknown =>
    dotted.split('.').reduce((v, k) => (v as Record<string, unknown> | null)?.[k], value);
  const keep = (c: Case & { keep?: Record<string, string> }, answer: unknown) => {
    for (const [name, dotted] of Object.entries(c.keep ?? {})) {
      f.saved[name] = String(pick(answer, dotted));
    }
  };
  for (const c of handWrittenCases(f)) {
    if ('advanceMs' in c) {
      server.clock.advance(c.advanceMs);
    } else if ('route' in c) {
      const [method = 'GET', url = '/'] = c.route.split(' ');
      const repeats = Array.from({ length: c.repeat ?? 0 }, () =>
        send(method, url, tokens[c.who], c),
      );
      await Promise.all(repeats);
      const res = await send(method, url, tokens[c.who], c);
      const where = normalise(url.split('?')[0] ?? '');
      record(`${method} ${where} / ${c.who} / ${c.label}`, restRecord(res));
      keep(c, res.json);
    } else {
      const g: GraphQLCase = c;
      const query = g.raw ?? operation(g.field ?? '', g.args ?? {}, g.select);
      const json = await graphqlCall(tokens[g.who], query, g.args);
      record(
        `graphql ${g.field ?? 'document'} / ${g.who} / ${g.label}`,
        graphqlRecord(json, g.field),
      );
      keep(g, json.data);
    }
  }

  const result = JSON.parse(JSON.stringify(actual)) as Record<string, unknown>;
  if (UPDATE) return writeSnapshot(result);
  expect(result).toEqual(JSON.parse(readFileSync(SNAPSHOT, 'utf8')));
});

/** The snapshot as Prettier writes JSON (the repository's style), one short record per line. */
async function writeSnapshot(result: Record<string, unknown>) {
  const prettier = await import('prettier');
  const lines = Object.entries(result).map(
    ([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`,
  );
  const options = { ...(await prettier.resolveConfig(SNAPSHOT)), parser: 'json' };
  writeFileSync(SNAPSHOT, await prettier.format(`{\n${lines.join(',\n')}\n}\n`, options));
}
