// `npm test`: runs the test stages (each an npm script) side by side where measurements showed
// it pays on two cores, buffers each stage's output and prints it whole when the stage ends, so
// parallel logs never interleave, and fails when any stage fails, naming it.
//   node scripts/run-stages.mjs            every stage
//   node scripts/run-stages.mjs lint unit  only these (and nothing they wait for)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * `after`: stages that must have finished first. `background`: runs at a lower CPU priority
 * (nice 10 on Linux), taking what the critical path leaves.
 *
 * The critical path is the unit run, then the browser run (which waits for it: beside it, two
 * Chromium workers, the server and Vitest starve each other on two cores and the browser tests
 * time out; seen in a clean clone: the sign-up spec hit its 45 s limit twice). Measured alone on
 * a quiet two-core machine the unit run takes 300 s and the browser run about 650 s; in the
 * fresh-clone run of 25bba42, with lint, typecheck and the PostgreSQL suite beside it at the same
 * priority, the unit run took 891 s, and the whole run 2,192 s. Everything else (lint,
 * typecheck, the PostgreSQL suite, the scale test and the release) is not waited for by
 * anything, so it runs in the background: it fills the CPU the critical path leaves idle and
 * never slows it by more than a share of a core.
 */
const STAGES = [
  { name: 'unit', script: 'test:unit', after: [] },
  { name: 'lint', script: 'lint', after: [], background: true },
  { name: 'typecheck', script: 'typecheck', after: [], background: true },
  // After lint and typecheck. Tried after typecheck alone (issue 46, fresh clones on one machine):
  // the PostgreSQL server's own processes are not niced, so the suite beside the unit and browser
  // runs slowed both (unit 367 -> 407 s, browser 561 -> 634 s) and itself (392 -> 735 s); the
  // whole run took 1,212 s against 1,131 s.
  { name: 'postgres', script: 'test:postgres', after: ['lint', 'typecheck'], background: true },
  // Three production instances behind nginx on PostgreSQL and Redis (issue 40): after the
  // PostgreSQL suite, so the two database-bound stages do not run at once.
  { name: 'scale', script: 'test:scale', after: ['postgres'], background: true },
  // The compiled production release in a clean folder (the Dockerfile's build step: a
  // production-only install, migrate, start, backup, restore; issue 40), after the scale test.
  // Tried after typecheck (issue 46, fresh clones on one machine): beside lint at the same nice
  // level it slowed lint from 877 to 1,299 s, and the PostgreSQL suite, waiting for lint,
  // started 422 s later; the run took longer, not shorter.
  { name: 'release', script: 'test:release', after: ['scale'], background: true },
  { name: 'e2e', script: 'test:e2e', after: ['unit'] },
];

