import net from 'node:net';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../../test/harness';
import { webOperations, webRequest } from '../../test/process';
import type { Database } from '../db/client';
import { drainAndClose, Lifecycle } from './lifecycle';

// /livez, /readyz, the drain's request hooks and /metrics on one in-process server (issue 40).
// The drain itself, signal to exit, is main-operations.int.test.ts (a real process).

const METRICS_TOKEN = 'metrics-token-for-the-operations-test';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN });
});
afterAll(async () => {
  await server.close();
});

async function metrics(headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/metrics`, { headers });
  return { status: response.status, text: await response.text() };
}

/** The value of one sample line of the exposition (undefined when absent). */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe('/livez and /readyz', () => {
  it('are live and ready on a migrated database', async () => {
    expect(await (await fetch(`${server.url}/livez`)).json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ready',
      checks: { draining: 'ok', database: 'ok', migrations: 'ok' },
    });
  });

  it('is not ready while the newest migration is missing', async () => {
    const { db } = server.database;
    const newest = sql`drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`;
    const result = await db.execute(sql`select hash, created_at from ${newest}`);
    const [row] = (result as { rows: { hash: string; created_at: string }[] }).rows;
    await db.execute(sql`delete from ${newest}`);
    try {
      const readiness = await new Lifecycle({ database: server.database }).readiness();
      expect(readiness.ready).toBe(false);
      expect(readiness.checks.migrations).toBe('the database lacks migrations this build ships');
    } finally {
      await db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row?.hash}, ${row?.created_at})`,
      );
    }
    expect((await new Lifecycle({ database: server.database }).readiness()).ready).toBe(true);
  });

  it('is not ready, within its one-second check limit, when the database or Redis does not answer', async () => {
    const never = () => new Promise<never>(() => undefined);
    const database = { db: { execute: never } } as unknown as Database;
    const started = Date.now();
    const readiness = await new Lifecycle({
      database,
      redis: { ping: never } as never,
    }).readiness();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(readiness).toEqual({
      ready: false,
      checks: {
        draining: 'ok',
        database: 'database did not answer within 1000 ms',
        migrations: 'migrations did not answer within 1000 ms',
        redis: 'redis did not answer within 1000 ms',
      },
    });
  });
});

describe('/metrics', () => {
  it('counts requests by route and GraphQL operation, websockets, jobs and rate-limit refusals', async () => {
    const operations = webOperations();
    // Two of the web app's operations as it sends them (a GET by id, a POST with its hash),
    // unauthenticated: answered with an error, still counted under their names.
    for (const name of ['GetFeatureFlags', 'GetProviderMessages']) {
      const request = webRequest(
        operations,
        name,
        name === 'GetFeatureFlags' ? {} : { customerId: 'x' },
      );
      await fetch(`${server.url}${request.path}`, {
        method: request.method,
        headers: request.body ? { 'content-type': 'application/json' } : {},
        body: request.body,
      });
    }
    await fetch(`${server.url}/config.json`);
    // The identity limit allows 10 sign-ins per email in 15 minutes: the 11th is refused.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const response = await fetch(`${server.url}/identity/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody-metrics@example.com', password: 'WrongPass9' }),
      });
      statuses.push(response.status);
    }
    expect(statuses.at(-1)).toBe(429);
    const socket = new WebSocket(
      `${server.url.replace('http', 'ws')}/graphql`,
      'graphql-transport-ws',
    );
    await new Promise((resolve) => socket.once('open', resolve));

    const { status, text } = await metrics();
    socket.close();
    expect(status).toBe(200);
    const count = 'portal_http_request_duration_seconds_count';
    expect(
      sample(
        text,
        `${count}{method="GET",route="/graphql",status_code="200",operation="GetFeatureFlags"}`,
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        `${count}{method="POST",route="/graphql",status_code="200",operation="GetProviderMessages"}`,
      ),
    ).toBe(1);
    expect(
      sample(text, `${count}{method="GET",route="/config.json",status_code="200",operation=""}`),
    ).toBe(1);
    expect(sample(text, 'portal_rate_limit_refusals_total{route="/identity/sign-in"}')).toBe(1);
    expect(sample(text, 'portal_websockets_open')).toBe(1);
    expect(sample(text, 'portal_jobs{state="due"}')).toBe(0);
    expect(sample(text, 'portal_jobs{state="running"}')).toBe(0);
    // The process' own metrics ride along; the pool's only on PostgreSQL (PGlite has none).
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    const total = sample(text, 'portal_db_pool_connections{state="total"}');
    if (server.database.kind === 'postgres') expect(total).toBeGreaterThan(0);
    else expect(total).toBeUndefined();
    // Never a URL, an id or a query string as a label.
    expect(text).not.toContain('nobody-metrics');
  });

  it('answers only the machine itself, or a scraper with the token', async () => {
    expect((await metrics({ 'x-forwarded-for': '203.0.113.7' })).status).toBe(404);
    const from = (headers: Record<string, string>) =>
      server.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7', headers });
    expect((await from({})).statusCode).toBe(404);
    expect(
      (await from({ authorization: 'Bearer not-the-metrics-token-at-all!!' })).statusCode,
    ).toBe(404);
    const scraped = await from({ authorization: `Bearer ${METRICS_TOKEN}` });
    expect(scraped.statusCode).toBe(200);
    expect(scraped.headers['content-type']).toContain('text/plain');
  });
});

