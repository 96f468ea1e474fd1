import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { buildApp, type App } from '../../../apps/server/src/app';
import { parseConfig } from '../../../apps/server/src/config';
import { migrateDatabase, openDatabase } from '../../../apps/server/src/db/client';
import { DEMO_ACCOUNTS, seedDemoData } from '../../../apps/server/src/demo/seed';
import { productionEnv } from '../../../apps/server/test/production-env';
import { ephemeralSigningKeys } from '../../../apps/server/src/identity/keys';
import { readAppVersion } from '../../../apps/server/src/version';
import { listenInRange } from './ports';
import { bypassGlobalRateLimit, unlimitedIdentityLimiter } from './rate-limits';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const WEB_DIST = path.join(repoRoot, 'apps', 'web', 'dist');

/** The demo account with a customer record (apps/server/src/demo/seed.ts). */
export const DEMO_USER = {
  email: DEMO_ACCOUNTS[0].email,
  password: DEMO_ACCOUNTS[0].password,
  greeting: 'Hi, Alex',
};

/**
 * Every signed-in route of the portal without a parameter (apps/web/src/app/routes.tsx), as the
 * demo customer reaches them: the routes issue 46 judges (lighthouse, web-bundle).
 */
export const SIGNED_IN_ROUTES = [
  '/',
  '/appointments',
  '/book-appointment',
  '/messages',
  '/prescriptions',
  '/labs',
  '/referrals',
  '/weight',
  '/billing',
  '/billing/change-membership',
  '/treatment-change',
  '/id-verification',
  '/profile',
  '/manage-account',
  '/shipping',
  '/billing-address',
  '/notification-preferences',
  '/bulk-order',
] as const;

/**
 * The signed-in routes a browser benchmark opens: every one, or those the variable `name` lists
 * (e.g. BENCH_LIGHTHOUSE_ROUTES="/,/weight"; a missing leading slash is added).
 */
export function selectedRoutes(name: string): string[] {
  const raw = process.env[name]?.trim();
  if (!raw) return [...SIGNED_IN_ROUTES];
  return raw
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)
    .map((r) => (r.startsWith('/') ? r : `/${r}`));
}

/** Signs the demo customer in on a page of `context`, as a patient would, and closes the page. */
export async function signInDemoUser(context: BrowserContext, url: string): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(`${url}/`);
    await page.getByRole('textbox', { name: 'Email' }).fill(DEMO_USER.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(DEMO_USER.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: DEMO_USER.greeting }).waitFor({ timeout: 30_000 });
  } finally {
    await page.close();
  }
}

/**
 * Ports the browser benchmarks' servers listen on (the load benchmarks use the rest of 32xx);
 * BENCH_WEB_PORTS=from-to moves them (a shared machine where 32xx is someone else's), and
 * Lighthouse's DevTools port with them.
 */
export const PORTS = webPorts(process.env.BENCH_WEB_PORTS);

function webPorts(value: string | undefined): readonly [number, number] {
  if (!value) return [3230, 3239];
  const match = /^(\d+)-(\d+)$/.exec(value);
  const from = Number(match?.[1]);
  const to = Number(match?.[2]);
  if (!match || from < 1024 || to > 65535 || from > to) {
    throw new Error(`BENCH_WEB_PORTS must be from-to, e.g. 3141-3148 (got ${value})`);
  }
  return [from, to];
}

/** Chromium as the e2e suite launches it (e2e/playwright.config.ts). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** What index.html loads before any script runs. */
export interface IndexAssets {
  /** `<script type="module" src>`: the entry chunk(s). */
  scripts: string[];
  /** `<link rel="modulepreload" href>`: the entry's static imports. */
  modulepreloads: string[];
  stylesheets: string[];
}

function attr(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
}

/** Asset paths (relative to dist, e.g. "assets/index-x.js") referenced by index.html. */
export function readIndexAssets(html: string): IndexAssets {
  const out: IndexAssets = { scripts: [], modulepreloads: [], stylesheets: [] };
  const strip = (href: string) => href.replace(/^\//, '');
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src');
    if (src) out.scripts.push(strip(src));
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(tag, 'rel')?.toLowerCase();
    const href = attr(tag, 'href');
    if (!href) continue;
    if (rel === 'modulepreload') out.modulepreloads.push(strip(href));
    if (rel === 'stylesheet') out.stylesheets.push(strip(href));
  }
  return out;
}