/** `nice` where the system has it (Linux, macOS); elsewhere background stages run as others. */
const NICE = ['/usr/bin/nice', '/bin/nice'].find((file) => existsSync(file));

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !STAGES.some((stage) => stage.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown stage ${unknown.join(', ')}; stages: ${STAGES.map((s) => s.name).join(', ')}`,
  );
  process.exit(2);
}
const stages = wanted.length > 0 ? STAGES.filter((s) => wanted.includes(s.name)) : STAGES;

const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const clock = () => seconds(Date.now() - started).padStart(8);
console.log(`npm test on Node ${process.version}: ${stages.map((s) => s.name).join(', ')}`);

/**
 * Where bash is (Linux, macOS), each stage runs under it and writes its processes' CPU time
 * (bash's `times`: user and system seconds of the processes it waited for, and theirs for
 * theirs) to a file the table below reads: on two cores the run's length follows the CPU the
 * stages need together, not each one's wall time. A database server's own processes are not
 * the stage's children and are not counted, nor are Chromium's renderers (a browser suite's
 * stage counts little of its browsers' CPU).
 */
const BASH = ['/bin/bash', '/usr/bin/bash'].find((file) => existsSync(file));
const cpuDir = BASH === undefined ? undefined : mkdtempSync(path.join(tmpdir(), 'npm-test-cpu-'));

/** Seconds in bash's `times` form (`1m2.345s`). */
function timesSeconds(text) {
  const match = /^(\d+)m([\d.]+)s$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
}

/** The stage's CPU seconds (user + system of its children), when bash wrote them. */
function cpuSeconds(file) {
  try {
    const [, children] = readFileSync(file, 'utf8').trim().split('\n');
    const [user, system] = (children ?? '').trim().split(/\s+/).map(timesSeconds);
    const total = (user ?? Number.NaN) + (system ?? Number.NaN);
    return Number.isFinite(total) ? total : undefined;
  } catch {
    return undefined;
  }
}

/** Runs one stage with its output buffered; resolves with its exit code and duration. */
function run(stage) {
  return new Promise((resolve) => {
    const begin = Date.now();
    const niced = stage.background === true && NICE !== undefined;
    const how = niced ? '; background, nice 10' : '';
    console.log(`[${clock()}] ${stage.name}: started (npm run ${stage.script}${how})`);
    const chunks = [];
    const cpuFile = cpuDir === undefined ? undefined : path.join(cpuDir, stage.name);
    const npm = ['npm', 'run', stage.script];
    const measured =
      cpuFile === undefined
        ? npm
        : [BASH, '-c', '"$@"; code=$?; times > "$CPU_FILE"; exit $code', 'stage', ...npm];
    const [command, ...args] = [...(niced ? [NICE, '-n', '10'] : []), ...measured];
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: cpuFile === undefined ? process.env : { ...process.env, CPU_FILE: cpuFile },
    });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${String(error)}\n`)));
    child.on('close', (code, signal) => {
      const cpu = cpuFile === undefined ? undefined : cpuSeconds(cpuFile);
      const result = { code: code ?? 1, signal, ms: Date.now() - begin, cpu, output: '' };
      const status = result.code === 0 ? 'passed' : `FAILED (exit ${signal ?? result.code})`;
      const rule = `── ${stage.name} `.padEnd(78, '─');
      result.output = Buffer.concat(chunks).toString();
      process.stdout.write(`\n${rule}\n${result.output}`);
      const used = cpu === undefined ? '' : ` (${seconds(cpu * 1000)} of CPU)`;
      console.log(`[${clock()}] ${stage.name}: ${status} in ${seconds(result.ms)}${used}\n`);
      resolve(result);
    });
  });
}

const results = new Map();
const running = new Map();
function schedule(stage) {
  if (!running.has(stage.name)) {
    const waitFor = stage.after
      .map((name) => stages.find((s) => s.name === name))
      .filter((s) => s !== undefined);
    running.set(
      stage.name,
      Promise.all(waitFor.map(schedule)).then(async () => {
        const result = await run(stage);
        results.set(stage.name, result);
      }),
    );
  }
  return running.get(stage.name);
}
await Promise.all(stages.map(schedule));

// A CI log is often read from its end: a failed stage's last lines (Vitest's and Playwright's
// failure summaries) are repeated here, above the table, so the reason is in the tail.
const FAILURE_TAIL_LINES = 80;
for (const stage of stages) {
  const { code, output } = results.get(stage.name);
  if (code === 0) continue;
  const lines = output.trimEnd().split('\n').slice(-FAILURE_TAIL_LINES).join('\n');
  const rule = `── ${stage.name} FAILED, its last ${String(FAILURE_TAIL_LINES)} lines `.padEnd(
    78,
    '─',
  );
  console.log(`\n${rule}\n${lines}\n`);
}

if (cpuDir !== undefined) rmSync(cpuDir, { recursive: true, force: true });
const cpuTotal = stages.reduce((sum, stage) => sum + (results.get(stage.name).cpu ?? 0), 0);
const cpuNote = cpuDir === undefined ? '' : `, ${seconds(cpuTotal * 1000)} of CPU`;
console.log(`npm test: ${seconds(Date.now() - started)} in all${cpuNote}`);
for (const stage of stages) {
  const { code, ms, cpu } = results.get(stage.name);
  const used = cpu === undefined ? '' : `  ${seconds(cpu * 1000).padStart(9)} of CPU`;
  const status = code === 0 ? 'passed' : 'FAILED';
  console.log(`  ${stage.name.padEnd(10)} ${status}  ${seconds(ms).padStart(9)}${used}`);
}
const failed = stages.filter((stage) => results.get(stage.name).code !== 0).map((s) => s.name);
if (failed.length > 0) {
  console.error(`npm test FAILED: ${failed.join(', ')}`);
  process.exit(1);
}
