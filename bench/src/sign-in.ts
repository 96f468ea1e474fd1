import { createRequire } from 'node:module';
import { verify } from '@node-rs/argon2';
import { ARGON2_OPTIONS, ARGON2_SLOTS, hashPassword } from '../../apps/server/src/identity/secrets';
import type { Benchmark } from './lib/benchmark';
import { loadProblems, measureLoad, type LoadRequest } from './lib/load';
import { fmt, fmtRatio, ratio, type Table } from './lib/report';
import { BENCH_PASSWORD } from './lib/seed';
import { signIn as signInOnce } from './lib/session';
import { mean, percentile } from './lib/stats';

/** Seeded users the HTTP run signs in, in turn. */
const SIGN_IN_USERS = 50;
/** Issue 16: HTTP sign-ins ≥ 0.8× the bare argon2id check at the same concurrency. */
const GOAL_RATIO = 0.8;

interface LoopResult {
  concurrency: number;
  verifications: number;
  seconds: number;
  perSecond: number;
  latencyMs: { p50: number; p99: number; mean: number };
}

/**
 * The bare argon2id check (@node-rs/argon2's verify, not the app's verifyPassword and its
 * one-check-per-core queue) back to back from `concurrency` loops for `seconds`.
 */
async function verifyLoop(hash: string, concurrency: number, seconds: number): Promise<LoopResult> {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t = performance.now();
      if (!(await verify(hash, BENCH_PASSWORD))) throw new Error('verify returned false');
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  return {
    concurrency,
    verifications: latencies.length,
    seconds: elapsed,
    perSecond: latencies.length / elapsed,
    latencyMs: {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      mean: mean(latencies),
    },
  };
}

