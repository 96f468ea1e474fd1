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

export function cpuTicks(): CpuTicks | undefined {
  if (os.platform() !== 'linux') return undefined;
  const self = `/proc/${process.pid}/task`;
  const result: CpuTicks = { main: 0, pool: 0, v8: 0, postgres: 0 };
  try {
    for (const tid of readdirSync(self)) {
      const used = ticks(`${self}/${tid}/stat`);
      const name = comm(`${self}/${tid}/comm`);
      if (tid === String(process.pid)) result.main += used;
      else if (name.startsWith('libuv-worker')) result.pool += used;
      else if (name.startsWith('V8')) result.v8 += used;
    }
    for (const pid of readdirSync('/proc')) {
      if (/^\d+$/.test(pid) && comm(`/proc/${pid}/comm`).startsWith('postgres')) {
        result.postgres += ticks(`/proc/${pid}/stat`);
      }
    }
  } catch {
    return undefined;
  }
  return result;
}

/** Milliseconds of CPU per unit of work between two readings, by thread kind. */
export function cpuPer(
  before: CpuTicks | undefined,
  after: CpuTicks | undefined,
  units: number,
): CpuTicks | undefined {
  if (!before || !after || units <= 0) return undefined;
  // A thread or process that ended in between takes its ticks with it: never below zero.
  const per = (pick: (t: CpuTicks) => number) =>
    (Math.max(0, pick(after) - pick(before)) * TICK_MS) / units;
  return {
    main: per((t) => t.main),
    pool: per((t) => t.pool),
    v8: per((t) => t.v8),
    postgres: per((t) => t.postgres),
  };
}

/** "main 2.3 · argon2 pool 12.1 · V8 0.5 · postgres 1.1 ms" */
export function formatCpu(cpu: CpuTicks | undefined): string {
  if (!cpu) return 'n/a (no /proc)';
  const ms = (n: number) => n.toFixed(2);
  return `main ${ms(cpu.main)} · libuv pool ${ms(cpu.pool)} · V8 helpers ${ms(cpu.v8)} · postgres ${ms(cpu.postgres)} ms`;
}
