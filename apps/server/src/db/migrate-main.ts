import { parseStorageConfig } from '../config';
import { migrateDatabase, openDatabase } from './client';
import { runCommand } from './command';

// `npm run migrate` (node apps/server/dist/migrate.js in a production image): applies the
// migrations and exits, for a deploy step before the new version's instances start. A start
// applies them too, under the same lock, so running both is safe.
runCommand('migrate', async () => {
  const storage = parseStorageConfig(process.env);
  const database = await openDatabase({
    databaseUrl: storage.databaseUrl,
    pgliteDir: storage.pgliteDir,
    poolSize: 1,
  });
  try {
    const { applied } = await migrateDatabase(database);
    const where = storage.databaseUrl ? 'PostgreSQL' : `embedded PGlite (${storage.pgliteDir})`;
    return [
      applied === 0
        ? `The database on ${where} was up to date.`
        : `Applied ${String(applied)} migration${applied === 1 ? '' : 's'} on ${where}.`,
    ];
  } finally {
    await database.close();
  }
});
