import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The clock-driven scheduler's jobs (platform/jobs): one row per recurring job. A runner
 * claims a due job with one conditional UPDATE (next run due, no live lease), so however many
 * instances tick at once, one runs it; a crashed runner's lease runs out and another takes it.
 */
export const scheduledJobs = pgTable('scheduled_jobs', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lockedBy: text('locked_by'),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
  lastError: text('last_error'),
  runs: integer('runs').notNull().default(0),
});
