import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { spawn } from 'node:child_process';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { eq, inArray } from 'drizzle-orm';
import { generate } from 'otplib';
import { staffFactors, users } from '../../apps/server/src/db/schema/identity';
import type { Benchmark } from './lib/benchmark';
import { censusGrowth, heapCensus, type HeapCensus } from './lib/heap-census';
import type { PortalServer } from './lib/portal';
import { fmt, goal, type Table } from './lib/report';
import { BENCH_PASSWORD, BENCH_TENANT } from './lib/seed';
import { accessTokenFor } from './lib/session';
import { mean, percentile } from './lib/stats';

// Issue 4: live updates over graphql-ws. (1) How long a message posted through the staff API
// takes to reach the customer's open subscription. (2) How many open subscriptions one server
// instance holds, and the memory each costs.

const MESSAGES = Number(process.env.BENCH_WS_MESSAGES) || 50;
const CONNECTIONS = Number(process.env.BENCH_WS_CONNECTIONS) || 10_000;
const TOKEN_CUSTOMERS = 10;
const STAFF_EMAIL = 'bench-staff@example.com';

const SUBSCRIPTION = 'subscription { providerMessagesChanged { change id } }';
/** BENCH_WS_HEAP_CENSUS=1: heap snapshots around the open subscriptions, what grew by kind. */
const HEAP_CENSUS = process.env.BENCH_WS_HEAP_CENSUS === '1';

/** Issue 16's goals. */
const GOAL_DELIVERY_P99_MS = 100;
const GOAL_HEAP_PER_CONNECTION_KIB = 20;

function wsUrl(portal: PortalServer): string {
  return `${portal.url.replace(/^http/, 'ws')}/graphql`;
}

