import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { useTestDatabase } from '../../test/harness';
import { migrateDatabase, type Database } from './client';
import { DatabaseStepError } from './database-error';
import { users } from './schema/identity';

// Issue 40: a failed start logged drizzle's wrapper ("Failed query: … params: …") and dropped
// PostgreSQL's reason. The start's database steps now say PostgreSQL's code, message and
// detail, and never a parameter: those may be a patient's data.

let database: Database;
useTestDatabase((opened) => (database = opened));

describe("a failed database step says PostgreSQL's reason, without the parameters", () => {
  it('a statement that breaks a unique key: the code, the message, the columns, no values', async () => {
    const email = 'marker.patient.7731@example.com';
    await createUser(database.db, { email });
    const failure = await database.db
      .insert(users)
      .values({ tenantId: 'portal', email, passwordHash: 'marker-hash-8842' })
      .then(
        () => undefined,
        (error: unknown) => new DatabaseStepError('Seeding the demo data', error),
      );
    expect(failure?.postgres).toMatchObject({ code: '23505', table: 'identity_users' });
    const message = failure?.message ?? '';
    expect(message).toMatch(/^Seeding the demo data failed: duplicate key value violates unique/);
    expect(message).toContain('(SQLSTATE 23505)');
    expect(message).toMatch(/detail: Key \([^)]*email[^)]*\)=\(…\) already exists/);
    expect(message).toMatch(/statement: insert into "identity_users"/);
    for (const secret of [email, 'marker-hash-8842', 'params'])
      expect(message).not.toContain(secret);
  });

  it('a migration that fails: the statement and its reason (here, the table is there already)', async () => {
    // The journal forgets every migration, so the first one runs again on the migrated schema.
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations`);
    const failure = await migrateDatabase(database).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DatabaseStepError);
    expect((failure as DatabaseStepError).postgres?.code).toBe('42P07');
    expect((failure as Error).message).toMatch(
      /^Applying the database migrations failed: relation "identity_oidc_states" already exists \(SQLSTATE 42P07\)\n {2}statement: CREATE TABLE "identity_oidc_states"/,
    );
  });
});
