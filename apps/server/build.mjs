// `npm run build -w apps/server`: compiles the server into dist/ for `node dist/main.js`, with
// no tsx and no TypeScript at run time (issue 40). esbuild bundles our own code, the server's
// and @portal/domain's (a workspace package whose entry is TypeScript source, so it cannot be
// loaded as it is), one file per command, together with the npm packages they import (issue 46):
// Node resolving and loading some 2,800 files from node_modules one by one was most of a start
// (1.6 s to /readyz); one file parses and links in a fraction of that. The packages that cannot
// be bundled, or that load only on first use, stay imports resolved from node_modules at run
// time (UNBUNDLED below), so a production install (`npm ci --omit=dev`) is still what dist/
// needs. Type checking stays with `npm run typecheck`. `node build.mjs <dir>` writes to <dir>
// instead (scripts/release.mjs builds a release's apps/server/dist this way); the code expects
// dist/ to sit beside drizzle/ and two levels under the root package.json, as apps/server/dist
// does.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
const src = path.join(root, 'src');
const outdir = path.resolve(process.argv[2] ?? path.join(root, 'dist'));

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));
const workspacePackages = new Set(['@portal/domain']);
/** What a production install provides: the server's and the bundled workspace's dependencies. */
const production = new Set(
  [
    readJson(path.join(root, 'package.json')),
    readJson(path.join(root, '../../packages/domain/package.json')),
  ].flatMap((pkg) => Object.keys(pkg.dependencies ?? {})),
);
const builtins = new Set(builtinModules);
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * The npm packages that stay imports, each for a reason: what a bundle cannot hold (a native
 * binary, files read beside the package's own code, worker threads started by file name), and
 * what loads on first use through platform/lazy-package.ts (the bundle would load it at start:
 * an ES module bundle cannot defer an import). Everything else the server imports is bundled.
 */
const UNBUNDLED = new Map([
  ['@node-rs/argon2', 'a native binary'],
  ['@electric-sql/pglite', 'its WebAssembly and data files sit beside its code'],
  ['pino', 'transports run in worker threads that load its files by name'],
  ['@fastify/swagger', 'reads its own package.json'],
  ['pdfkit', 'reads its font metrics beside its code; loads on first use'],
  ['stripe', 'loads on first use'],
  ['twilio', 'loads on first use'],
  ['nodemailer', 'loads on first use'],
  ['@aws-sdk/client-s3', 'loads on first use'],
  ['@simplewebauthn/server', 'loads on first use'],
  ['ioredis', 'reads its own package.json; loads on first use'],
  ['mqemitter-redis', 'loads on first use'],
]);

/**
 * Our imports must be production dependencies: one that only a dev install has (tsx, ws,
 * vitest…) fails the build here rather than the server in production. Node's built-ins and
 * UNBUNDLED stay imports; everything else (ours, the workspace's, the npm packages and theirs)
 * goes into the bundle.
 */
const dependencies = {
  name: 'dependencies',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || builtins.has(args.path)) {
        return { path: args.path, external: true };
      }
      const name = packageOf(args.path);
      if (UNBUNDLED.has(name)) return { path: args.path, external: true };
      const ours = !args.importer.split(path.sep).includes('node_modules');
      if (ours && !workspacePackages.has(name) && !production.has(name)) {
        return {
          errors: [
            {
              text: `${name} is imported by ${path.relative(root, args.importer)} but is not a production dependency of the server or @portal/domain`,
            },
          ],
        };
      }
      return undefined;
    });
  },
};

/**
 * Each module's import.meta.url as if it sat at dist/<its path under src>.js: the code finds
 * files beside it by relative paths (db/client.ts the migrations at ../../drizzle, version.ts
 * the root package.json, persisted.ts the web app's operations, app.ts the web build), and a
 * bundle would otherwise give every module dist/main.js's URL. dist/ sits where src/ does, so
 * those paths keep their meaning. import.meta.dirname and .filename are refused: the same
 * rewrite would be needed for them.
 */