/** A staff account in the bench database and its staff-API token. */
async function staffToken(portal: PortalServer): Promise<string> {
  await portal.database.db
    .insert(users)
    .values({
      id: randomUUID(),
      tenantId: BENCH_TENANT,
      email: STAFF_EMAIL,
      passwordHash: portal.passwordHash,
      emailVerifiedAt: new Date(),
      role: 'staff',
    })
    .onConflictDoNothing();
  // The account enrols its authenticator at every run (issue 41): a factor from an earlier run
  // on the same database is dropped first, since the bench keeps no secret between runs.
  await portal.database.db
    .delete(staffFactors)
    .where(
      inArray(
        staffFactors.userId,
        portal.database.db.select({ id: users.id }).from(users).where(eq(users.email, STAFF_EMAIL)),
      ),
    );
  const post = (route: string, body: unknown) =>
    fetch(`${portal.url}${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const started = (await (
    await post('/staff/token', { email: STAFF_EMAIL, password: BENCH_PASSWORD })
  ).json()) as { challenge?: string; secret?: string };
  if (!started.challenge || !started.secret) throw new Error('staff sign-in gave no enrolment');
  const response = await post('/staff/token/enroll', {
    challenge: started.challenge,
    code: await generate({ secret: started.secret }),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`staff token failed: ${response.status}`);
  return body.access_token;
}

function connect(url: string, token: string): Client {
  return createClient({
    url,
    webSocketImpl: WebSocket,
    lazy: false,
    retryAttempts: 0,
    connectionParams: { authorization: `Bearer ${token}` },
  });
}

/** Post → arrival over the websocket, one message at a time. */
async function deliveryLatency(portal: PortalServer, staff: string) {
  const customer = portal.seed.customers[0]!;
  const token = await accessTokenFor(portal.url, customer.email, BENCH_PASSWORD);
  const client = connect(wsUrl(portal), token);
  const waiters = new Map<string, () => void>();
  const early = new Set<string>();
  const ready = new Promise<void>((resolve) => client.on('connected', () => resolve()));
  const stop = client.subscribe<{ providerMessagesChanged: { id: string } }>(
    { query: SUBSCRIPTION },
    {
      next: ({ data }) => {
        const id = data?.providerMessagesChanged.id;
        if (!id) return;
        const waiter = waiters.get(id);
        if (waiter) waiter();
        else early.add(id);
      },
      error: (error) => {
        throw new Error(`subscription failed: ${JSON.stringify(error)}`);
      },
      complete: () => undefined,
    },
  );
  await ready;
  await new Promise((r) => setTimeout(r, 200)); // let the subscribe message reach the server

  const delivery: number[] = [];
  const post: number[] = [];
  for (let i = 0; i < MESSAGES + 3; i++) {
    const started = performance.now();
    const response = await fetch(`${portal.url}/staff/customers/${customer.customerId}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${staff}` },
      body: JSON.stringify({ type: 'Bench', html: `<p>Message ${i}</p>` }),
    });
    const posted = performance.now();
    const body = (await response.json()) as { id?: string; data?: { id?: string } };
    const id = body.id ?? body.data?.id;
    if (!response.ok || !id) throw new Error(`post failed: ${response.status}`);
    if (!early.has(id)) {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('message never arrived')), 10_000);
        waiters.set(id, () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    const arrived = performance.now();
    if (i >= 3) {
      delivery.push(arrived - started);
      post.push(posted - started);
    }
  }
  stop();
  await client.dispose();
  const summary = (xs: number[]) => ({
    p50: percentile(xs, 50),
    p99: percentile(xs, 99),
    mean: mean(xs),
  });
  return { messages: delivery.length, deliveryMs: summary(delivery), postMs: summary(post) };
}

// The clients live in a child process: the server's process then holds only the server end of
// each socket (10,000 clients and 10,000 server sockets in one process would reach the fd
// limit), its V8 heap delta is the server's share, and so is its RSS delta.
const CLIENT_PROCESS = `
const { createClient } = require('graphql-ws');
const WebSocket = require('ws');
const { url, tokens, count, query, parallel } = JSON.parse(process.argv[1]);
const clients = [];
let connected = 0;
function open(i) {
  return new Promise((resolve, reject) => {
    const client = createClient({
      url, webSocketImpl: WebSocket, lazy: false, retryAttempts: 0, keepAlive: 0,
      connectionParams: { authorization: 'Bearer ' + tokens[i % tokens.length] },
    });
    client.on('connected', () => {
      connected += 1;
      client.subscribe({ query }, { next: () => {}, error: () => {}, complete: () => {} });
      clients.push(client);
      resolve();
    });
    client.on('error', reject);
    client.on('closed', (event) => reject(new Error('closed ' + (event && event.code))));
  });
}
(async () => {
  let next = 0;
  const lane = async () => { while (next < count) await open(next++); };
  await Promise.all(Array.from({ length: parallel }, lane));
  process.send({ connected });
  process.once('message', async () => {
    await Promise.all(clients.map((c) => c.dispose()));
    process.send({ closed: true }, () => process.exit(0));
  });
})().catch((error) => process.send({ error: String(error), connected }));
`;

/** Sockets opened at once by the client process. */
const OPEN_PARALLEL = 50;

function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (() => void) | undefined;
  gc?.();
  gc?.();
}

async function openSubscriptions(portal: PortalServer) {
  const tokens: string[] = [];
  for (const customer of portal.seed.customers.slice(0, TOKEN_CUSTOMERS)) {
    tokens.push(await accessTokenFor(portal.url, customer.email, BENCH_PASSWORD));
  }
  collectGarbage();
  await new Promise((r) => setTimeout(r, 200));
  const censusBefore: HeapCensus | undefined = HEAP_CENSUS ? await heapCensus() : undefined;
  collectGarbage();
  const before = process.memoryUsage();
  const started = performance.now();
  const clients = spawn(
    process.execPath,
    [
      '-e',
      CLIENT_PROCESS,
      JSON.stringify({
        url: wsUrl(portal),
        tokens,
        count: CONNECTIONS,
        query: SUBSCRIPTION,
        parallel: OPEN_PARALLEL,
      }),
    ],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const exited = new Promise<void>((resolve) => clients.once('exit', () => resolve()));
  const opened = await new Promise<{ connected?: number; error?: string }>((resolve) => {
    clients.once('message', (message) => resolve(message as { connected?: number }));
    clients.once('exit', (code) => resolve({ error: `client process exited (${code})` }));
  });
  if (opened.error) {
    clients.kill();
    throw new Error(`clients failed after ${opened.connected ?? 0}: ${opened.error}`);
  }
  const openSeconds = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 1000)); // subscribe messages settle on the server
  collectGarbage();
  const after = process.memoryUsage();
  const growth = censusBefore
    ? censusGrowth(censusBefore, await heapCensus(), Math.max(1, opened.connected ?? 0))
    : undefined;
  clients.send('close');
  await exited;
  const connections = opened.connected ?? 0;
  const per = (a: number, b: number) => (a - b) / Math.max(1, connections);
  return {
    connections,
    openSeconds,
    serverHeapDeltaBytes: after.heapUsed - before.heapUsed,
    serverHeapPerConnectionBytes: per(after.heapUsed, before.heapUsed),
    serverExternalPerConnectionBytes: per(
      after.external + after.arrayBuffers,
      before.external + before.arrayBuffers,
    ),
    rssDeltaBytes: after.rss - before.rss,
    rssPerConnectionBytes: per(after.rss, before.rss),
    growth,
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

export const liveUpdates: Benchmark = {
  id: 'live-updates',
  title: 'Live updates over graphql-ws: message delivery and open subscriptions',
  async run(ctx) {
    const latency: Table = {
      title: 'Staff API post → arrival on the customer’s subscription',
      headers: ['Database', 'messages', 'p50 ms', 'p99 ms', 'goal', 'mean ms', 'POST alone p50 ms'],
      rows: [],
      leftAligned: [0],
    };
    const capacity: Table = {
      title: `${CONNECTIONS} open graphql-ws connections, one subscription each`,
      headers: [
        'Database',
        'open',
        'open time',
        'server heap / conn',
        'goal',
        'server ext+buf / conn',
        'RSS / conn',
        'RSS delta',
      ],
      rows: [],
      leftAligned: [0],
    };
    const data: Record<string, unknown>[] = [];
    const growthTables: Table[] = [];
    for (const portal of await ctx.portals()) {
      const staff = await staffToken(portal);
      ctx.progress(`${portal.label}: ${MESSAGES} messages post → websocket`);
      const delivery = await deliveryLatency(portal, staff);
      latency.rows.push([
        portal.label,
        String(delivery.messages),
        fmt.ms(delivery.deliveryMs.p50),
        fmt.ms(delivery.deliveryMs.p99),
        goal(delivery.deliveryMs.p99 < GOAL_DELIVERY_P99_MS, `p99 < ${GOAL_DELIVERY_P99_MS} ms`),
        fmt.ms(delivery.deliveryMs.mean),
        fmt.ms(delivery.postMs.p50),
      ]);
      ctx.progress(`${portal.label}: opening ${CONNECTIONS} subscriptions`);
      const subs = await openSubscriptions(portal);
      capacity.rows.push([
        portal.label,
        fmt.int(subs.connections),
        fmt.seconds(subs.openSeconds),
        kb(subs.serverHeapPerConnectionBytes),
        goal(
          subs.serverHeapPerConnectionBytes <= GOAL_HEAP_PER_CONNECTION_KIB * 1024 &&
            subs.connections >= CONNECTIONS,
          `≤ ${GOAL_HEAP_PER_CONNECTION_KIB} KiB`,
        ),
        kb(subs.serverExternalPerConnectionBytes),
        kb(subs.rssPerConnectionBytes),
        mb(subs.rssDeltaBytes),
      ]);
      if (subs.growth) {
        growthTables.push({
          title: `${portal.label}: what grew per open subscription (heap snapshot, shallow bytes)`,
          headers: ['Kind', 'objects / conn', 'bytes / conn'],
          rows: subs.growth.map((g) => [g.kind, g.countPer.toFixed(1), fmt.int(g.bytesPer)]),
          leftAligned: [0],
        });
      }
      data.push({ database: portal.label, delivery, subscriptions: subs });
    }
    return {
      tables: [latency, capacity, ...growthTables],
      notes: [
        `Delivery: one customer keeps a graphql-ws subscription to providerMessagesChanged open; ${MESSAGES} messages (after 3 warm-up ones) are posted one at a time through POST /staff/customers/:id/messages with a staff token; the time runs from sending the POST to the event arriving on the socket. In-process pub/sub (no REDIS_URL).`,
        `Capacity: ${CONNECTIONS} clients (BENCH_WS_CONNECTIONS) in a child process open one socket each (${OPEN_PARALLEL} at a time) and subscribe; ${TOKEN_CUSTOMERS} customers' tokens are shared among them. "server heap" is the bench process' V8 heap delta after a forced GC, which holds only the server; "ext+buf" adds off-heap buffers; RSS is the server's process (the clients run in their own).`,
      ],
      data,
    };
  },
};
