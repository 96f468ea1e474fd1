import os from 'node:os';

/** Everything the bench reads from the environment, parsed once. */
export interface BenchSettings {
  /** Seconds each measured load run lasts (autocannon runs; raw loops take half). */
  durationSeconds: number;
  /** Seconds of discarded load before each measured run. */
  warmupSeconds: number;
  /** Concurrent HTTP connections per load run. */
  connections: number;
  /** Customers seeded into each database. */
  customers: number;
  /** PostgreSQL server to create a throwaway database on; PGlite only when absent. */
  postgresUrl: string | undefined;
  /** Benchmark ids to run (BENCH_ONLY=a,b); all when empty. */
  only: string[];
  cpus: number;
}

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  }
  return value;
}

export function readSettings(): BenchSettings {
  const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
  return {
    durationSeconds: positiveNumber('BENCH_DURATION_SECONDS', 10),
    warmupSeconds: positiveNumber('BENCH_WARMUP_SECONDS', 2),
    connections: Math.round(positiveNumber('BENCH_CONNECTIONS', 10)),
    customers: Math.round(positiveNumber('BENCH_CUSTOMERS', 1000)),
    postgresUrl,
    only: (process.env.BENCH_ONLY ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    cpus: os.cpus().length,
  };
}
