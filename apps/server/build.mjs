// `npm run build -w apps/server`: compiles the server into dist/ for `node dist/main.js`, with
// no tsx and no TypeScript at run time (issue 40). esbuild bundles our own code, the server's
// and @portal/domain's (a workspace package whose entry is TypeScript source, so it cannot be
// loaded as it is), one file per command; every npm package stays an import, resolved from
// node_modules at run time, so a production install (`npm ci --omit=dev`) is all it needs.
// Type checking stays with `npm run typecheck`. `node build.mjs <dir>` writes to <dir> instead
// (scripts/release.mjs builds a release's apps/server/dist this way); the code expects dist/
// to sit beside drizzle/ and two levels under the root package.json, as apps/server/dist does.
import { readFileSync } from 'node:fs';
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
 * Bare imports stay imports, except our workspace packages (bundled). One that only a dev
 * install has (tsx, ws, vitest…) fails the build here rather than the server in production.
 */
const dependencies = {
  name: 'dependencies',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || builtins.has(args.path)) {
        return { path: args.path, external: true };
      }
      const name = packageOf(args.path);
      if (workspacePackages.has(name)) return undefined;
      if (!production.has(name)) {
        return {
          errors: [
            {
              text: `${name} is imported by ${path.relative(root, args.importer)} but is not a production dependency of the server or @portal/domain`,
            },
          ],
        };
      }
      return { path: args.path, external: true };
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
    main: 'src/main.ts',
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
  logLevel: 'warning',
  metafile: true,
});
const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(
  `server built in ${((performance.now() - started) / 1000).toFixed(1)} s: ${outputs
    .map(
      ([file, out]) => `${path.relative(process.cwd(), path.resolve(root, file))} ${kb(out.bytes)}`,
    )
    .join(', ')}`,
);
