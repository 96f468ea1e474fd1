import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StorageConfig } from '../config';
import { openDatabase } from './client';

/**
 * Backup and restore of the embedded installation (PGlite): its database, its local document
 * store and its generated signing key, everything DATA_DIR holds. PostgreSQL is backed up with
 * its own tools (pg_dump, or base backups and WAL for point-in-time recovery; docs/deploy.md).
 *
 * The database is dumped by PGlite itself (dumpDataDir): the backup opens the data directory
 * as its only user, so the dump is a consistent picture with no writer beside it, in one file
 * that PGlite loads back (loadDataDir) and that proves it opens. Copying the directory's files
 * would do as well only if nothing wrote meanwhile; the dump needs the same (PGlite is one
 * process), but it is refused outright while a server holds the directory (db/pglite-lock.ts),
 * and keeps holding it while the files are copied, so no server writes half of a backup.
 * The dump is PGlite's own format: it restores into the same PGlite (PostgreSQL) major version.
 */

export const BACKUP_FORMAT = 1;
const MANIFEST = 'backup.json';
const DATABASE_FILE = 'pglite.tar.gz';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  /** The portal version that wrote it; a newer one migrates the database at its start. */
  version: string;
  createdAt: string;
  database: { file: string; bytes: number; sha256: string };
  /** The local document store's files, or where the documents are instead (S3). */
  files: { dir: 'files'; count: number; bytes: number } | { s3Bucket: string };
  /** Whether DATA_DIR held a generated signing key (absent when JWT_PRIVATE_KEY is set). */
  keys: boolean;
}

export class BackupError extends Error {
  override name = 'BackupError';
}

function embeddedOnly(storage: StorageConfig, command: 'backup' | 'restore'): void {
  if (storage.databaseUrl) {
    throw new BackupError(
      `DATABASE_URL is set: this ${command} is for the embedded database; use PostgreSQL's own ` +
        '(pg_dump and pg_restore, or base backups with WAL archiving; docs/deploy.md).',
    );
  }
}

/** Backs DATA_DIR's state up into `target`, a new or empty directory. The server must be stopped. */
export async function backupDataDir(
  storage: StorageConfig,
  target: string,
  version: string,
): Promise<BackupManifest> {
  embeddedOnly(storage, 'backup');
  if (!existsSync(path.join(storage.pgliteDir, 'PG_VERSION'))) {
    throw new BackupError(`No embedded database at ${storage.pgliteDir} (is DATA_DIR right?)`);
  }
  await requireEmpty(target, 'The backup directory');

  // Opening claims the directory: refused while a server runs on it, and no server can start
  // on it until the files below are copied too.
  const database = await openDatabase({ pgliteDir: storage.pgliteDir });
  try {
    await mkdir(target, { recursive: true, mode: 0o700 });
    if (!database.pglite) throw new BackupError('The embedded database did not open as PGlite');
    const dump = await database.pglite.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    await writeFile(path.join(target, DATABASE_FILE), bytes, { mode: 0o600 });

    let files: BackupManifest['files'];
    if (storage.s3Bucket) {
      files = { s3Bucket: storage.s3Bucket };
    } else {
      const copied = path.join(target, 'files');
      if (existsSync(storage.filesDir)) await copyTree(storage.filesDir, copied);
      else await mkdir(copied, { mode: 0o700 });
      files = { dir: 'files', ...(await treeSize(copied)) };
    }
    const keysDir = path.join(storage.dataDir, 'keys');
    const keys = existsSync(keysDir);
    if (keys) await copyTree(keysDir, path.join(target, 'keys'));

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version,
      createdAt: new Date().toISOString(),
      database: { file: DATABASE_FILE, bytes: bytes.length, sha256: sha256(bytes) },
      files,
      keys,
    };
    // Written last: a backup without its manifest is an unfinished one, and restore refuses it.
    await writeFile(path.join(target, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    return manifest;
  } finally {
    await database.close();
  }
}

/** Restores a backup into the fresh DATA_DIR (and FILES_DIR) that `storage` names. */
export async function restoreDataDir(
  storage: StorageConfig,
  source: string,
): Promise<BackupManifest> {
  embeddedOnly(storage, 'restore');
  const manifest = await readManifest(source);
  const bytes = await readFile(path.join(source, manifest.database.file));
  if (sha256(bytes) !== manifest.database.sha256) {
    throw new BackupError(`${manifest.database.file} does not match its checksum in ${MANIFEST}`);
  }
  // Never over live data: the operator moves the old DATA_DIR aside first, and keeps it.
  await requireEmpty(storage.pgliteDir, 'The embedded database directory');
  if (!('s3Bucket' in manifest.files)) await requireEmpty(storage.filesDir, 'FILES_DIR');
  await requireEmpty(path.join(storage.dataDir, 'keys'), 'The signing key directory');

  const database = await openDatabase({
    pgliteDir: storage.pgliteDir,
    pgliteLoad: new Blob([bytes]),
  });
  try {
    // The dump opens and holds the portal's tables: a restore that cannot be read fails here.
    await database.db.execute('select count(*) from drizzle.__drizzle_migrations');
    if (!('s3Bucket' in manifest.files)) {
      await copyTree(path.join(source, 'files'), storage.filesDir);
    }
    if (manifest.keys)
      await copyTree(path.join(source, 'keys'), path.join(storage.dataDir, 'keys'));
  } finally {
    await database.close();
  }
  return manifest;
}

async function readManifest(source: string): Promise<BackupManifest> {
  const file = path.join(source, MANIFEST);
  if (!existsSync(file)) {
    throw new BackupError(`${source} holds no ${MANIFEST}: not a backup, or an unfinished one`);
  }
  const manifest = JSON.parse(await readFile(file, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) {
    throw new BackupError(
      `${file}: format ${String(manifest.format)} is not one this version reads`,
    );
  }
  return manifest;
}

async function requireEmpty(dir: string, what: string): Promise<void> {
  if (!existsSync(dir)) return;
  if (!(await stat(dir)).isDirectory() || (await readdir(dir)).length > 0) {
    throw new BackupError(`${what} ${dir} is not empty: it must be new or empty`);
  }
}

/**
 * Copies a directory into `to`, which must be new or empty (an empty one is replaced), leaving
 * out a document being written (the store's `.partial` files).
 */
async function copyTree(from: string, to: string): Promise<void> {
  // rmdir removes only an empty directory: nothing is ever copied over.
  if (existsSync(to)) await rmdir(to);
  await mkdir(path.dirname(to), { recursive: true, mode: 0o700 });
  await cp(from, to, {
    recursive: true,
    errorOnExist: true,
    force: false,
    preserveTimestamps: true,
    filter: (file) => !file.endsWith('.partial'),
  });
}

async function treeSize(dir: string): Promise<{ count: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    count += 1;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { count, bytes };
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
