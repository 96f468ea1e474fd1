import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

// The project pins its Node in the root package.json (devDependencies.node); `npm run` puts
// that binary first on PATH, so the tests run on it, not on whatever node the machine has.
it('runs the tests on the pinned Node major', () => {
  const pkg = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../package.json'), 'utf8'),
  ) as { devDependencies: Record<string, string> };
  const pinnedMajor = /\d+/.exec(pkg.devDependencies.node ?? '')?.[0];
  console.log(`vitest runs on Node ${process.version} (pinned: ${pkg.devDependencies.node})`);
  expect(pinnedMajor).toBeDefined();
  expect(process.versions.node.split('.')[0]).toBe(pinnedMajor);
});
