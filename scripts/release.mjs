// The production build, as the Dockerfile's build stage makes it and as CI checks it (issue 40).
//
//   node scripts/release.mjs build <dir>   in an installed checkout (npm ci): builds the server
//       and the web app into <dir> (new or empty) and copies in what else production reads (the
//       migrations, the web app's persisted operations, the package manifests), then installs
//       the production dependencies there (`npm ci --omit=dev`). The result runs with
//       `node apps/server/dist/main.js` from <dir>: no tsx, no TypeScript, no dev dependency.
//       The checkout's own dist/ folders are left alone.
//   node scripts/release.mjs check <dir>   starts a built <dir> as production does, with node
//       alone and NODE_ENV=production on an embedded database in a temporary DATA_DIR:
//       migrate, start, /healthz and the web app answer, SIGTERM exits 0; then backup, restore
//       into a fresh DATA_DIR, and a start on it. Exits 1 on the first thing that fails.
//   node scripts/release.mjs test          build into a temporary folder, check, remove it
//       (npm run test:release, a CI stage).
//
// Run it with the project's Node (through npm run or npx), as the image runs Node 24.
import { spawn, spawnSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [command, target] = process.argv.slice(2);
if (!(['build', 'check'].includes(command ?? '') && target) && command !== 'test') {
  console.error('usage: node scripts/release.mjs build <dir> | check <dir> | test');
  process.exit(2);
}
const dir = target
  ? path.resolve(process.env.INIT_CWD ?? process.cwd(), target)
  : mkdtempSync(path.join(os.tmpdir(), 'portal-release-build-'));
const started = Date.now();
const clock = () => `${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s`;
const say = (line) => console.log(`[${clock()}] ${line}`);

/** What production reads besides the two builds, relative to the repository. */
const RELEASE_PATHS = [
  'package.json',
  'package-lock.json',
  // npm ci checks each workspace of the lockfile against its manifest, so every one is there,
  // though only the server's and the domain's dependencies are installed.
  'packages/domain/package.json',
  'apps/server/package.json',
  'apps/web/package.json',
  'e2e/package.json',
  'bench/package.json',
  'apps/server/drizzle',
  // Production answers only the web app's own operations (graphql-host/persisted.ts).
  'apps/web/src/gql/persisted-documents.json',
];

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(
      `${cmd} ${args.join(' ')} exited with ${String(result.status ?? result.signal)}`,
    );
  }
}

