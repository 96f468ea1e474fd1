import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type App } from '../src/app';
import { parseConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import type { PersistedDocuments } from '../src/graphql-host/persisted';
import { ephemeralSigningKeys } from '../src/identity/keys';
import { TestClock } from '../src/platform/clock';

export interface TestServer extends App {
  flushAudit(): Promise<void>;
  url: string;
  database: Database;
  clock: TestClock;
  config: Config;
  close(): Promise<void>;
}

/**
 * A fresh database per test file: PGlite from the migrated template, or a copy of the migrated
 * PostgreSQL template database when the suite runs with PORTAL_TEST_DB=postgres (npm run
 * test:postgres).
 */
export async function openTestDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
}> {
  if (process.env.PORTAL_TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('PORTAL_TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `portal_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // A copy of the run's migrated template (test/global-setup.ts), not a new migration.
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 5 });
    return {
      database,
      drop: async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        // pool.end() resolves before its connections have closed; forcing the drop while one
        // is still open makes the server send it FATAL 57P01, which the ended pool re-emits
        // as an unhandled 'error'. So wait (briefly) for them to go first.
        for (let i = 0; i < 50; i += 1) {
          const open = await client.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if (!open.rows[0]?.n) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  const template = readFileSync(inject('pgliteTemplate'));
  const database = await openDatabase({ pgliteLoad: new Blob([template]) });
  return { database, drop: async () => {} };
}

/**
 * A fresh test database for the calling test file: opened (and handed to `opened`) before its
 * tests, closed and dropped after them.
 */
export function useTestDatabase(opened: (database: Database) => void): void {
  let drop: (() => Promise<void>) | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    opened(database);
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });
}

/** A port free right now, for a server whose PUBLIC_URL must be known before it listens. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A test server's configuration: quiet, no job runner, `overrides` on top. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return parseConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      // The tests run the jobs by hand after moving the clock.
      JOBS_ENABLED: 'false',
      DATA_DIR: path.join(os.tmpdir(), 'portal-test-unused'),
      PUBLIC_URL: 'http://portal.test',
      ...overrides,
    },
    '1.18.13',
  );
}

export async function startTestServer(
  overrides: Record<string, string> = {},
  options: {
    port?: number;
    webDist?: string;
    /**
     * The operations GET and production's POST accept (the web app's by default); held by
     * reference, so a test can add its own after the server starts.
     */
    persistedDocuments?: PersistedDocuments;
  } = {},
): Promise<TestServer> {
  const { database, drop } = await openTestDatabase();
  const clock = new TestClock(new Date());
  const config = testConfig(overrides);
  const app = await buildApp({
    config,
    database,
    clock,
    keys: await ephemeralSigningKeys(),
    webDist: options.webDist ?? '/nonexistent',
    persistedDocuments: options.persistedDocuments,
  });
  await app.app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    ...app,
    url: `http://127.0.0.1:${port}`,
    database,
    clock,
    config,
    // Reads audit through a batch written just after the response (platform/audit.ts): a test
    // that looks for a read's audit row writes the batch first.
    flushAudit: () => app.platform.audit.flush(),
    close: async (): Promise<void> => {
      // A client socket the test left open (an unread body, a websocket) must not hold the
      // close forever: after 2 s the remaining connections are cut.
      const cut = setTimeout(() => app.app.server.closeAllConnections(), 2000);
      await app.app.close();
      clearTimeout(cut);
      await database.close();
      await drop();
    },
  };
}

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

export async function postJson<T = Record<string, unknown>>(
  server: TestServer,
  route: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<JsonResponse<T>> {
  const response = await fetch(`${server.url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : {}) as T,
    headers: response.headers,
  };
}

export async function exchangeToken(server: TestServer, idToken: string) {
  const response = await fetch(`${server.url}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      client_id: 'customer-portal',
      scope: 'graphql',
      subject_token: idToken,
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, string> };
}

export interface GraphQLResponse<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

export async function graphql<T = Record<string, unknown>>(
  server: TestServer,
  query: string,
  accessToken?: string,
  variables?: Record<string, unknown>,
): Promise<GraphQLResponse<T>> {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as GraphQLResponse<T>;
}

/** The newest mail to an address in the dev outbox, and the oobCode of its link. */
export async function latestMail(server: TestServer, to: string) {
  const mails = await server.outbox?.list();
  const mail = mails?.find((m) => m.to === to);
  if (!mail) return undefined;
  const code = /oobCode=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  return { ...mail, code };
}

/** The sandbox processor of a server started with it (the tests' default); throws otherwise. */
export function sandboxOf(server: Pick<TestServer, 'platform'>) {
  const sandbox = server.platform.sandbox;
  if (!sandbox) throw new Error('this test server runs another payment processor than the sandbox');
  return sandbox;
}
