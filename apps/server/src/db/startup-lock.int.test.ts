import { randomBytes } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/harness';
import { DEMO_ACCOUNTS, seedDemoData } from '../demo/seed';
import { migrateDatabase, migrationsFolder, openDatabase, type Database } from './client';
import { users } from './schema/identity';

// Issue 40: two instances starting together on an empty database crashed on CREATE TABLE (8
// of 8 runs), and on a migrated one, seeding the demo data (4 of 5). A start migrates and
// seeds under a PostgreSQL advisory lock (db/startup-lock.ts); PGlite is one process with
// one connection, so nothing starts beside it there.

const shipped = readMigrationFiles({ migrationsFolder }).length;
const onPostgres = process.env.PORTAL_TEST_DB === 'postgres';
if (!onPostgres) {
  process.stdout.write(
    'Startup lock, three instances on one empty PostgreSQL database: NOT RUN here (embedded PGlite); ' +
      'it runs in the postgres stage (npm run test:postgres, with TEST_DATABASE_URL)\n',
  );
}

async function rows<T>(database: Database, query: SQL): Promise<T[]> {
  const result: unknown = await database.db.execute(query);
  return (result as { rows: T[] }).rows;
}

describe('a start on a database already migrated and seeded', () => {
  let database: Database;
  useTestDatabase((opened) => (database = opened));

  it('applies nothing twice and seeds the demo data once', async () => {
    expect(await migrateDatabase(database)).toEqual({ applied: 0 });
    expect(await seedDemoData(database.db)).toBe(true);
    expect(await migrateDatabase(database)).toEqual({ applied: 0 });
    expect(await seedDemoData(database.db)).toBe(false);
    const journal = await rows<{ n: number }>(
      database,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(journal[0]?.n).toBe(shipped);
  });
});

describe.skipIf(!onPostgres)(
  'three instances starting at once on an empty PostgreSQL database',
  () => {
    it('all come up: each migration is applied once and the demo data seeded once', async () => {
      const adminUrl = process.env.TEST_DATABASE_URL ?? '';
      const name = `portal_lock_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const instances = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ databaseUrl: url.toString(), poolSize: 3 })),
      );
      try {
        // What main.ts does, three times at once.
        const starts = await Promise.allSettled(
          instances.map(async (database) => ({
            migrated: await migrateDatabase(database),
            seeded: await seedDemoData(database.db),
          })),
        );
        const failures = starts.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
        expect(failures).toEqual([]);
        const results = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
        expect(results.map((r) => r.migrated.applied).sort((a, b) => a - b)).toEqual([
          0,
          0,
          shipped,
        ]);
        expect(results.filter((r) => r.seeded)).toHaveLength(1);

        const [database] = instances;
        if (!database) throw new Error('no instance');
        const journal = await rows<{ hash: string; n: number }>(
          database,
          sql`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`,
        );
        expect(journal).toHaveLength(shipped);
        expect(journal.every((row) => row.n === 1)).toBe(true);
        for (const account of DEMO_ACCOUNTS) {
          const found = await database.db
            .select({ id: users.id })
            .from(users)
            .where(eq(users.email, account.email));
          expect(found, account.email).toHaveLength(1);
        }
        // Nobody holds the lock once the starts are done.
        const held = await rows<{ n: number }>(
          database,
          sql`select count(*)::int as n from pg_locks where locktype = 'advisory'`,
        );
        expect(held[0]?.n).toBe(0);
      } finally {
        await Promise.all(instances.map((database) => database.close()));
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    });
  },
);