const moduleUrls = {
  name: 'module-urls',
  setup(esbuild) {
    esbuild.onLoad({ filter: /\.ts$/ }, (args) => {
      if (!args.path.startsWith(src + path.sep)) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (/import\.meta\.(dirname|filename)\b/.test(text)) {
        return {
          errors: [{ text: 'use import.meta.url (build.mjs rewrites it for dist/)' }],
        };
      }
      const asBuilt = `./${path.relative(src, args.path).replace(/\.ts$/, '.js').split(path.sep).join('/')}`;
      return {
        contents: text.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(asBuilt)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
};

await rm(outdir, { recursive: true, force: true });
const started = performance.now();
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    // `node dist/main.js` turns Node's compile cache on, then loads dist/server.js (the server).
    main: 'src/dist-main.ts',
    server: 'src/main.ts',
    migrate: 'src/db/migrate-main.ts',
    backup: 'src/db/backup-main.ts',
    restore: 'src/db/restore-main.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'linked',
  // Node prints stack traces in the TypeScript's lines with --enable-source-maps.
  sourcesContent: false,
  plugins: [dependencies, moduleUrls],
  // The bundled CommonJS packages require Node's built-ins (and the packages above) by name;
  // an ES module has no `require` of its own, so the bundle makes one.
  banner: {
    js: "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
  metafile: true,
});
// A bundled package that reads files beside its own code would look for them beside dist/ (an
// ES module has no __dirname: it would throw) and fail only on the request that gets there;
// such a package belongs in UNBUNDLED. The one use in the bundle today is on a path the server
// never takes (mercurius's GraphiQL, which app.ts turns off), so each use is checked against
// that list and any new one fails the build.
const KNOWN_DIRNAME_USES = ['root: join(__dirname, "../static")'];
for (const file of Object.keys(result.metafile.outputs).filter((f) => f.endsWith('.js'))) {
  const unknown = readFileSync(path.resolve(root, file), 'utf8')
    .split('\n')
    .filter((line) => /\b__(dirname|filename)\b/.test(line))
    .filter((line) => !KNOWN_DIRNAME_USES.some((known) => line.includes(known)));
  if (unknown.length > 0) {
    console.error(
      `${file} uses __dirname or __filename in a bundled package (add the package to UNBUNDLED):\n${unknown.map((l) => `  ${l.trim()}`).join('\n')}`,
    );
    process.exit(1);
  }
}

// The compile cache dist/main.js uses (src/dist-main.ts), written now: the server's bundle is
// compiled once by a start that stops before it opens anything, at the configuration check
// (production settings, none given) or, in a release folder whose production install comes
// after the build (scripts/release.mjs), at resolving the first unbundled package. Node
// compiles a module before it links its imports, and writes the cache as the process exits.
const warmup = spawnSync(process.execPath, [path.join(outdir, 'main.js')], {
  env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production' },
  encoding: 'utf8',
  timeout: 60_000,
});
if (!/The server did not start|ERR_MODULE_NOT_FOUND/.test(warmup.stderr)) {
  console.error(
    `the compile cache warm-up should stop before the server starts:\n${warmup.stdout}${warmup.stderr}`,
  );
  process.exit(1);
}
const cacheDir = path.join(outdir, '.compile-cache');
if (existsSync(cacheDir)) {
  // Node writes its cache files for their owner alone; the image runs the server as another
  // user than the build (deploy/Dockerfile), which must be able to read them.
  for (const entry of readdirSync(cacheDir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    chmodSync(file, entry.isDirectory() ? 0o755 : 0o644);
  }
  chmodSync(cacheDir, 0o755);
} else {
  console.warn('warning: no compile cache was written (dist/main.js starts without it)');
}
const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(
  `server built in ${((performance.now() - started) / 1000).toFixed(1)} s: ${outputs
    .map(
      ([file, out]) => `${path.relative(process.cwd(), path.resolve(root, file))} ${kb(out.bytes)}`,
    )
    .join(', ')}`,
);
