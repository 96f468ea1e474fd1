import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Benchmark } from './lib/benchmark';
import type { Table } from './lib/report';
import { goal } from './lib/report';
import {
  selectedRoutes,
  describeBuild,
  launchChromium,
  signInDemoUser,
  startWebPortal,
  webSnapshot,
  type WebSnapshot,
} from './lib/web-app';

/** The route table's lazy screens; chunks named after these modules are route chunks. */
const LAZY_SCREENS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/web/src/app/lazy-screens.ts',
);

/** Issue 46: any route's own JavaScript after sign-in, gzip (the weight page's with its chart). */
const ROUTE_OWN_GOAL_BYTES = 60_000;

/**
 * The signed-in shell, what every signed-in route loads whatever its screen: the modules
 * routes.tsx renders around each screen (RequireAuth > DataLayer > ShellLayout), the screens'
 * full catalogue (lazy-screens.ts loads it with every screen; the English one, the bench's
 * language) and the customer's feature flags (app/services.ts, once signed in). Their chunks
 * and those chunks' static imports are the shell.
 */
const SHELL_CHUNKS = ['data-layer', 'shell-layout', 'i18n-catalogue-en', 'load-feature-flags'];

const gzip9 = (data: Buffer) => gzipSync(data, { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

interface Chunk {
  file: string;
  /** Vite's chunk name: the file name without the content hash. */
  name: string;
  raw: number;
  gzip: number;
  staticImports: string[];
  dynamicImports: string[];
}

function chunkName(file: string): string {
  return /^(.+)-[\w-]{8}\.js$/.exec(file)?.[1] ?? file.replace(/\.js$/, '');
}

/** Every .js file in the build with its size and its "./x.js" imports (minified ESM). */
function readChunks(dir: string): Map<string, Chunk> {
  const chunks = new Map<string, Chunk>();
  const assets = path.join(dir, 'assets');
  for (const file of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
    const data = readFileSync(path.join(assets, file));
    const code = data.toString('utf8');
    const found = (re: RegExp) => [...new Set([...code.matchAll(re)].map((m) => m[1] ?? ''))];
    chunks.set(file, {
      file,
      name: chunkName(file),
      raw: data.length,
      gzip: gzip9(data),
      staticImports: found(/(?:\bfrom|\bimport)\s*["'`]\.\/([\w.-]+\.js)["'`]/g),
      dynamicImports: found(/\bimport\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g),
    });
  }
  return chunks;
}

/** The files `roots` load through static imports, roots included. */
function staticClosure(chunks: Map<string, Chunk>, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of chunks.get(file)?.staticImports ?? []) visit(next);
  };
  roots.forEach(visit);
  return seen;
}

/** Basenames of the modules lazy-screens.ts imports (undefined when the file is gone). */
function routeModuleNames(): Set<string> | undefined {
  if (!existsSync(LAZY_SCREENS)) return undefined;
  const source = readFileSync(LAZY_SCREENS, 'utf8');
  const names = [...source.matchAll(/import\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) =>
    path.basename(m[1] ?? '').replace(/\.[jt]sx?$/, ''),
  );
  return names.length ? new Set(names) : undefined;
}

interface FetchedScript {
  file: string;
  raw: number;
  gzip: number;
  /** Body bytes on the wire and their content-encoding, as Chromium reports them. */
  sent: number;
  encoding: string;
  via: 'index.html script' | 'modulepreload' | 'imported at run time';
}

/** Opens / in a fresh context and keeps every .js response until the network is idle. */
async function signInPageScripts(
  url: string,
  snapshot: WebSnapshot,
): Promise<{ scripts: FetchedScript[]; chromium: string; requests: number }> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const pending: Promise<FetchedScript | undefined>[] = [];
    let requests = 0;
    page.on('request', () => requests++);
    page.on('response', (response) => {
      const pathname = new URL(response.url()).pathname;
      if (!pathname.endsWith('.js')) return;
      const asset = pathname.replace(/^\//, '');
      pending.push(
        (async () => {
          if (!response.ok()) throw new Error(`${pathname}: HTTP ${response.status()}`);
          const body = await response.body();
          const sizes = await response.request().sizes();
          return {
            file: path.basename(pathname),
            raw: body.length,
            gzip: gzip9(body),
            sent: sizes.responseBodySize,
            encoding: response.headers()['content-encoding'] ?? 'identity',
            via: snapshot.index.scripts.includes(asset)
              ? 'index.html script'
              : snapshot.index.modulepreloads.includes(asset)
                ? 'modulepreload'
                : 'imported at run time',
          };
        })(),
      );
    });
    await page.goto(`${url}/`);
    await page.getByRole('textbox', { name: 'Email' }).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Log in' }).waitFor({ state: 'visible' });
    // Anything the page fetches once it is up (prefetches, flags) counts too.
    await page.waitForLoadState('networkidle');
    const scripts = (await Promise.all(pending)).filter((s): s is FetchedScript => Boolean(s));
    await context.close();
    return { scripts, chromium: browser.version(), requests };
  } finally {
    await browser.close();
  }
}

interface RouteScripts {
  route: string;
  finalPath: string;
  files: Set<string>;
}

/**
 * Signs the demo customer in, then opens each route in a fresh context holding that session
 * (cookies and storage, no HTTP cache: a cached file fires no request), as a bookmark opened in
 * a new browser would, and keeps the name of every .js file it fetches until the network is
 * idle: the chunks the route imports at start and what it imports once its data is in (the
 * weight page's chart). Sizes come from the build's files.
 */
async function signedInRouteScripts(url: string, routes: readonly string[]) {
  const browser = await launchChromium();
  try {
    const viewport = { width: 390, height: 844 };
    const signIn = await browser.newContext({ viewport });
    await signInDemoUser(signIn, url);
    const storageState = await signIn.storageState();
    await signIn.close();
    const out: RouteScripts[] = [];
    for (const route of routes) {
      const context = await browser.newContext({ viewport, storageState });
      const page = await context.newPage();
      const files = new Set<string>();
      page.on('request', (request) => {
        const pathname = new URL(request.url()).pathname;
        if (pathname.endsWith('.js')) files.add(path.basename(pathname));
      });
      await page.goto(`${url}${route}`);
      await page.waitForLoadState('networkidle');
      out.push({ route, finalPath: new URL(page.url()).pathname, files });
      await context.close();
    }
    return out;
  } finally {
    await browser.close();
  }
}

export const webBundle: Benchmark = {
  id: 'web-bundle',
  title:
    "Web app bundle: JavaScript the sign-in page loads, each route's own after sign-in, lazy chunks (gzip -9)",
  async run(ctx) {
    const snapshot = await webSnapshot((message) => ctx.progress(message));
    const chunks = readChunks(snapshot.dir);
    const fileOf = (asset: string) => path.basename(asset);
    const eager = staticClosure(chunks, [
      ...snapshot.index.scripts.map(fileOf),
      ...snapshot.index.modulepreloads.map(fileOf),
    ]);

    ctx.progress('web-bundle: serving the build, opening / in headless Chromium');
    const portal = await startWebPortal(snapshot.dir);
    let measured: Awaited<ReturnType<typeof signInPageScripts>>;
    let routeScripts: RouteScripts[];
    try {
      measured = await signInPageScripts(portal.url, snapshot);
      ctx.progress('web-bundle: signed in, opening every signed-in route');
      routeScripts = await signedInRouteScripts(portal.url, selectedRoutes('BENCH_WEB_ROUTES'));
    } finally {
      await portal.close();
    }
    const { scripts } = measured;
    const order = { 'index.html script': 0, modulepreload: 1, 'imported at run time': 2 };
    scripts.sort((a, b) => order[a.via] - order[b.via] || b.gzip - a.gzip);
    const sum = (list: FetchedScript[], key: 'raw' | 'gzip' | 'sent') =>
      list.reduce((total, s) => total + s[key], 0);
    const fromIndex = scripts.filter((s) => s.via !== 'imported at run time');
    const lazy = scripts.filter((s) => s.via === 'imported at run time');
    const loaded = new Set(scripts.map((s) => s.file));

    const signInTable: Table = {
      title: `Sign-in page (/), fresh context, until the network is idle (${measured.requests} requests)`,
      headers: ['file', 'loaded by', 'raw', 'gzip -9', 'sent by server'],
      leftAligned: [0, 1],
      rows: [
        ...scripts.map((s) => [
          s.file,
          s.via,
          kb(s.raw),
          kb(s.gzip),
          `${kb(s.sent)} ${s.encoding}`,
        ]),
        [
          `total, ${scripts.length} files`,
          '',
          kb(sum(scripts, 'raw')),
          kb(sum(scripts, 'gzip')),
          kb(sum(scripts, 'sent')),
        ],
      ],
    };

    // Lazy chunks: every dynamic import target in the build.
    const routeNames = routeModuleNames();
    const lazyFiles = [...new Set([...chunks.values()].flatMap((c) => c.dynamicImports))];
    const lazyRows = lazyFiles
      .flatMap((file) => {
        const chunk = chunks.get(file);
        if (!chunk) return [];
        const extra = [...staticClosure(chunks, [file])].filter(
          (f) => !loaded.has(f) && !eager.has(f),
        );
        const extraGzip = extra.reduce((t, f) => t + (chunks.get(f)?.gzip ?? 0), 0);
        return [
          {
            chunk,
            route: routeNames ? routeNames.has(chunk.name) : true,
            onSignIn: loaded.has(file),
            extra,
            extraGzip,
          },
        ];
      })
      .sort((a, b) => b.chunk.gzip - a.chunk.gzip);
    const routeRows = lazyRows.filter((r) => r.route);
    const largest = routeRows[0];
    const lazyTable: Table = {
      title: 'Lazy chunks (dynamic import targets), largest first',
      headers: ['chunk', 'kind', 'raw', 'gzip -9', 'gzip with new static deps', 'on sign-in page'],
      leftAligned: [0, 1, 5],
      rows: lazyRows.map((r) => [
        r.chunk.file,
        r.route ? 'route' : 'other',
        kb(r.chunk.raw),
        kb(r.chunk.gzip),
        kb(r.extraGzip),
        r.onSignIn ? 'yes' : '',
      ]),
    };

    // Cross-check: the chunks the build says the sign-in route needs vs what Chromium fetched.
    const signInLazy = lazyRows.filter((r) => r.onSignIn).map((r) => r.chunk.file);
    const expected = staticClosure(chunks, [...eager, ...signInLazy]);
    const notFetched = [...expected].filter((f) => !loaded.has(f));
    const unexpected = [...loaded].filter((f) => !expected.has(f));

    // Own JavaScript after sign-in: what a route fetches that neither the sign-in page nor the
    // signed-in shell (SHELL_CHUNKS with their static imports) has loaded.
    const gzipOf = (files: Iterable<string>) =>
      [...files].reduce((t, f) => t + (chunks.get(f)?.gzip ?? 0), 0);
    const shellRoots = [...chunks.values()]
      .filter((c) => SHELL_CHUNKS.includes(c.name))
      .map((c) => c.file);
    const shell = new Set(
      [...staticClosure(chunks, shellRoots)].filter((f) => !loaded.has(f) && !eager.has(f)),
    );
    const routeOwn = routeScripts.map((r) => {
      const own = [...r.files]
        .filter((f) => !loaded.has(f) && !eager.has(f) && !shell.has(f))
        .sort((a, b) => (chunks.get(b)?.gzip ?? 0) - (chunks.get(a)?.gzip ?? 0));
      return {
        ...r,
        own,
        ownGzip: gzipOf(own),
        shellMissing: [...shell].filter((f) => !r.files.has(f)),
      };
    });
    const inEveryRoute = routeOwn.length
      ? routeOwn
          .map((r) => new Set(r.own))
          .reduce((a, b) => new Set([...a].filter((f) => b.has(f))))
      : new Set<string>();
    const routeTable: Table = {
      title: `Each signed-in route's own JavaScript after sign-in (gzip -9), opened with the saved session until the network is idle; the shell (${kb(gzipOf(shell))} in ${shell.size} files) counted once, not here`,
      headers: ['route', 'files', 'own gzip -9', 'largest own files', 'goal'],
      leftAligned: [0, 3],
      rows: routeOwn.map((r) => [
        r.finalPath === r.route ? r.route : `${r.route} → ${r.finalPath}`,
        String(r.own.length),
        kb(r.ownGzip),
        r.own
          .slice(0, 3)
          .map((f) => `${chunks.get(f)?.name ?? f} ${kb(chunks.get(f)?.gzip ?? 0)}`)
          .join(', '),
        goal(r.ownGzip <= ROUTE_OWN_GOAL_BYTES, `≤ ${kb(ROUTE_OWN_GOAL_BYTES)}`),
      ]),
    };
    const routesMet = routeOwn.filter((r) => r.ownGzip <= ROUTE_OWN_GOAL_BYTES).length;
    const heaviest = [...routeOwn].sort((a, b) => b.ownGzip - a.ownGzip)[0];
    const shellGaps = routeOwn.filter((r) => r.shellMissing.length);

    const totalGzip = sum(scripts, 'gzip');
    const notes = [
      `Sign-in page JavaScript: ${kb(totalGzip)} gzip -9 (${kb(sum(scripts, 'raw'))} raw) in ${scripts.length} files: ${kb(sum(fromIndex, 'gzip'))} named in index.html (entry + modulepreload), ${kb(sum(lazy, 'gzip'))} imported at run time (${lazy.map((s) => s.file).join(', ') || 'none'}).`,
      largest
        ? `Largest route chunk: ${largest.chunk.file}, ${kb(largest.chunk.gzip)} gzip -9 (${kb(largest.chunk.raw)} raw); opening it after the sign-in page fetches ${largest.extra.length} chunk(s) not loaded yet (${largest.extra.join(', ') || 'none'}), ${kb(largest.extraGzip)} gzip -9 in all.`
        : 'No route chunk found (no dynamic import in the build).',
      `Build: ${describeBuild(snapshot)}; measured on a copy (no source maps). Chromium ${measured.chromium}.`,
      `gzip -9 is zlib level 9 over each response body; "sent by server" is what @fastify/compress put on the wire for Chromium's Accept-Encoding (threshold 1 kB).`,
      routeNames
        ? `"route" = a chunk named after a module apps/web/src/app/lazy-screens.ts imports; "gzip with new static deps" = the chunk plus its static imports that neither index.html nor the sign-in page already loaded.`
        : `apps/web/src/app/lazy-screens.ts not found: every lazy chunk counted as a route chunk.`,
      `Own JavaScript after sign-in: the .js files a signed-in route fetches (a fresh context holding the signed-in session, no HTTP cache, until the network is idle, so a chunk the route imports once its data is in counts: the weight page's chart) minus the files the sign-in page loaded and minus the signed-in shell. The shell is what every signed-in route loads whatever its screen (routes.tsx: DataLayer and ShellLayout around it; the screens' English catalogue; the customer's flags): the chunks ${SHELL_CHUNKS.join(', ')} and their static imports not on the sign-in page, ${kb(gzipOf(shell))} gzip -9 in ${shell.size} files (${[...shell].map((f) => chunks.get(f)?.name ?? f).join(', ')}), paid once after sign-in. Dialogs and panels a route imports on demand are not counted until opened. ${routesMet} of ${routeOwn.length} routes meet ≤ ${kb(ROUTE_OWN_GOAL_BYTES)}${heaviest ? `; heaviest ${heaviest.route} ${kb(heaviest.ownGzip)}` : ''}.`,
      ...(inEveryRoute.size
        ? [
            `Fetched by every measured route but outside the shell (counted in each route): ${[...inEveryRoute].join(', ')}.`,
          ]
        : []),
      ...(shellGaps.length
        ? [
            `Shell files a route did not fetch: ${shellGaps.map((r) => `${r.route}: ${r.shellMissing.join(', ')}`).join('; ')}.`,
          ]
        : []),
      notFetched.length || unexpected.length
        ? `Static analysis and Chromium disagree: not fetched ${notFetched.join(', ') || '-'}; fetched but not expected ${unexpected.join(', ') || '-'}.`
        : `Static analysis (index.html + static imports + the lazy chunks the sign-in route imports) names exactly the ${expected.size} files Chromium fetched.`,
    ];
    return {
      tables: [signInTable, routeTable, lazyTable],
      notes,
      data: {
        builtAt: snapshot.builtAt.toISOString(),
        builtByBench: snapshot.builtByBench,
        chromium: measured.chromium,
        signInPage: {
          files: scripts.length,
          rawBytes: sum(scripts, 'raw'),
          gzipBytes: totalGzip,
          sentBytes: sum(scripts, 'sent'),
          fromIndexHtmlGzipBytes: sum(fromIndex, 'gzip'),
          runtimeImportsGzipBytes: sum(lazy, 'gzip'),
          scripts,
        },
        largestRouteChunk: largest
          ? {
              file: largest.chunk.file,
              rawBytes: largest.chunk.raw,
              gzipBytes: largest.chunk.gzip,
              withNewStaticDepsGzipBytes: largest.extraGzip,
              newStaticDeps: largest.extra,
            }
          : null,
        lazyChunks: lazyRows.map((r) => ({
          file: r.chunk.file,
          route: r.route,
          rawBytes: r.chunk.raw,
          gzipBytes: r.chunk.gzip,
          withNewStaticDepsGzipBytes: r.extraGzip,
          loadedBySignInPage: r.onSignIn,
        })),
        shell: { files: [...shell], gzipBytes: gzipOf(shell) },
        routes: routeOwn.map((r) => ({
          route: r.route,
          finalPath: r.finalPath,
          ownFiles: r.own,
          ownGzipBytes: r.ownGzip,
          goalBytes: ROUTE_OWN_GOAL_BYTES,
          met: r.ownGzip <= ROUTE_OWN_GOAL_BYTES,
        })),
        staticAnalysis: { expectedFiles: [...expected], notFetched, unexpected },
      },
    };
  },
};