describe('while draining', () => {
  it('is not ready, closes each connection after its answer and refuses new websockets', async () => {
    server.lifecycle.startDraining();
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      status: 'unavailable',
      checks: { draining: 'failing', database: 'ok', migrations: 'ok' },
    });
    const served = await fetch(`${server.url}/config.json`);
    expect(served.status).toBe(200);
    expect(served.headers.get('connection')).toBe('close');
    const socket = new WebSocket(
      `${server.url.replace('http', 'ws')}/graphql`,
      'graphql-transport-ws',
    );
    const refused = await new Promise<{ status: number; ended: Promise<void> }>((resolve) =>
      socket.on('unexpected-response', (_request, response) =>
        resolve({
          status: response.statusCode ?? 0,
          // The server ends the refused upgrade's connection itself.
          ended: new Promise((ended) => response.socket.once('close', () => ended())),
        }),
      ),
    );
    expect(refused.status).toBe(503);
    await refused.ended;
  });
});

describe('while draining behind a proxy with passive checks (DRAIN_REFUSE_READS)', () => {
  it('answers GET and HEAD 503 so nginx retries them elsewhere, and still serves a POST and its health', async () => {
    const passive = await startTestServer({ DRAIN_REFUSE_READS: 'true' });
    try {
      // Before the drain a read is served as ever.
      expect((await fetch(`${passive.url}/config.json`)).status).toBe(200);
      passive.lifecycle.startDraining();
      const read = await fetch(`${passive.url}/config.json`);
      expect(read.status).toBe(503);
      expect(read.headers.get('retry-after')).toBe('1');
      expect(read.headers.get('connection')).toBe('close');
      expect(((await read.json()) as { error: { code: string } }).error.code).toBe('draining');
      expect((await fetch(`${passive.url}/config.json`, { method: 'HEAD' })).status).toBe(503);
      // A POST is served: nginx does not resend a POST it has sent, so it is never refused.
      const post = await fetch(`${passive.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      expect(post.status).not.toBe(503);
      expect(post.headers.get('connection')).toBe('close');
      // Health answers what it is: live, and not ready.
      expect((await fetch(`${passive.url}/livez`)).status).toBe(200);
      expect((await fetch(`${passive.url}/readyz`)).status).toBe(503);
    } finally {
      await passive.close();
    }
  });
});

describe("the drain's cut of idle connections", () => {
  it('answers a request that arrives 600 ms after its connection was accepted and the listener closed', async () => {
    // Under load a process reads a request well after the kernel accepted its connection. The
    // drain's idle cut (250 ms after the listener closed) must not take such a connection:
    // Node counts it as active until its headers timeout, and this keeps that true.
    const drained = await startTestServer();
    const socket = net.connect(Number(new URL(drained.url).port), '127.0.0.1');
    await once(socket, 'connect');
    await sleep(50);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const closed = once(socket, 'close');
    const drain = drainAndClose({
      app: drained.app,
      lifecycle: drained.lifecycle,
      // The harness closes the database itself below.
      database: { close: () => Promise.resolve() } as unknown as Database,
      drainDelayMs: 0,
    });
    await sleep(600);
    socket.write('GET /livez HTTP/1.1\r\nHost: portal\r\n\r\n');
    await closed;
    await drain;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer.toLowerCase()).toContain('connection: close');
    await drained.close();
  });
});
