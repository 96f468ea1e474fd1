import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { DatabaseStepError } from './database-error';
import { claimDataDir } from './pglite-lock';
import { StatementCachingPGlite } from './pglite-client';
import * as schema from './schema/index';
import { withStartupLock } from './startup-lock';

export type Schema = typeof schema;
/** The one database type the app uses, whether PGlite or PostgreSQL is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's pool (none on PGlite), for work that needs a connection of its own. */
  pool?: pg.Pool | undefined;
  /** The embedded database (none on PostgreSQL), for its data directory dump (backups). */
  pglite?: PGlite | undefined;
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
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  const dir = options.pgliteDir ?? 'memory://';
  const inMemory = dir.startsWith('memory://');
  if (!inMemory) mkdirSync(dir, { recursive: true });
  const claim = inMemory ? undefined : claimDataDir(dir);
  try {
    // PGlite's own client, keeping its data statements parsed and planned (db/pglite-client.ts).
    const client = await StatementCachingPGlite.open({
      dataDir: dir,
      ...(options.pgliteLoad ? { loadDataDir: options.pgliteLoad } : {}),
    });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    const close = async () => {
      await client.close();
      claim?.release();
    };
    return { db, kind: 'pglite', pglite: client, close };
  } catch (error) {
    claim?.release();
    throw error;
  }
}

/**
 * Applies the migrations not applied yet; says how many it applied. On PostgreSQL it holds the
 * startup lock (db/startup-lock.ts) on the connection it migrates on, so instances starting
 * together apply each migration once; PGlite is one connection in one process, so nothing
 * can migrate beside it. A failure says PostgreSQL's reason and the statement.
 */
export async function migrateDatabase(database: Database): Promise<{ applied: number }> {
  try {
    if (database.kind === 'postgres' && database.pool) {
      return await withStartupLock(database.pool, async (client) => {
        const db = drizzlePg(client);
        const before = await appliedCount(db);
        await migratePg(db, { migrationsFolder });
        return { applied: (await appliedCount(db)) - before };
      });
    }
    const before = await appliedCount(database.db);
    await migratePglite(database.db as never, { migrationsFolder });
    return { applied: (await appliedCount(database.db)) - before };
  } catch (error) {
    throw new DatabaseStepError('Applying the database migrations', error);
  }
}

/** The rows of an execute() result: node-postgres and PGlite both answer `{ rows }`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Rows in drizzle's journal of applied migrations (0 before the first migration). */
async function appliedCount(db: Pick<Db, 'execute'>): Promise<number> {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from pg_catalog.pg_tables where schemaname = 'drizzle' and tablename = '__drizzle_migrations'`,
  );
  if (!rowsOf<{ n: number }>(result)[0]?.n) return 0;
  const applied = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return rowsOf<{ n: number }>(applied)[0]?.n ?? 0;
}
