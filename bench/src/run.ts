import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { appointmentBookings } from './appointment-bookings';
import { appointmentHolds } from './appointment-holds';
import { appointmentSlots } from './appointment-slots';
import { billingBench } from './billing';
import { careQueue } from './care-queue';
import { graphqlVsSql } from './graphql-vs-sql';
import { lighthouseBench } from './lighthouse';
import { liveUpdates } from './live-updates';
import type { BenchContext, Benchmark } from './lib/benchmark';
import { postgresAnswers, startPortal, type PortalServer } from './lib/portal';
import { fmt, formatTable, heading, type SectionResult } from './lib/report';
import { readSettings } from './lib/settings';
import { serverStart } from './server-start';
import { signIn } from './sign-in';
import { timeToHome } from './time-to-home';
import { webBundle } from './web-bundle';

/** Every benchmark, in run order. A new one is a new file plus one line here. */
const BENCHMARKS: Benchmark[] = [
  graphqlVsSql,
  signIn,
  webBundle,
  timeToHome,
  lighthouseBench,
  liveUpdates,
  appointmentSlots,
  appointmentBookings,
  appointmentHolds,
  billingBench,
  careQueue,
  serverStart,
];

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const resultsFile = path.join(benchDir, 'results', 'latest.json');

function progress(message: string): void {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** host:port/db of a URL, without credentials. */
function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return '(unparseable URL)';
  }
}

function gitCommit(): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: benchDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

/** latest.json as prettier writes it: the root ignore files do not list bench/results. */
async function prettierJson(json: string): Promise<string> {
  try {
    const prettier = await import('prettier');
    const options = await prettier.resolveConfig(resultsFile);
    return await prettier.format(json, { ...options, filepath: resultsFile });
  } catch {
    return `${json}\n`;
  }
}

async function main(): Promise<number> {
  const settings = readSettings();
  const selected = settings.only.length
    ? BENCHMARKS.filter((b) => settings.only.includes(b.id))
    : BENCHMARKS;
  if (selected.length === 0) {
    throw new Error(`BENCH_ONLY matched nothing; ids: ${BENCHMARKS.map((b) => b.id).join(', ')}`);
  }
  const startedAt = new Date();
  const loadBefore = os.loadavg();
  const backendNotes: string[] = [];

  const started: PortalServer[] = [];
  let portals: Promise<PortalServer[]> | undefined;
  const extensions = selected.flatMap((b) => (b.extendApp ? [b.extendApp] : []));
  const startPortals = async (): Promise<PortalServer[]> => {
    progress(`starting the app on PGlite, seeding ${settings.customers} customers`);
    started.push(await startPortal({ kind: 'pglite' }, settings.customers, extensions));
    if (!settings.postgresUrl) {
      backendNotes.push('PostgreSQL: not run (set BENCH_DATABASE_URL or TEST_DATABASE_URL).');
    } else {
      const problem = await postgresAnswers(settings.postgresUrl);
      if (problem) {
        backendNotes.push(
          `PostgreSQL: not run, ${describeUrl(settings.postgresUrl)} did not answer (${problem}).`,
        );
      } else {
        progress(`starting the app on PostgreSQL (${describeUrl(settings.postgresUrl)})`);
        started.push(
          await startPortal(
            { kind: 'postgres', adminUrl: settings.postgresUrl },
            settings.customers,
            extensions,
          ),
        );
      }
    }
    return started;
  };
  const closeAll = async () => {
    for (const portal of started.splice(0)) {
      await portal.close().catch((error: unknown) => progress(`cleanup failed: ${String(error)}`));
    }
  };
  const onSignal = (signal: NodeJS.Signals) => {
    progress(`${signal}: dropping bench databases`);
    void closeAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const ctx: BenchContext = {
    settings,
    portals: () => (portals ??= startPortals()),
    progress,
  };

  const sections: { benchmark: Benchmark; result?: SectionResult; error?: string }[] = [];
  let setup: {
    database: string;
    setupSeconds: Record<string, number>;
    seededRows: Record<string, number>;
  }[] = [];
  try {
    for (const benchmark of selected) {
      progress(`== ${benchmark.title}`);
      try {
        sections.push({ benchmark, result: await benchmark.run(ctx) });
      } catch (error) {
        const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
        progress(`${benchmark.id} failed: ${message}`);
        sections.push({ benchmark, error: message.split('\n')[0] ?? message });
      }
    }
  } finally {
    setup = started.map((p) => ({
      database: p.label,
      setupSeconds: p.setupSeconds,
      seededRows: p.seed.rows,
    }));
    await closeAll();
  }
  const finishedAt = new Date();
  const loadAfter = os.loadavg();

  // The report.
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const out: string[] = [];
  out.push(heading(`Patient portal bench — ${startedAt.toISOString()}`));
  out.push(
    [
      `Machine: ${settings.cpus} × ${cpu}, ${fmt.int(os.totalmem() / 2 ** 20)} MiB, Node ${process.version}, ${os.platform()} ${os.release()}`,
      `Commit: ${gitCommit() ?? 'unknown'}; run took ${fmt.seconds((finishedAt.getTime() - startedAt.getTime()) / 1000)}`,
      `Load average (1 min) before ${loadBefore[0]?.toFixed(2)}, after ${loadAfter[0]?.toFixed(2)} — shared machine: compare ratios within this run, not absolute numbers across runs.`,
      `Server: buildApp in-process, NODE_ENV=production, LOG_LEVEL=silent; load from autocannon in a worker thread.`,
      ...setup.map(
        (s) =>
          `${s.database}: ${fmt.int(s.seededRows.customers ?? 0)} customers seeded; setup ${Object.entries(
            s.setupSeconds,
          )
            .map(([k, v]) => `${k} ${v.toFixed(1)} s`)
            .join(', ')}`,
      ),
      ...backendNotes,
    ].join('\n'),
  );
  for (const [i, section] of sections.entries()) {
    out.push('');
    out.push(heading(`${i + 1}. ${section.benchmark.title}`, '-'));
    if (section.error) {
      out.push(`FAILED: ${section.error}`);
      continue;
    }
    for (const table of section.result?.tables ?? []) out.push(formatTable(table), '');
    for (const note of section.result?.notes ?? []) out.push(`* ${note}`);
  }
  out.push('', `Results: ${path.relative(path.dirname(benchDir), resultsFile)}`);
  process.stdout.write(`\n${out.join('\n')}\n`);

  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(
    resultsFile,
    await prettierJson(
      JSON.stringify(
        {
          startedAt: startedAt.toISOString(),
          finishedAt: finishedAt.toISOString(),
          commit: gitCommit(),
          machine: {
            cpus: settings.cpus,
            cpu,
            memoryMiB: Math.round(os.totalmem() / 2 ** 20),
            node: process.version,
            loadAverageBefore: loadBefore,
            loadAverageAfter: loadAfter,
          },
          settings: {
            ...settings,
            postgresUrl: settings.postgresUrl ? describeUrl(settings.postgresUrl) : null,
          },
          backends: setup,
          backendNotes,
          benchmarks: Object.fromEntries(
            sections.map((s) => [
              s.benchmark.id,
              s.error
                ? { title: s.benchmark.title, error: s.error }
                : { title: s.benchmark.title, notes: s.result?.notes, data: s.result?.data },
            ]),
          ),
        },
        null,
        2,
      ),
    ),
  );
  return sections.some((s) => s.error) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
