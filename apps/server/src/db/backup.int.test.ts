import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createCustomer, TEST_PASSWORD } from '../../test/factories';
import { testConfig } from '../../test/harness';
import { buildApp } from '../app';
import { parseStorageConfig, type StorageConfig } from '../config';
import { loadSigningKeys } from '../identity/keys';
import { LocalDocumentStore } from '../platform/document-store';
import { backupDataDir, BackupError, restoreDataDir } from './backup';
import { migrateDatabase, openDatabase, type Database } from './client';
import { DataDirInUseError } from './pglite-lock';

// Issue 40's drill for the embedded installation: write, back up, write more, restore into a
// fresh directory; every row and file up to the backup is there, none after it, and the
// server starts on it. PGlite only: PostgreSQL is backed up with its own tools.

const onPostgres = process.env.PORTAL_TEST_DB === 'postgres';
if (onPostgres) {
  process.stdout.write(
    'Backup drill: NOT RUN in the postgres stage (it backs up the embedded PGlite; the unit stage runs it)\n',
  );
}

let scratch = '';

const storageAt = (name: string): StorageConfig =>
  parseStorageConfig({ DATA_DIR: path.join(scratch, name) });

async function rows<T>(database: Database, query: SQL): Promise<T[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Rows per table of the portal's schema: what "every row" is compared by. */
async function rowCounts(database: Database): Promise<Record<string, number>> {
  const tables = await rows<{ tablename: string }>(
    database,
    sql`select tablename from pg_catalog.pg_tables where schemaname = 'public' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { tablename } of tables) {
    const [count] = await rows<{ n: number }>(
      database,
      sql`select count(*)::int as n from ${sql.identifier(tablename)}`,
    );
    counts[tablename] = count?.n ?? 0;
  }
  return counts;
}

async function customerIds(database: Database): Promise<string[]> {
  return (await rows<{ id: string }>(database, sql`select id from customers`)).map((r) => r.id);
}

const pdf = () => new Uint8Array(randomBytes(4096));

describe.skipIf(onPostgres)('backup and restore of the embedded installation', () => {
  beforeAll(() => {
    scratch = mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('restores every row and file up to the backup, none after, and the server starts on it', async () => {
    const live = storageAt('live');
    const files = new LocalDocumentStore(live.filesDir);
    // A server's first start on its DATA_DIR: the migrated schema, and its own signing key.
    let database = await openDatabase({
      pgliteDir: live.pgliteDir,
      pgliteLoad: new Blob([readFileSync(inject('pgliteTemplate'))]),
    });
    const keys = await loadSigningKeys(live.dataDir, undefined);
    const kept = [await createCustomer(database.db), await createCustomer(database.db)];
    const keptFiles = new Map(kept.map(({ customer }) => [`${customer.id}/lab.pdf`, pdf()]));
    for (const [key, bytes] of keptFiles) await files.put(key, bytes, 'application/pdf');
    const atBackup = await rowCounts(database);
    await database.close();

    const backup = path.join(scratch, 'backup');
    const manifest = await backupDataDir(live, backup, '9.9.9');
    expect(manifest).toMatchObject({
      version: '9.9.9',
      files: { dir: 'files', count: 2, bytes: 2 * 4096 },
      keys: true,
    });

    // Life goes on after the backup: a customer and a document it must not bring back.
    database = await openDatabase({ pgliteDir: live.pgliteDir });
    const later = await createCustomer(database.db);
    await files.put(`${later.customer.id}/lab.pdf`, pdf(), 'application/pdf');
    expect((await rowCounts(database)).customers).toBe((atBackup.customers ?? 0) + 1);
    await database.close();

    const fresh = storageAt('fresh');
    await restoreDataDir(fresh, backup);
    const restored = new LocalDocumentStore(fresh.filesDir);
    for (const [key, bytes] of keptFiles) {
      expect(Buffer.from((await restored.get(key)) ?? [])).toEqual(Buffer.from(bytes));
    }
    expect(await restored.get(`${later.customer.id}/lab.pdf`)).toBeNull();

    // The server starts on the restored DATA_DIR as main.ts starts it, with the same key.
    const started = await openDatabase({ pgliteDir: fresh.pgliteDir });
    expect(await rowCounts(started)).toEqual(atBackup);
    const ids = await customerIds(started);
    for (const { customer } of kept) expect(ids).toContain(customer.id);
    expect(ids).not.toContain(later.customer.id);
    expect(await migrateDatabase(started)).toEqual({ applied: 0 });
    const restoredKeys = await loadSigningKeys(fresh.dataDir, undefined);
    expect(restoredKeys.kid).toBe(keys.kid);
    const config = testConfig({ DATA_DIR: fresh.dataDir });
    const app = await buildApp({
      config,
      database: started,
      keys: restoredKeys,
      webDist: '/nonexistent',
    });
    try {
      await app.app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const signIn = await fetch(`${base}/identity/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: kept[0]?.user.email, password: TEST_PASSWORD }),
      });
      expect(signIn.status).toBe(200);
      const [firstKey, firstBytes] = [...keptFiles][0] ?? [];
      expect(Buffer.from((await app.platform.files.get(firstKey ?? '')) ?? [])).toEqual(
        Buffer.from(firstBytes ?? []),
      );
    } finally {
      await app.app.close();
      await started.close();
    }
    // Two PGlite data directories written, copied and opened in turn (the suite's longest file
    // operation): 30 s was not enough beside another test file on a loaded two-core machine.
  }, 120_000);

  it('refuses to back up a directory a running server holds, or to restore over data', async () => {
    const live = storageAt('live');
    // Another live process holds the directory, as a running server would.
    writeFileSync(`${live.pgliteDir}.lock`, String(process.ppid));
    try {
      await expect(backupDataDir(live, path.join(scratch, 'refused'), '1')).rejects.toThrow(
        DataDirInUseError,
      );
    } finally {
      rmSync(`${live.pgliteDir}.lock`);
    }
    const backup = path.join(scratch, 'backup');
    await expect(restoreDataDir(live, backup)).rejects.toThrow(/is not empty/);
    await expect(restoreDataDir(storageAt('other'), scratch)).rejects.toThrow(BackupError);

    const tampered = path.join(scratch, 'tampered');
    cpSync(backup, tampered, { recursive: true });
    const dump = path.join(tampered, 'pglite.tar.gz');
    const bytes = readFileSync(dump);
    bytes[bytes.length >> 1] = (bytes[bytes.length >> 1] ?? 0) ^ 0xff;
    writeFileSync(dump, bytes);
    await expect(restoreDataDir(storageAt('other'), tampered)).rejects.toThrow(
      /does not match its checksum/,
    );
  });
});