function buildRelease() {
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dir} is not empty`);
  run(process.execPath, ['apps/server/build.mjs', path.join(dir, 'apps/server/dist')], {
    cwd: repo,
  });
  say('server built');
  // The web build is two `vite build`s (the portal, then the care console): the folder goes
  // to both through the environment (apps/web/vite.config.ts), not as an argument.
  run('npm', ['run', 'build', '-w', 'apps/web'], {
    cwd: repo,
    env: { ...process.env, PORTAL_WEB_OUT_DIR: path.join(dir, 'apps/web/dist') },
  });
  say('web app built');
  for (const file of RELEASE_PATHS) {
    cpSync(path.join(repo, file), path.join(dir, file), { recursive: true });
  }
  say(`copied ${RELEASE_PATHS.length} more paths; installing the production dependencies`);
  run(
    'npm',
    [
      'ci',
      '--omit=dev',
      '--workspace',
      'apps/server',
      '--include-workspace-root=false',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
    ],
    { cwd: dir },
  );
  for (const devOnly of ['tsx', 'typescript', 'vite', 'vitest', 'esbuild']) {
    if (existsSync(path.join(dir, 'node_modules', devOnly))) {
      throw new Error(
        `${devOnly} was installed: the release must hold production dependencies only`,
      );
    }
  }
  say(`built into ${dir}`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** A production environment with values that reach nothing (no mail is sent, nothing paid). */
function productionEnv(dataDir, port) {
  return {
    PATH: path.dirname(process.execPath),
    HOME: os.tmpdir(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PASSKEY_RP_ID: '127.0.0.1',
    PASSKEY_ORIGIN: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SMTP_URL: 'smtp://127.0.0.1:9',
    JWT_PRIVATE_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
    PROVIDER_LEGAL_NAME: 'Release Check Medical PC',
    PROVIDER_TAX_ID: '12-3456789',
    FILES_DIR_SHARED: 'true',
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_releasecheck',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_releasecheck',
    STRIPE_WEBHOOK_SECRET: 'whsec_releasecheck',
    LINK_TREATMENTS_URL: 'https://clinic.test/treatments',
    LINK_TERMS_URL: 'https://clinic.test/terms',
    LINK_BULK_TERMS_URL: 'https://clinic.test/bulk-terms',
    LINK_PRIVACY_URL: 'https://clinic.test/privacy',
    LINK_PRIVACY_PRACTICES_URL: 'https://clinic.test/privacy-practices',
    LINK_ACCESSIBILITY_URL: 'https://clinic.test/accessibility',
  };
}

/** Runs one of the release's commands with node alone; resolves with its output. */
function node(script, args, env) {
  const result = spawnSync(process.execPath, [script, ...args], {
    cwd: dir,
    env,
    encoding: 'utf8',
  });
  const output = `${result.stdout}${result.stderr}`.trim();
  if (result.status !== 0) throw new Error(`node ${script} failed:\n${output}`);
  return output;
}

/** Starts the release's server; resolves once /healthz answers 200, with a stop function. */
async function startServer(env) {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], { cwd: dir, env });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  const base = env.PUBLIC_URL;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited at start:\n${output}`);
    const res = await fetch(`${base}/healthz`).catch(() => undefined);
    if (res?.status === 200) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`/healthz did not answer 200 within 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    output: () => output,
    kill: () => child.kill('SIGKILL'),
    async stop() {
      child.kill('SIGTERM');
      const code = await exited;
      if (code !== 0)
        throw new Error(`the server exited with ${String(code)} on SIGTERM:\n${output}`);
    },
  };
}

async function expectStatus(url, status, check = () => true) {
  const res = await fetch(url);
  const body = await res.text();
  if (res.status !== status || !check(body)) {
    throw new Error(`GET ${url}: ${res.status}, expected ${status}:\n${body.slice(0, 500)}`);
  }
}

async function check() {
  if (!existsSync(path.join(dir, 'apps/server/dist/main.js'))) {
    throw new Error(`${dir} holds no release (node scripts/release.mjs build ${target})`);
  }
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'portal-release-'));
  try {
    const port = await freePort();
    const env = productionEnv(path.join(scratch, 'data'), port);
    say(`migrate: ${node('apps/server/dist/migrate.js', [], env)}`);

    let server = await startServer(env);
    say(`started with node ${process.version} alone (NODE_ENV=production); /healthz answers 200`);
    try {
      await expectStatus(`${server.base}/`, 200, (html) => html.includes('<div id="root"'));
      await expectStatus(`${server.base}/care/queue`, 200, (html) =>
        html.includes('<title>Care console</title>'),
      );
      await expectStatus(`${server.base}/version.json`, 200);
    } catch (error) {
      // A failed check must not leave the server running: it would keep this script, and the
      // CI stage waiting on it, alive forever.
      server.kill();
      throw error;
    }
    await server.stop();
    say('the web app and /version.json answered; SIGTERM: exit 0');

    const backup = path.join(scratch, 'backup');
    say(`backup: ${node('apps/server/dist/backup.js', [backup], env).split('\n')[0]}`);
    const restored = { ...env, DATA_DIR: path.join(scratch, 'restored') };
    say(`restore: ${node('apps/server/dist/restore.js', [backup], restored).split('\n')[0]}`);
    server = await startServer(restored);
    await server.stop();
    say('started on the restored DATA_DIR; /healthz answered 200; SIGTERM: exit 0');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

try {
  if (command === 'test') {
    // A CI stage beside the unit and PostgreSQL runs on two cores: its builds take the CPU
    // they leave, not theirs (the niceness is inherited by every process it starts).
    os.setPriority(10);
  }
  if (command === 'build' || command === 'test') buildRelease();
  if (command === 'check' || command === 'test') await check();
  say(`release ${command}: passed`);
} catch (error) {
  console.error(
    `release ${command} FAILED: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exitCode = 1;
} finally {
  if (command === 'test') rmSync(dir, { recursive: true, force: true });
}
