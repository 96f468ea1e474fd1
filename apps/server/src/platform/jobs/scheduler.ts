import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scheduledJobs } from '../../db/schema/jobs';
import type { Clock } from '../clock';

/*
 * A small clock-driven job scheduler over the scheduled_jobs table (docs/architecture.md,
 * "Billing: renewals"). Chosen over pg-boss and graphile-worker after measuring on PGlite:
 * pg-boss 10 does start on PGlite through its `db.executeSql` adapter (16 s to start, 40 of 50
 * jobs done in 20 s), but it schedules by the database's now(), so tests cannot move its time;
 * graphile-worker needs a pg Pool with LISTEN/NOTIFY, which the embedded PGlite does not offer.
 *
 * Due means next_run_at <= clock.now(), the server's clock (tests move it). A runner claims a
 * due job with one conditional UPDATE … RETURNING (due, and no lease or an expired one): the
 * row lock makes concurrent claims on PostgreSQL serialise and all but one find the condition
 * false, the same outcome as SELECT … FOR UPDATE SKIP LOCKED without holding a transaction
 * open while the job runs (PGlite has one connection). A runner that dies mid-job leaves a
 * lease that runs out; the job itself must be safe to run twice (renewals are, by key).
 */

export interface JobDefinition {
  name: string;
  /** How long after a run starts the next one is due. */
  everyMs: number;
  /** A run longer than this loses its claim (another runner may start it). */
  leaseMs?: number;
  run: () => Promise<unknown>;
}

/** How often a started scheduler looks for due jobs (real time), unless JOBS_TICK_MS says. */
export const JOBS_TICK_MS = 30_000;
/** How long a claim lasts for a job that names no lease of its own, unless JOBS_LEASE_MS says. */
export const JOBS_LEASE_MS = 5 * 60_000;

export interface JobTiming {
  tickMs?: number | undefined;
  leaseMs?: number | undefined;
}

export interface JobLogger {
  error(object: unknown, message: string): void;
}

export class JobScheduler {
  private readonly jobs = new Map<string, JobDefinition>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private readonly runnerId = randomUUID();
  private leaseMs = JOBS_LEASE_MS;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly logger: JobLogger,
  ) {}

  register(job: JobDefinition): void {
    this.jobs.set(job.name, job);
  }

  /**
   * Starts ticking (real time); each tick runs the jobs due by the server's clock. The timing
   * comes from the configuration (JOBS_TICK_MS, JOBS_LEASE_MS), the defaults above otherwise.
   */
  start(timing: JobTiming = {}): void {
    if (this.timer) return;
    const tickMs = timing.tickMs ?? JOBS_TICK_MS;
    this.leaseMs = timing.leaseMs ?? JOBS_LEASE_MS;
    this.timer = setInterval(() => {
      if (this.ticking) return;
      this.ticking = this.runDue()
        .then(() => undefined)
        .catch((error: unknown) => this.logger.error({ err: error }, 'job tick failed'))
        .finally(() => {
          this.ticking = undefined;
        });
    }, tickMs);
    this.timer.unref();
  }

  /** Stops ticking and waits for a running tick to finish. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.ticking;
  }

  /**
   * The jobs due by the server's clock and claimed by no runner (the queue /metrics reports),
   * and those a runner holds a live claim on, across every instance.
   */
  async queueDepth(): Promise<{ due: number; running: number }> {
    const now = sql`${this.clock.now().toISOString()}::timestamptz`;
    const [row] = await this.db
      .select({
        due: sql<number>`count(*) filter (where ${scheduledJobs.nextRunAt} <= ${now} and (${scheduledJobs.lockedUntil} is null or ${scheduledJobs.lockedUntil} <= ${now}))::int`,
        running: sql<number>`count(*) filter (where ${scheduledJobs.lockedUntil} > ${now})::int`,
      })
      .from(scheduledJobs);
    return { due: Number(row?.due ?? 0), running: Number(row?.running ?? 0) };
  }

  /** Runs every job that is due and not claimed elsewhere; answers the names it ran. */
  async runDue(): Promise<string[]> {
    const ran: string[] = [];
    for (const job of this.jobs.values()) {
      if (await this.runIfDue(job)) ran.push(job.name);
    }
    return ran;
  }

  private async runIfDue(job: JobDefinition): Promise<boolean> {
    const now = this.clock.now();
    await this.db
      .insert(scheduledJobs)
      .values({ name: job.name, nextRunAt: now })
      .onConflictDoNothing();
    const [claimed] = await this.db
      .update(scheduledJobs)
      .set({
        lockedUntil: new Date(now.getTime() + (job.leaseMs ?? this.leaseMs)),
        lockedBy: this.runnerId,
        lastStartedAt: now,
        runs: sql`${scheduledJobs.runs} + 1`,
      })
      .where(
        and(
          eq(scheduledJobs.name, job.name),
          lte(scheduledJobs.nextRunAt, now),
          or(isNull(scheduledJobs.lockedUntil), lte(scheduledJobs.lockedUntil, now)),
        ),
      )
      .returning({ name: scheduledJobs.name });
    if (!claimed) return false;
    let lastError: string | null = null;
    try {
      await job.run();
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
      this.logger.error({ err: error, job: job.name }, 'scheduled job failed');
    }
    await this.db
      .update(scheduledJobs)
      .set({
        nextRunAt: new Date(now.getTime() + job.everyMs),
        lockedUntil: null,
        lockedBy: null,
        lastFinishedAt: this.clock.now(),
        lastError,
      })
      .where(and(eq(scheduledJobs.name, job.name), eq(scheduledJobs.lockedBy, this.runnerId)));
    return true;
  }
}
