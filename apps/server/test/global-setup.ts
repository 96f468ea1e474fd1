import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
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
  const target = process.env.PORTAL_TEST_DB === 'postgres' ? 'PostgreSQL' : 'embedded PGlite';
  process.stdout.write(`server tests: ${target}\n`);
  return () => rmSync(dir, { recursive: true, force: true });
}
