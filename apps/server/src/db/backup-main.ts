import path from 'node:path';
import { invocationDir, parseStorageConfig } from '../config';
import { readAppVersion } from '../version';
import { backupDataDir, BackupError } from './backup';
import { runCommand } from './command';

// `npm run backup -- <dir>` (node apps/server/dist/backup.js <dir>): the embedded database,
// the local documents and the generated signing key of DATA_DIR, into a new directory, while
// the server is stopped (db/backup.ts says why).
runCommand('backup', async () => {
  const target = process.argv[2];
  if (!target) throw new BackupError('say where: npm run backup -- <new directory>');
  const storage = parseStorageConfig(process.env);
  const dir = path.resolve(invocationDir(process.env), target);
  const manifest = await backupDataDir(storage, dir, readAppVersion());
  const files =
    'count' in manifest.files
      ? `${String(manifest.files.count)} document files (${String(manifest.files.bytes)} bytes)`
      : `no documents (they are in the S3 bucket ${manifest.files.s3Bucket}: back it up there)`;
  return [
    `Backed up ${storage.dataDir} into ${dir}:`,
    `  the database (${String(manifest.database.bytes)} bytes, sha256 ${manifest.database.sha256})`,
    `  ${files}`,
    manifest.keys
      ? '  the signing key (keep this backup as secret as the key)'
      : '  no signing key (JWT_PRIVATE_KEY holds it)',
  ];
});
