import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { StatementCachingPGlite } from './pglite-client';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type the app uses, whether PGlite or PostgreSQL is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` for a throwaway database. */
  pgliteDir?: string;
  /** A PGlite data dump (from dumpDataDir) to start from, used by tests. */
  pgliteLoad?: Blob | File;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // No JIT: the portal's queries are short, and the availability questions cost more to
      // compile (EXPLAIN ANALYZE: 37–46 ms of JIT in a 60–97 ms answer) than to run.
      options: '-c jit=off',
      // Pipeline mode: queries handed to one connection without waiting go out together and
      // answer in order (each with its own sync, so one failing does not swallow the next).
      // Awaited one by one they behave as before; UnitOfWork.runLockedStatement sends a
      // booking's begin, lock, statement and commit in one round trip this way.
      pipeline: true,
    });
    // An idle connection the server ends (a restart, pg_terminate_backend, a dropped database)
    // is taken out of the pool by pg; without a listener its 'error' event would end the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  // PGlite's own client, keeping its data statements parsed and planned (db/pglite-client.ts).
  const client = await StatementCachingPGlite.open({
    dataDir: dir,
    ...(options.pgliteLoad ? { loadDataDir: options.pgliteLoad } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    await migratePg(database.db as never, { migrationsFolder });
  } else {
    await migratePglite(database.db as never, { migrationsFolder });
  }
}
