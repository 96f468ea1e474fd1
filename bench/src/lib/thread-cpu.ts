import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/**
 * CPU time by thread kind, from Linux's /proc (user + system, in clock ticks of 10 ms): this
 * process's main thread (the server's event loop), libuv's pool (argon2 runs there), V8's own
 * helpers (GC, compilers), and every `postgres` process on the machine (the bench's database
 * is the only busy one). Where CPU goes when a row falls short of its goal; a shared machine's
 * other load shows only in wall time. Undefined where /proc is not there.
 */
export interface CpuTicks {
  main: number;
  pool: number;
  v8: number;
  postgres: number;
}

const TICK_MS = 10;

function ticks(statFile: string): number {
  try {
    const stat = readFileSync(statFile, 'utf8');
    // Fields after "(comm)": state is 3rd, utime the 14th and stime the 15th of the whole line.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0; // a thread or process that ended between the listing and the read
  }
}

function comm(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}

type Kind = keyof CpuTicks;

/**
 * One reading: each thread's and each postgres process's ticks so far, by id. A run's CPU is
 * the sum of each one's own change (cpuPer), so a process that ends during the run (pg-pool
 * closes a connection idle for 10 s) does not take its earlier ticks off the run's total.
 */
export interface CpuReading {
  ticks: Map<string, { kind: Kind; ticks: number }>;
}

/** This process's threads that count: the event loop, libuv's pool and V8's helpers. */
function threadKind(tid: string, name: string): Kind | null {
  if (tid === String(process.pid)) return 'main';
  if (name.startsWith('libuv-worker')) return 'pool';
  if (name.startsWith('V8')) return 'v8';
  return null;
}

export function cpuReading(): CpuReading | undefined {
  if (os.platform() !== 'linux') return undefined;
  const self = `/proc/${process.pid}/task`;
  const reading: CpuReading = { ticks: new Map() };
  try {
    for (const tid of readdirSync(self)) {
      const kind = threadKind(tid, comm(`${self}/${tid}/comm`));
      if (kind) reading.ticks.set(`task ${tid}`, { kind, ticks: ticks(`${self}/${tid}/stat`) });
    }
    for (const pid of readdirSync('/proc')) {
      if (/^\d+$/.test(pid) && comm(`/proc/${pid}/comm`).startsWith('postgres')) {
        reading.ticks.set(`process ${pid}`, {
          kind: 'postgres',
          ticks: ticks(`/proc/${pid}/stat`),
        });
      }
    }
  } catch {
    return undefined;
  }
  return reading;
}

/**
 * Milliseconds of CPU per unit of work between two readings, by thread kind: each thread's and
 * process's change summed. One that started in between counts in full; one that ended in
 * between is missing from `after`, and what it used after `before` is lost (an undercount).
 */
export function cpuPer(
  before: CpuReading | undefined,
  after: CpuReading | undefined,
  units: number,
): CpuTicks | undefined {
  if (!before || !after || units <= 0) return undefined;
  const used: CpuTicks = { main: 0, pool: 0, v8: 0, postgres: 0 };
  for (const [id, now] of after.ticks) {
    const then = before.ticks.get(id);
    // A reused id (another process since) has started again from zero.
    const same = then !== undefined && then.kind === now.kind && then.ticks <= now.ticks;
    used[now.kind] += now.ticks - (same ? then.ticks : 0);
  }
  const per = (n: number) => (n * TICK_MS) / units;
  return {
    main: per(used.main),
    pool: per(used.pool),
    v8: per(used.v8),
    postgres: per(used.postgres),
  };
}

/** "main 2.3 · argon2 pool 12.1 · V8 0.5 · postgres 1.1 ms" */
export function formatCpu(cpu: CpuTicks | undefined): string {
  if (!cpu) return 'n/a (no /proc)';
  const ms = (n: number) => n.toFixed(2);
  return `main ${ms(cpu.main)} · libuv pool ${ms(cpu.pool)} · V8 helpers ${ms(cpu.v8)} · postgres ${ms(cpu.postgres)} ms`;
}
