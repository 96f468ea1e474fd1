// `npm run typecheck`: every TypeScript project of the repository checked by TypeScript 7, the
// native compiler (the `typescript7` alias of typescript@7; `tsc` itself stays TypeScript 6,
// whose JavaScript API typescript-eslint, the typed lint, still needs: its peer range ends
// below 6.1). Measured on the two-core CI machine kind, both while other work loaded it: these
// six projects took 75 CPU-s with TypeScript 6 and 36 with TypeScript 7, the same code passing.
//   node scripts/typecheck.mjs              every project
//   node scripts/typecheck.mjs apps/web     only these (folders holding a tsconfig.json, relative
//                                          to the current folder)
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const PROJECTS = ['packages/domain', 'apps/server', 'apps/web', 'e2e', 'bench', 'tools'];

const root = path.resolve(import.meta.dirname, '..');
// The package exports only its package.json; its launcher sits beside it.
const tscPackage = createRequire(import.meta.url).resolve('typescript7/package.json');
const tsc = path.join(path.dirname(tscPackage), 'bin', 'tsc');
// Named folders are relative to where the command runs (a workspace's script passes `.`).
const wanted = process.argv.slice(2).map((dir) => path.resolve(dir));
const projects = wanted.length > 0 ? wanted : PROJECTS.map((dir) => path.join(root, dir));

let failed = 0;
for (const project of projects) {
  const started = Date.now();
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(project, 'tsconfig.json')], {
    cwd: root,
    stdio: 'inherit',
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const status = result.status === 0 ? 'no errors' : `FAILED (exit ${result.status ?? 'signal'})`;
  console.log(`typecheck ${path.relative(root, project) || '.'}: ${status} in ${seconds} s`);
  if (result.status !== 0) failed += 1;
}
process.exit(failed > 0 ? 1 : 0);
