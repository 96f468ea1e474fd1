import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { productionEnv } from '../../apps/server/test/production-env';
import type { Benchmark } from './lib/benchmark';
import { fmt, goal, type Table } from './lib/report';
import { median, percentile } from './lib/stats';

// Issue 46: the compiled server (apps/server/dist, what production runs) from `node main.js`
// to its first 200 on /readyz, on PostgreSQL (the production database) and on the embedded
// PGlite. The database is migrated once beforehand, as a deploy does (`migrate.js`), so each
// start measures the server alone: loading the bundle and its packages, the config check,
// opening the pool, the readiness probe.

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(repo, 'apps/server/dist');
const STARTS = Number(process.env.BENCH_SERVER_STARTS ?? 7);
const GOAL_MS = 1500;

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

function node(script: string, env: Record<string, string>): void {
  const result = spawnSync(process.execPath, [path.join(dist, script)], {
    cwd: repo,
    env,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    const why = result.error ? String(result.error) : `exit ${String(result.status)}`;
    throw new Error(`node ${script} failed (${why}):\n${result.stdout}${result.stderr}`);
  }
}

/** One start: spawn, poll /readyz every 10 ms, stop with SIGTERM; the milliseconds to ready. */
async function timeOneStart(env: Record<string, string>, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(dist, 'main.js')], { cwd: repo, env });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const state: { exit: number | string | null } = { exit: null };
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code, signal) => {
      state.exit = code ?? signal;
      resolve();
    }),
  );
  try {
    for (;;) {
      if (state.exit !== null) throw new Error(`the server exited (${state.exit}):\n${output}`);
      if (performance.now() - started > 30_000) throw new Error(`not ready in 30 s:\n${output}`);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    if (state.exit === null) child.kill('SIGTERM');
    await exited;
  }
}

interface StartResult {
  label: string;
  median: number;
  p90: number;
  max: number;
  samples: number[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function measure(
  label: string,
  databaseUrl: string | undefined,
  progress: (message: string) => void,
): Promise<StartResult> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-start-'));
  try {
    const port = await freePort();
    const env = {
      PATH: path.dirname(process.execPath),
      HOME: os.tmpdir(),
      ...productionEnv({
        HOST: '127.0.0.1',
        PORT: String(port),
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
      }),
    };
    node('migrate.js', env);
    // One start that is not counted: the first read of the bundle and node_modules from disk.
    await timeOneStart(env, port);
    const samples: number[] = [];
    for (let i = 0; i < STARTS; i++) {
      samples.push(await timeOneStart(env, port));
      progress(`server start ${label}: ${i + 1}/${STARTS} ${fmt.ms(samples.at(-1) ?? 0)} ms`);
    }
    return {
      label,
      median: median(samples),
      p90: percentile(samples, 90),
      max: Math.max(...samples),
      samples,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export const serverStart: Benchmark = {
  id: 'server-start',
  title: 'Compiled server: start to /readyz',
  async run(ctx) {
    ctx.progress('server start: building apps/server/dist');
    const build = spawnSync(process.execPath, [path.join(repo, 'apps/server/build.mjs')], {
      cwd: repo,
      encoding: 'utf8',
    });
    if (build.status !== 0 || !existsSync(path.join(dist, 'main.js'))) {
      throw new Error(`the server build failed:\n${build.stdout}${build.stderr}`);
    }
    const results: StartResult[] = [];
    const notes: string[] = [];
    const adminUrl = ctx.settings.postgresUrl;
    if (adminUrl) {
      const name = `portal_bench_start_${randomBytes(6).toString('hex')}`;
      await adminQuery(adminUrl, `create database ${name}`);
      try {
        const target = new URL(adminUrl);
        target.pathname = `/${name}`;
        results.push(
          await measure('PostgreSQL', target.toString(), (message) => ctx.progress(message)),
        );
      } finally {
        await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      }
    } else {
      notes.push('PostgreSQL: no BENCH_DATABASE_URL / TEST_DATABASE_URL set, not measured.');
    }
    results.push(await measure('PGlite', undefined, (message) => ctx.progress(message)));
    const table: Table = {
      title: `node apps/server/dist/main.js (production settings) until /readyz answers 200; ${STARTS} starts after one uncounted`,
      headers: ['database', 'median ms', 'p90 ms', 'max ms', 'goal (PostgreSQL)'],
      rows: results.map((r) => [
        r.label,
        fmt.ms(r.median),
        fmt.ms(r.p90),
        fmt.ms(r.max),
        r.label === 'PostgreSQL' ? goal(r.max <= GOAL_MS, `max ≤ ${fmt.int(GOAL_MS)}`) : '',
      ]),
    };
    return { tables: [table], notes, data: results };
  },
};
