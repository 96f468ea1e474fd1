import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The migrated PostgreSQL database each file copies (PORTAL_TEST_DB=postgres), else ''. */
    postgresTemplate: string;
  }
}

/** Runs one statement on the server's maintenance connection (create and drop database). */
async function onServer(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * On PostgreSQL the same holds: migrating a database ran all the migrations again for each of
 * the ~200 files, where `create database … template` copies a migrated one's files. The
 * template is migrated here, closed (a template must have no connection while it is copied),
 * and dropped at the end of the run.
 */
async function postgresTemplate(): Promise<{ name: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('PORTAL_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `portal_template_${randomBytes(6).toString('hex')}`;
  await onServer(url, `create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 1 });
  await migrateDatabase(database);
  await database.close();
  // pool.end() resolves before its connection has gone; a copy started meanwhile would fail
  // ("source database is being accessed by other users").
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  for (let i = 0; i < 100; i += 1) {
    const open = await admin.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    );
    if (!open.rows[0]?.n) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  await admin.end();
  return { name, drop: () => onServer(url, `drop database if exists ${name} with (force)`) };
}

/**
 * Migrating a new PGlite takes seconds; loading a migrated dump takes under one. So the schema
 * is migrated once here, and every test file starts its own database from the dump.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-'));
  const database = await openDatabase({});
  await migrateDatabase(database);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } })
    .$client;
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  const onPostgres = process.env.PORTAL_TEST_DB === 'postgres';
  const template = onPostgres ? await postgresTemplate() : undefined;
  project.provide('postgresTemplate', template?.name ?? '');
  process.stdout.write(`server tests: ${onPostgres ? 'PostgreSQL' : 'embedded PGlite'}\n`);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await template?.drop();
  };
}
