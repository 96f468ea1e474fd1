import { eq, getTableName, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../src/db/client';
import { treatmentConfigurations } from '../../src/db/schema/catalog';
import { scheduledJobs } from '../../src/db/schema/jobs';
import { WEIGHT_REMINDER_JOB } from '../../src/modules/weight/reminders';
import { applicationName, JOB_TIMING, type Cluster } from './cluster';
import { pause, record } from './common';

// The scale test's job takeover: an instance SIGKILLed in the middle of a scheduled job leaves
// its claim (scheduled_jobs.locked_until); once the lease runs out, another instance claims
// the job and runs it to the end. To catch an instance mid-job, the test holds a lock on the
// table the weight reminder job reads first: the claimant's query waits there, and
// pg_stat_activity says which instance it is (each names its connections, cluster.ts).

const LETTERS = ['A', 'B', 'C'];
const table = getTableName(treatmentConfigurations);

async function until<T>(ms: number, probe: () => Promise<T | undefined>): Promise<T | undefined> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const found = await probe();
    if (found !== undefined) return found;
    await pause(50);
  }
  return undefined;
}

async function job(database: Database) {
  const [row] = await database.db
    .select()
    .from(scheduledJobs)
    .where(eq(scheduledJobs.name, WEIGHT_REMINDER_JOB));
  return row;
}

/** The instances (by index) whose job query waits on the test's lock. */
async function waiting(database: Database): Promise<number[]> {
  const result = await database.db.execute(
    sql`select application_name as name from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'
          and query like ${`%${table}%`}`,
  );
  return (result as { rows: { name: string }[] }).rows
    .map((row) => [0, 1, 2].find((i) => applicationName(i) === row.name))
    .filter((i): i is number => i !== undefined);
}

export async function jobTakeover(cluster: Cluster, database: Database): Promise<void> {
  const locker = new pg.Client({ connectionString: cluster.databaseUrl });
  await locker.connect();
  try {
    const before = await job(database);
    await locker.query('begin');
    await locker.query(`lock table ${table} in access exclusive mode`);
    // Due now: the first instance to tick claims the job and stops at the lock, mid-job.
    await database.db
      .update(scheduledJobs)
      .set({ nextRunAt: sql`now()` })
      .where(eq(scheduledJobs.name, WEIGHT_REMINDER_JOB));
    const [victim] = (await until(5_000, async () => {
      const found = await waiting(database);
      return found.length > 0 ? found : undefined;
    })) ?? [undefined];
    const claim = await job(database);
    if (victim === undefined || !claim?.lockedBy || !claim.lockedUntil) {
      record(
        'SIGKILL mid-job: another instance takes the job over after its lease',
        false,
        `no instance claimed ${WEIGHT_REMINDER_JOB} within 5 s (row: ${JSON.stringify(claim)})`,
      );
      return;
    }
    const instance = cluster.instances[victim]!;
    const killedAt = Date.now();
    instance.process.child.kill('SIGKILL');
    await instance.process.exited;

    // The claim stands until its lease ends; then another instance claims and runs the job.
    const retaken = await until(JOB_TIMING.leaseMs + 5_000, async () => {
      const row = await job(database);
      return row?.lockedBy && row.lockedBy !== claim.lockedBy ? row : undefined;
    });
    const takenAt = Date.now();
    const [taker] = (await until(2_000, async () => {
      const found = (await waiting(database)).filter((i) => i !== victim);
      return found.length > 0 ? found : undefined;
    })) ?? [undefined];
    await locker.query('commit');
    // The taker's run goes on once the lock is gone, and releases the job when it ends.
    const finished = await until(5_000, async () => {
      const row = await job(database);
      const started = retaken?.lastStartedAt;
      const ended = row?.lockedBy === null ? row.lastFinishedAt : null;
      return ended && started && ended >= started ? row : undefined;
    });

    const leaseEndsAfter = claim.lockedUntil.getTime() - killedAt;
    // The taker's claim, by its own clock: not before the victim's lease ended.
    const takeoverStarted = retaken?.lastStartedAt ?? null;
    record(
      `SIGKILL on ${LETTERS[victim]} mid-job: another instance takes the job over after its lease`,
      takeoverStarted !== null &&
        takeoverStarted >= claim.lockedUntil &&
        taker !== undefined &&
        finished !== undefined &&
        finished.lastError === null &&
        finished.runs === (before?.runs ?? 0) + 2 &&
        finished.nextRunAt > claim.lockedUntil,
      `${WEIGHT_REMINDER_JOB} claimed by ${LETTERS[victim]}, killed mid-job with ${leaseEndsAfter} ms of lease left; ` +
        (retaken && taker !== undefined
          ? `${LETTERS[taker]} claimed it ${takenAt - killedAt} ms after the kill `
          : `no other instance claimed it within ${takenAt - killedAt} ms of the kill `) +
        `(lease ${JOB_TIMING.leaseMs} ms, tick ${JOB_TIMING.tickMs} ms) and ${finished ? `finished it (claims ${before?.runs ?? 0} → ${finished.runs}, error ${finished.lastError ?? 'none'})` : 'did not finish it'}`,
    );
  } finally {
    await locker.end();
  }
}
