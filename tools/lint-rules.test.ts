import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Lints tools/lint-fixtures with the project's own eslint.config.js and expects exactly the
// errors each fixture line announces with `// expect: <rule>`: every boundary rule bites, and
// the allowed imports beside them stay allowed.
const repoRoot = path.resolve(import.meta.dirname, '..');
const fixtures = path.join(repoRoot, 'tools/lint-fixtures');

type Finding = `${string}:${number} ${string}`;
let found: Finding[] = [];
let expected: Finding[] = [];

beforeAll(async () => {
  // The main config ignores the fixtures so that `eslint .` stays green; lint them here anyway.
  const eslint = new ESLint({ cwd: repoRoot, ignore: false });
  const results = await eslint.lintFiles([`${fixtures}/**/*.ts`]);
  for (const result of results) {
    const file = path.relative(fixtures, result.filePath);
    for (const message of result.messages) {
      found.push(`${file}:${message.line} ${message.ruleId ?? message.message}`);
    }
    readFileSync(result.filePath, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        const rule = /\/\/ expect: (\S+)/.exec(line)?.[1];
        if (rule) expected.push(`${file}:${index + 1} ${rule}`);
      });
  }
  found = found.sort();
  expected = expected.sort();
  // Type-aware linting builds a TypeScript program first: seconds alone, more beside a busy
  // unit run on two cores (it timed out at the default 10 s there).
}, 60_000);

const expectedIn = (dir: string, rule: string) =>
  expected.filter((f) => f.startsWith(dir) && f.endsWith(` ${rule}`));

describe('eslint.config.js on tools/lint-fixtures', () => {
  it('reports exactly the marked lines and nothing else', () => {
    expect(found).toEqual(expected);
  });

  it('stops a feature importing another feature, app/ or (outside tests) src/test/', () => {
    const web = expectedIn('apps/web/src/features/', 'import-x/no-restricted-paths');
    expect(web).toContain(
      'apps/web/src/features/alpha/alpha-screen.ts:2 import-x/no-restricted-paths',
    );
    expect(web).toContain(
      'apps/web/src/features/alpha/alpha-screen.ts:3 import-x/no-restricted-paths',
    );
    expect(web).toContain(
      'apps/web/src/features/alpha/alpha-screen.ts:4 import-x/no-restricted-paths',
    );
    expect(web).toContain(
      'apps/web/src/features/alpha/alpha-screen.test.ts:2 import-x/no-restricted-paths',
    );
  });

  it('stops components/ and lib/ importing features/ or app/', () => {
    expect(expectedIn('apps/web/src/components/', 'import-x/no-restricted-paths')).toHaveLength(2);
  });

  it('keeps a store inside its module, modules off the composition root, platform off identity', () => {
    expect(
      expectedIn('apps/server/src/modules/billing/service.ts', 'import-x/no-restricted-paths'),
    ).toHaveLength(2);
    expect(expectedIn('apps/server/test/', 'import-x/no-restricted-paths')).toHaveLength(1);
    expect(
      expectedIn('apps/server/src/modules/orders/', 'import-x/no-restricted-paths'),
    ).toHaveLength(2);
    expect(expectedIn('apps/server/src/platform/', 'import-x/no-restricted-paths')).toHaveLength(1);
  });

  it('keeps the domain pure: no Date.now(), new Date(), Math.random, process.env, node:*', () => {
    expect(expectedIn('packages/domain/src/impure.ts', 'no-restricted-syntax')).toHaveLength(6);
    expect(expectedIn('packages/domain/src/impure.ts', 'no-restricted-globals')).toHaveLength(1);
    expect(expectedIn('packages/domain/src/impure.ts', 'no-restricted-imports')).toHaveLength(2);
  });

  it('keeps a module to its own tables and the catalogue, and audit rows to the unit of work', () => {
    const store = 'apps/server/src/modules/billing/invoice-store.ts';
    expect(expectedIn(store, 'import-x/no-restricted-paths')).toEqual([
      `${store}:3 import-x/no-restricted-paths`,
      `${store}:4 import-x/no-restricted-paths`,
    ]);
    expect(expectedIn(store, 'no-restricted-syntax')).toEqual([`${store}:7 no-restricted-syntax`]);
  });

  it('keeps GraphQL at the edges: the kit below the modules, the host above, services without it', () => {
    const rule = 'import-x/no-restricted-paths';
    expect(expectedIn('apps/server/src/graphql/context.ts', rule)).toHaveLength(1);
    expect(expectedIn('apps/server/src/modules/billing/pricing.ts', rule)).toHaveLength(1);
    expect(expectedIn('apps/server/src/modules/billing/schema-invoices.ts', rule)).toHaveLength(1);
    // A schema file may use the kit (modules/billing/schema.ts has no marked line).
    expect(expectedIn('apps/server/src/modules/billing/schema.ts', rule)).toHaveLength(0);
  });
});

describe('.dependency-cruiser.cjs on tools/lint-fixtures', () => {
  it('finds every circle of files, type-only imports included', async () => {
    const { cruise } = await import('dependency-cruiser');
    const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as {
      forbidden: unknown[];
      options: { exclude: { path: string[] } } & Record<string, unknown>;
    };
    const exclude = config.options.exclude.path.filter((p) => p !== 'tools/lint-fixtures');
    const result = await cruise([path.relative(repoRoot, fixtures)], {
      ...config.options,
      exclude: { path: exclude },
      ruleSet: { forbidden: config.forbidden },
      validate: true,
      baseDir: repoRoot,
    } as never);
    const output = result.output as {
      summary: {
        violations: { from: string; rule: { name: string }; cycle?: { name: string }[] }[];
      };
    };
    const inCircles = output.summary.violations
      .filter((v) => v.rule.name === 'no-circular')
      .flatMap((v) => [v.from, ...(v.cycle ?? []).map((step) => step.name)]);
    const circular = [...new Set(inCircles)]
      .map((file) => path.relative('tools/lint-fixtures', file))
      .sort();
    expect(circular).toEqual([
      'packages/domain/src/cycle-a.ts',
      'packages/domain/src/cycle-b.ts',
      'packages/domain/src/type-cycle-a.ts',
      'packages/domain/src/type-cycle-b.ts',
    ]);
  });
});
