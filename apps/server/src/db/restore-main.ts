import path from 'node:path';
import { invocationDir, parseStorageConfig } from '../config';
import { BackupError, restoreDataDir } from './backup';
import { runCommand } from './command';

// `npm run restore -- <dir>` (node apps/server/dist/restore.js <dir>): a backup into a fresh
// DATA_DIR (never over data: move the old one aside and keep it). The server then starts on it
// and applies any migration the backup predates.
runCommand('restore', async () => {
  const source = process.argv[2];
  if (!source) throw new BackupError('say from where: npm run restore -- <backup directory>');
  const storage = parseStorageConfig(process.env);
  const dir = path.resolve(invocationDir(process.env), source);
  const manifest = await restoreDataDir(storage, dir);
  return [
    `Restored the backup of ${manifest.createdAt} (version ${manifest.version}) into ${storage.dataDir}.`,
    'count' in manifest.files
      ? `  ${String(manifest.files.count)} document files into ${storage.filesDir}`
      : `  documents: in the S3 bucket ${manifest.files.s3Bucket}, untouched`,
  ];
});
