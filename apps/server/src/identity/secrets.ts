import { createHash, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. `algorithm: 2` is Argon2id. */
export const ARGON2_OPTIONS = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Argon2 checks run on libuv's thread pool (config.threadPoolSize: 4 threads unless
 * UV_THREADPOOL_SIZE says otherwise), which also checks access tokens (jose, WebCrypto) and
 * reads files. Many more checks at once than cores only queues them, with every data API
 * request's token check behind them, and starves the event loop of CPU: so at most one check
 * per core and one more run, the rest wait here in order, and a pool thread stays free (a
 * machine with more cores than the pool has threads gets a slot per thread but one). The one more keeps the cores busy while the event loop, busy with something
 * else (on PGlite, the database itself), has yet to hand a finished check's slot to the next.
 * Measured (issue 16, 2 cores, `BENCH_ONLY=sign-in npm run bench` and a /healthz probe every
 * 20 ms during the sign-in load): 3 slots against 2 gave sign-ins ÷ the bare check 0.83× vs
 * 0.77× on PGlite and 0.81× vs 0.84× on PostgreSQL (within its run-to-run spread), and the
 * probe p50 3.3–3.5 vs 2.0–2.3 ms, p99 18–19 vs 14 ms.
 */
export function argon2SlotsFor(poolThreads: number, cores = availableParallelism()): number {
  return Math.max(1, Math.min(cores + 1, poolThreads - 1));
}

/** libuv's pool size when UV_THREADPOOL_SIZE is unset. */
const DEFAULT_POOL_THREADS = 4;

/** At most `size` pieces of work at once; the rest wait their turn in order. */
export function slotQueue(initialSize: number) {
  let size = initialSize;
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    get size() {
      return size;
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    /** A new size; a larger one lets waiting work start at once. */
    resize(next: number) {
      size = next;
      while (running < size && waiting.length > 0) {
        running += 1;
        waiting.shift()?.();
      }
    },
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running < size) running += 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        // Hand the slot to the next waiting work, or give it back (and so shrink, if resized).
        const next = running <= size ? waiting.shift() : undefined;
        if (next) next();
        else running -= 1;
      }
    },
  };
}

/**
 * The argon2 checks' queue, one per process as libuv's pool is: sized for the default pool
 * until the composition root passes the configured size (useThreadPoolSize).
 */
export const argon2Slots = slotQueue(argon2SlotsFor(DEFAULT_POOL_THREADS));

/** Sizes the argon2 queue for the process's thread pool (config.threadPoolSize). */
export function useThreadPoolSize(poolThreads: number): void {
  argon2Slots.resize(argon2SlotsFor(poolThreads));
}

export function hashPassword(password: string): Promise<string> {
  return argon2Slots.run(() => hash(password, ARGON2_OPTIONS));
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await argon2Slots.run(() => verify(stored, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spend the same time on an unknown email as on a wrong password, so timing tells nothing. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-1A');
  await verifyPassword(await dummyHash, password);
}

/** Codes and refresh tokens: 256 random bits, sent once, stored only as a SHA-256 hash. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
