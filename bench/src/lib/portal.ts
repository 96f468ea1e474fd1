import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type App } from '../../../apps/server/src/app';
import { parseConfig } from '../../../apps/server/src/config';
import { loadPersistedDocuments } from '../../../apps/server/src/graphql-host/persisted';
import { migrateDatabase, openDatabase, type Database } from '../../../apps/server/src/db/client';
import { productionEnv } from '../../../apps/server/test/production-env';
import { ephemeralSigningKeys } from '../../../apps/server/src/identity/keys';
import { hashPassword } from '../../../apps/server/src/identity/secrets';
import { withBenchOperations } from './operations';
import { readAppVersion } from '../../../apps/server/src/version';
import { listenInRange } from './ports';
import { bypassGlobalRateLimit, unlimitedIdentityLimiter } from './rate-limits';
import { BENCH_PASSWORD, seedCustomers, type SeedResult } from './seed';

export type BackendKind = 'pglite' | 'postgres';

export interface BackendSpec {
  kind: BackendKind;
  /** PostgreSQL server URL; a fresh database is created on it and dropped afterwards. */
  adminUrl?: string;
}

/** Lets a benchmark add routes to every portal server before it listens. */
export type AppExtension = (app: App, database: Database) => void;

export interface PortalServer {
  label: string;
  kind: BackendKind;
  url: string;
  app: App;
  database: Database;
  seed: SeedResult;
  passwordHash: string;
  /** Seconds spent on each setup step (open, migrate, seed, build, listen). */
  setupSeconds: Record<string, number>;
  close(): Promise<void>;
}

/** PUBLIC_URL only names the token issuer here; requests go to the listening port. */
const PUBLIC_URL = 'http://portal.bench';

let sharedHash: Promise<string> | undefined;

export async function postgresAnswers(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * The real app (buildApp) on a fresh, migrated and seeded database, listening on a port in
 * 3200-3299: production config, silent logs, in-memory signing keys, the identity limiter's
 * store replaced by one that never limits and the global per-address limit bypassed.
 */
export async function startPortal(
  spec: BackendSpec,
  customers: number,
  extensions: AppExtension[],
): Promise<PortalServer> {
  const setupSeconds: Record<string, number> = {};
  const cleanups: (() => Promise<void> | void)[] = [];
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    setupSeconds[name] = (performance.now() - started) / 1000;
    return result;
  };
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await fn();
  };

  try {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

    let databaseUrl: string | undefined;
    let label = 'PGlite';
    if (spec.kind === 'postgres') {
      const adminUrl = spec.adminUrl ?? '';
      const name = `portal_bench_${randomBytes(6).toString('hex')}`;
      await adminQuery(adminUrl, `create database ${name}`);
      cleanups.push(() => adminQuery(adminUrl, `drop database if exists ${name} with (force)`));
      const target = new URL(adminUrl);
      target.pathname = `/${name}`;
      databaseUrl = target.toString();
      label = 'PostgreSQL';
    }

    // Production's settings (productionEnv: values that reach nothing; no bench sends mail or
    // takes money), then the sandbox processor put back by hand: production refuses it from
    // the environment, and a bench must not call Stripe.
    const config = parseConfig(
      productionEnv({
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        PUBLIC_URL,
        DATABASE_URL: databaseUrl,
        // The argon2 queue is sized for the pool libuv was started with (identity/secrets.ts).
        UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE,
      }),
      readAppVersion(),
    );
    config.billing.payments = { provider: 'sandbox' };
    const database = await step('open', () =>
      openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'pglite') }),
    );
    cleanups.push(() => database.close());
    await step('migrate', () => migrateDatabase(database));
    const passwordHash = await (sharedHash ??= hashPassword(BENCH_PASSWORD));
    const seed = await step('seed', () => seedCustomers(database.db, customers, passwordHash));

    const keys = await ephemeralSigningKeys();
    const app = await step('build', () =>
      buildApp({
        config,
        database,
        keys,
        // The renewals job would charge the seeded plans in the middle of a measurement.
        startJobs: false,
        identityLimiter: unlimitedIdentityLimiter,
        webDist: '/nonexistent',
        persistedDocuments: withBenchOperations(loadPersistedDocuments()),
      }),
    );
    cleanups.push(() => app.app.close());
    bypassGlobalRateLimit(app.app);
    for (const extend of extensions) extend(app, database);
    const port = await step('listen', () => listenInRange(app.app, 3200, 3299));

    return {
      label,
      kind: spec.kind,
      url: `http://127.0.0.1:${port}`,
      app,
      database,
      seed,
      passwordHash,
      setupSeconds,
      close: cleanup,
    };
  } catch (error) {
    await cleanup().catch(() => undefined);
    throw error;
  }
}
