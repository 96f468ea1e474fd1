import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledJobs } from '../../db/schema/jobs';
import { startTestServer, type TestServer } from '../../../test/harness';
import { JobScheduler, type JobDefinition } from './scheduler';

// The scheduler over scheduled_jobs on the real database (PGlite, or PostgreSQL when
// TEST_DATABASE_URL is set): two runners claim a due job once; a dead runner's lease runs out
// and another takes the job; a failing job is recorded and runs again when next due.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const MINUTE = 60_000;

function runner(errors: unknown[] = []) {
  return new JobScheduler(server.database.db, server.clock, {
    error: (object) => errors.push(object),
  });
}

/** A job whose run waits until released, counting its starts. */
function gatedJob(name: string, extra: Partial<JobDefinition> = {}) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const job = {
    starts: 0,
    release: () => release(),
    definition: {
      name,
      everyMs: 60 * MINUTE,
      run: async () => {
        job.starts += 1;
        await gate;
      },
      ...extra,
    } satisfies JobDefinition,
  };
  return job;
}

async function row(name: string) {
  const [found] = await server.database.db
    .select()
    .from(scheduledJobs)
    .where(eq(scheduledJobs.name, name));
  return found;
}

describe('the job scheduler', () => {
  it('a due job is claimed by one of two runners at once, and runs once', async () => {
    server.clock.set('2026-05-01T10:00:00Z');
    const job = gatedJob('test-claim-once');
    const a = runner();
    const b = runner();
    a.register(job.definition);
    b.register(job.definition);
    const both = Promise.all([a.runDue(), b.runDue()]);
    // Release the run only once it has started (whichever runner claimed it); the other
    // runner's claim meets either the lease or, after the run, the next due time.
    while (job.starts === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    job.release();
    const [ranA, ranB] = await both;
    expect([...ranA, ...ranB]).toEqual(['test-claim-once']);
    expect(job.starts).toBe(1);
    expect(await row('test-claim-once')).toMatchObject({
      runs: 1,
      lockedBy: null,
      lockedUntil: null,
      nextRunAt: new Date('2026-05-01T11:00:00Z'),
    });
    // Not due again until the next hour on the server's clock.
    expect(await a.runDue()).toEqual([]);
    server.clock.advance(60 * MINUTE);
    job.release();
    expect(await b.runDue()).toEqual(['test-claim-once']);
  });

  it('a runner that stops mid-job keeps its claim until the lease ends; then another takes it', async () => {
    server.clock.set('2026-05-02T10:00:00Z');
    const stuck = gatedJob('test-lease', { leaseMs: 5 * MINUTE });
    const a = runner();
    a.register(stuck.definition);
    // A starts and never finishes (as a process killed mid-job would).
    const abandoned = a.runDue();
    while (stuck.starts === 0) await new Promise((resolve) => setTimeout(resolve, 10));

    const next = gatedJob('test-lease', { leaseMs: 5 * MINUTE });
    next.release();
    const b = runner();
    b.register(next.definition);
    server.clock.advance(4 * MINUTE);
    expect(await b.runDue()).toEqual([]);
    expect(next.starts).toBe(0);
    server.clock.advance(2 * MINUTE);
    expect(await b.runDue()).toEqual(['test-lease']);
    expect(next.starts).toBe(1);
    expect(await row('test-lease')).toMatchObject({ runs: 2, lockedBy: null, lastError: null });
    // The first runner's late finish does not touch the row B now owns.
    const before = await row('test-lease');
    stuck.release();
    await abandoned;
    expect(await row('test-lease')).toEqual(before);
  });

  it('a started scheduler ticks and claims as configured (JOBS_TICK_MS, JOBS_LEASE_MS)', async () => {
    server.clock.set('2026-05-04T10:00:00Z');
    const claimedFor = async (timing: Parameters<JobScheduler['start']>[0], name: string) => {
      const job = gatedJob(name);
      const a = runner();
      a.register(job.definition);
      a.start(timing);
      const until = Date.now() + 5_000;
      while (job.starts === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
      const claim = await row(name);
      job.release();
      await a.stop();
      return claim?.lockedUntil ? claim.lockedUntil.getTime() - server.clock.now().getTime() : 0;
    };
    // A 50 ms tick finds the due job at once (the default looks every 30 s).
    expect(await claimedFor({ tickMs: 50, leaseMs: 3_000 }, 'test-timing-set')).toBe(3_000);
    expect(await claimedFor({ tickMs: 50 }, 'test-timing-default')).toBe(5 * MINUTE);
  });

  it('a failing job is logged, kept with its error, and runs again when next due', async () => {
    server.clock.set('2026-05-03T10:00:00Z');
    const errors: unknown[] = [];
    let calls = 0;
    const a = runner(errors);
    a.register({
      name: 'test-retry',
      everyMs: 15 * MINUTE,
      run: () => {
        calls += 1;
        return calls === 1 ? Promise.reject(new Error('gateway unreachable')) : Promise.resolve();
      },
    });
    expect(await a.runDue()).toEqual(['test-retry']);
    expect(errors).toHaveLength(1);
    expect(await row('test-retry')).toMatchObject({
      lastError: 'gateway unreachable',
      lockedUntil: null,
      nextRunAt: new Date('2026-05-03T10:15:00Z'),
    });
    expect(await a.runDue()).toEqual([]);
    server.clock.advance(15 * MINUTE);
    expect(await a.runDue()).toEqual(['test-retry']);
    expect(calls).toBe(2);
    expect(await row('test-retry')).toMatchObject({ lastError: null, runs: 2 });
  });
});