function argon2Version(): string {
  try {
    const require = createRequire(import.meta.url);
    return (require('@node-rs/argon2/package.json') as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

export const signIn: Benchmark = {
  id: 'sign-in',
  title: 'Sign-ins per second (argon2id password check)',
  async run(ctx) {
    const { settings } = ctx;
    const loopSeconds = settings.durationSeconds / 2;
    const threadpool = Number(process.env.UV_THREADPOOL_SIZE) || 4;

    const hashStarted = performance.now();
    const hash = await hashPassword(BENCH_PASSWORD);
    const hashMs = performance.now() - hashStarted;
    await verify(hash, BENCH_PASSWORD); // warm the native module

    // 1, os.cpus().length, and as many as the HTTP run keeps in flight (its connections).
    const levels = [...new Set([1, settings.cpus, settings.connections])];
    const loops: LoopResult[] = [];
    for (const level of levels) {
      ctx.progress(`verifyPassword: ${level} concurrent for ${loopSeconds} s`);
      loops.push(await verifyLoop(hash, level, loopSeconds));
    }
    const concurrent = loops.find((l) => l.concurrency === settings.cpus) ?? loops[0]!;

    const table: Table = {
      headers: [
        'Path',
        'concurrency',
        'sign-ins/s',
        'p50 ms',
        'p99 ms',
        `÷ raw ${settings.cpus}-concurrent`,
        '÷ raw, same concurrency, just before',
        'goal',
        'problems',
      ],
      rows: loops.map((loop) => [
        'argon2 verify() in a loop (bare)',
        String(loop.concurrency),
        fmt.rate(loop.perSecond),
        fmt.ms(loop.latencyMs.p50),
        fmt.ms(loop.latencyMs.p99),
        fmtRatio(ratio(loop.perSecond, concurrent.perSecond)),
        '',
        '',
        '-',
      ]),
      leftAligned: [0, 7, 8],
    };

    const http: Record<string, unknown>[] = [];
    for (const portal of await ctx.portals()) {
      const users = portal.seed.customers.slice(1, 1 + SIGN_IN_USERS);
      const first = users[0];
      if (!first) throw new Error('not enough seeded users for the sign-in run');
      await signInOnce(portal.url, first.email, BENCH_PASSWORD); // fails loudly if sign-in is broken
      const requests: LoadRequest[] = users.map((u) => ({
        method: 'POST',
        path: '/identity/sign-in',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: u.email, password: BENCH_PASSWORD }),
      }));
      // The bare check at the HTTP run's concurrency, right before it: both meet the same load
      // from elsewhere on a shared machine.
      ctx.progress(`${portal.label}: bare verify, ${settings.connections} concurrent`);
      const bare = await verifyLoop(hash, settings.connections, loopSeconds);
      table.rows.push([
        `argon2 verify() in a loop (bare, before ${portal.label})`,
        String(bare.concurrency),
        fmt.rate(bare.perSecond),
        fmt.ms(bare.latencyMs.p50),
        fmt.ms(bare.latencyMs.p99),
        fmtRatio(ratio(bare.perSecond, concurrent.perSecond)),
        '',
        '',
        '-',
      ]);
      ctx.progress(`${portal.label}: POST /identity/sign-in for ${settings.durationSeconds} s`);
      const result = await measureLoad({
        url: portal.url,
        requests,
        connections: settings.connections,
        durationSeconds: settings.durationSeconds,
        warmupSeconds: settings.warmupSeconds,
      });
      const sameConcurrency = ratio(result.requestsPerSecond, bare.perSecond);
      table.rows.push([
        `POST /identity/sign-in (${portal.label})`,
        `${settings.connections} conns`,
        fmt.rate(result.requestsPerSecond),
        fmt.ms(result.latencyMs.p50),
        fmt.ms(result.latencyMs.p99),
        fmtRatio(ratio(result.requestsPerSecond, concurrent.perSecond)),
        fmtRatio(sameConcurrency),
        `≥ ${GOAL_RATIO}× ${sameConcurrency >= GOAL_RATIO ? 'met' : 'NOT met'}`,
        loadProblems(result) || '-',
      ]);
      http.push({
        database: portal.label,
        users: users.length,
        bare,
        ratioToBareSameConcurrency: sameConcurrency,
        ...result,
      });
    }

    const options = Object.entries(ARGON2_OPTIONS)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ');
    return {
      tables: [table],
      notes: [
        `ARGON2_OPTIONS (apps/server/src/identity/secrets.ts): ${options} (algorithm 2 = Argon2id; memoryCost in KiB). @node-rs/argon2 ${argon2Version()}; one hashPassword took ${fmt.ms(hashMs)} ms.`,
        `argon2 runs on the libuv thread pool (UV_THREADPOOL_SIZE=${threadpool}); raw loops call @node-rs/argon2's verify directly for ${fmt.seconds(loopSeconds)} each at concurrency 1, os.cpus().length = ${settings.cpus} and ${settings.connections} (what the HTTP run keeps in flight), and again at ${settings.connections} just before each HTTP run (the baseline of "÷ raw, same concurrency", the goal's ratio). The app's verifyPassword lets at most ${ARGON2_SLOTS} checks (os.availableParallelism()) run at once and queues the rest, so the pool keeps threads free for access-token checks (jose, WebCrypto) and the event loop keeps CPU; ID tokens are signed with node:crypto on the calling thread.`,
        `HTTP: autocannon cycles through ${SIGN_IN_USERS} seeded users with the right password. The identity rate limiter (10/email, 30/IP per 15 min) is OFF: the app is built with an identity limiter that always lets the attempt go on. The global @fastify/rate-limit hook (600/min per address) is bypassed too, for every row of this report.`,
        'Each HTTP sign-in also reads the user, queues an audit row (the batched audit log), writes a session and its refresh token (one statement), and signs an ID token (ES256).',
      ],
      data: {
        argon2Options: ARGON2_OPTIONS,
        argon2Package: argon2Version(),
        argon2Slots: ARGON2_SLOTS,
        hashMs,
        threadpool,
        raw: loops,
        http,
      },
    };
  },
};
