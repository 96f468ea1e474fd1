import autocannon from 'autocannon';
import { median } from './stats';
import { cpuPer, cpuReading, type CpuTicks } from './thread-cpu';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  /** Base URL, e.g. http://127.0.0.1:3201. */
  url: string;
  /** One request, or several that each connection cycles through. */
  requests: LoadRequest[];
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** Every response body must equal this (one request only); others count as mismatches. */
  expectBody?: string;
}

export interface LoadResult {
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; mean: number; max: number };
  completed: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  mismatches: number;
  statusCodes: Record<string, number>;
  durationSeconds: number;
  /** CPU per completed request during the measured run, by thread kind (thread-cpu.ts). */
  cpuMsPerRequest?: CpuTicks | undefined;
}

function fire(options: LoadOptions, durationSeconds: number) {
  const common = {
    connections: options.connections,
    duration: durationSeconds,
    // One worker thread: the load generator gets its own event loop instead of sharing the
    // server's (the app runs in this process).
    workers: 1,
  };
  const [only, ...more] = options.requests;
  if (only && more.length === 0) {
    // One request: autocannon can then also check every response body (expectBody).
    return autocannon({
      ...common,
      url: options.url + only.path,
      method: only.method,
      headers: only.headers ?? {},
      ...(only.body === undefined ? {} : { body: only.body }),
      ...(options.expectBody === undefined ? {} : { expectBody: options.expectBody }),
    });
  }
  if (options.expectBody !== undefined) throw new Error('expectBody needs exactly one request');
  return autocannon({
    ...common,
    url: options.url,
    requests: options.requests.map((r) => ({
      method: r.method,
      path: r.path,
      headers: r.headers ?? {},
      ...(r.body === undefined ? {} : { body: r.body }),
    })),
  });
}

/** A discarded warm-up run (JIT, connection pools, query caches), then the measured run. */
export async function measureLoad(options: LoadOptions): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await fire(options, options.warmupSeconds);
  const cpuBefore = cpuReading();
  const result = await fire(options, options.durationSeconds);
  const cpuAfter = cpuReading();
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statusCodes[code] = stat.count ?? 0;
  }
  const completed = result.requests.total;
  return {
    // Completed responses over the run's length (autocannon's per-second average can be off
    // by a partial last second).
    requestsPerSecond: completed / result.duration,
    latencyMs: {
      p50: result.latency.p50,
      p99: result.latency.p99,
      mean: result.latency.mean,
      max: result.latency.max,
    },
    completed,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    mismatches: result.mismatches,
    statusCodes,
    durationSeconds: result.duration,
    cpuMsPerRequest: cpuPer(cpuBefore, cpuAfter, completed),
  };
}

/** "" when every response was 2xx, else a short description of what went wrong. */
export function loadProblems(result: LoadResult): string {
  const parts: string[] = [];
  if (result.non2xx) {
    const codes = Object.entries(result.statusCodes)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, n]) => `${n}×${code}`)
      .join(', ');
    parts.push(`${result.non2xx} non-2xx (${codes})`);
  }
  if (result.errors) parts.push(`${result.errors} errors`);
  if (result.timeouts) parts.push(`${result.timeouts} timeouts`);
  if (result.mismatches) parts.push(`${result.mismatches} unexpected bodies`);
  return parts.join('; ');
}

/**
 * Several runs of one request as one result: requests over seconds in all of them, latency
 * percentiles and counts as the median, the max and the sums of theirs.
 */
export function combine(runs: LoadResult[]): LoadResult {
  const sum = (pick: (r: LoadResult) => number) => runs.reduce((a, r) => a + pick(r), 0);
  const mid = (pick: (r: LoadResult) => number) => median(runs.map(pick));
  const statusCodes: Record<string, number> = {};
  for (const run of runs) {
    for (const [code, n] of Object.entries(run.statusCodes)) {
      statusCodes[code] = (statusCodes[code] ?? 0) + n;
    }
  }
  const durationSeconds = sum((r) => r.durationSeconds);
  const completed = sum((r) => r.completed);
  return {
    requestsPerSecond: completed / durationSeconds,
    latencyMs: {
      p50: mid((r) => r.latencyMs.p50),
      p99: mid((r) => r.latencyMs.p99),
      mean: mid((r) => r.latencyMs.mean),
      max: Math.max(...runs.map((r) => r.latencyMs.max)),
    },
    completed,
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    mismatches: sum((r) => r.mismatches),
    statusCodes,
    durationSeconds,
  };
}