/** A copy of apps/web/dist taken at the start of a benchmark (others may rebuild meanwhile). */
export interface WebSnapshot {
  dir: string;
  /** When apps/web/dist/index.html was written. */
  builtAt: Date;
  /** True when this run built the app because dist was missing. */
  builtByBench: boolean;
  index: IndexAssets;
  remove(): void;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Every "./x.js" a chunk imports (static or dynamic) that is missing from the copy. */
function missingAssets(dir: string, index: IndexAssets): string[] {
  const missing = [...index.scripts, ...index.modulepreloads, ...index.stylesheets].filter(
    (asset) => !existsSync(path.join(dir, asset)),
  );
  const assets = path.join(dir, 'assets');
  if (!existsSync(assets)) return [...missing, 'assets/'];
  for (const file of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
    const code = readFileSync(path.join(assets, file), 'utf8');
    for (const [, name] of code.matchAll(/["'`]\.\/([\w.-]+\.js)["'`]/g)) {
      if (name && !existsSync(path.join(assets, name))) missing.push(`assets/${name}`);
    }
  }
  return missing;
}

/**
 * Builds apps/web when dist has no index.html (`npm run build -w apps/web`), then copies dist
 * (without source maps) to a temporary directory and checks the copy is complete: other
 * sessions rebuild the app while the bench runs, and a half-written dist would break a page.
 */
async function snapshotWebDist(progress: (message: string) => void): Promise<WebSnapshot> {
  const indexFile = path.join(WEB_DIST, 'index.html');
  let builtByBench = false;
  if (!existsSync(indexFile)) {
    // A build in progress elsewhere empties dist first: give it a moment before building.
    for (let i = 0; i < 10 && !existsSync(indexFile); i++) await sleep(1000);
  }
  if (!existsSync(indexFile)) {
    progress('apps/web/dist is missing: npm run build -w apps/web');
    execFileSync('npm', ['run', 'build', '-w', 'apps/web'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    builtByBench = true;
  }
  let problem = '';
  for (let attempt = 1; attempt <= 5; attempt++) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-web-'));
    const remove = () => rmSync(dir, { recursive: true, force: true });
    try {
      const builtAt = statSync(indexFile).mtime;
      cpSync(WEB_DIST, dir, { recursive: true, filter: (src) => !src.endsWith('.map') });
      const index = readIndexAssets(readFileSync(path.join(dir, 'index.html'), 'utf8'));
      const missing = missingAssets(dir, index);
      if (index.scripts.length > 0 && missing.length === 0) {
        return { dir, builtAt, builtByBench, index, remove };
      }
      problem = missing.length
        ? `missing ${missing.slice(0, 3).join(', ')}`
        : 'index.html has no script';
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    remove();
    progress(`apps/web/dist is incomplete (${problem}), a build is probably running; retrying`);
    await sleep(3000);
  }
  throw new Error(`could not copy a complete apps/web/dist: ${problem}`);
}

export interface WebPortal {
  url: string;
  app: App;
  setupSeconds: Record<string, number>;
  close(): Promise<void>;
}

/**
 * The real app serving a built web app: buildApp with `webDist`, production config, silent
 * logs, in-memory signing keys, PGlite in a temporary DATA_DIR with the migrations and the demo
 * data (seedDemoData), both rate limits off (every sign-in comes from 127.0.0.1 with one email),
 * listening on 127.0.0.1 in 3230-3239.
 */
export async function startWebPortal(webDist: string): Promise<WebPortal> {
  const setupSeconds: Record<string, number> = {};
  const cleanups: (() => Promise<void> | void)[] = [];
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await work();
    setupSeconds[name] = (performance.now() - started) / 1000;
    return result;
  };
  const close = async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn();
  };
  try {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-webapp-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    // Production's settings (productionEnv: values that reach nothing; no bench sends mail or
    // takes money), then the sandbox processor put back by hand: production refuses it from
    // the environment, and a bench must not call Stripe.
    const config = parseConfig(
      productionEnv({
        LOG_LEVEL: 'silent',
        DATA_DIR: dataDir,
        PUBLIC_URL: 'http://portal.bench',
      }),
      readAppVersion(),
    );
    config.billing.payments = { provider: 'sandbox' };
    const database = await step('open', () =>
      openDatabase({ pgliteDir: path.join(dataDir, 'pglite') }),
    );
    cleanups.push(() => database.close());
    await step('migrate', () => migrateDatabase(database));
    await step('seed', () => seedDemoData(database.db));
    const keys = await ephemeralSigningKeys();
    const app = await step('build', () =>
      buildApp({ config, database, keys, identityLimiter: unlimitedIdentityLimiter, webDist }),
    );
    cleanups.push(() => app.app.close());
    bypassGlobalRateLimit(app.app);
    const port = await step('listen', () => listenInRange(app.app, PORTS[0], PORTS[1]));
    return { url: `http://127.0.0.1:${port}`, app, setupSeconds, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

let shared: Promise<WebSnapshot> | undefined;

/**
 * The copy of apps/web/dist for this bench run: taken once and shared by the browser
 * benchmarks, so they measure the same build even when dist is rebuilt between them. It is
 * removed when the process exits.
 */
export function webSnapshot(progress: (message: string) => void): Promise<WebSnapshot> {
  shared ??= snapshotWebDist(progress).then(
    (snapshot) => {
      process.once('exit', () => snapshot.remove());
      return snapshot;
    },
    (error: unknown) => {
      shared = undefined;
      throw error;
    },
  );
  return shared;
}

/** "index-abc.js, index.html written <time>" for the report. */
export function describeBuild(snapshot: WebSnapshot): string {
  const entry = snapshot.index.scripts.map((s) => path.basename(s)).join(', ');
  const origin = snapshot.builtByBench ? 'built by this run' : 'existing apps/web/dist';
  return `${origin}, entry ${entry}, index.html written ${snapshot.builtAt.toISOString()}`;
}
