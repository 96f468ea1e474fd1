import { sql } from 'drizzle-orm';
import type pg from 'pg';

/**
 * The PostgreSQL advisory lock a start holds while it migrates, and the demo seed while it
 * seeds: instances starting together on one database take turns, so each migration is applied
 * once (drizzle's migrate() takes no lock of its own, drizzle-orm#874) and the demo data is
 * seeded once. Fixed so that every version of the server takes the same one: "portal" in
 * ASCII, read as a number (it shows in pg_locks as classid 28783, objid 1920229740).
 */
export const STARTUP_LOCK_KEY = 123_623_963_910_508n;

/**
 * Runs `work` on one connection of `pool` holding the startup lock (session-level: held until
 * unlocked, whatever `work` commits or rolls back), waiting for another instance to let it go.
 */
export async function withStartupLock<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let unlocked = false;
  try {
    await client.query(`select pg_advisory_lock(${STARTUP_LOCK_KEY})`);
    try {
      return await work(client);
    } finally {
      unlocked = await client.query(`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`).then(
        () => true,
        () => false,
      );
    }
  } finally {
    // A connection that could not unlock is thrown away: its session ends, and the lock with it.
    client.release(!unlocked);
  }
}

/**
 * The same lock for the length of the calling transaction (released at its commit or
 * rollback), for work that runs in one transaction on whatever connection it was given.
 * PGlite takes it too, where it never waits: one process, one connection.
 */
export const startupLockInTransaction = sql.raw(
  `select pg_advisory_xact_lock(${STARTUP_LOCK_KEY})`,
);
