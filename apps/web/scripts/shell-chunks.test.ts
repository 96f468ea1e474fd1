import { describe, expect, it } from 'vitest';
import { shellChunks } from './shell-chunks';

const SRC = '/app/apps/web/src';
const NM = '/app/node_modules';

/** A module graph as Rolldown's plugin context shows it: static imports only. */
function graph(modules: Record<string, string[]>, entry: string) {
  return {
    getModuleIds: () => Object.keys(modules)[Symbol.iterator](),
    getModuleInfo: (id: string) =>
      id in modules ? { isEntry: id === entry, importedIds: modules[id] ?? [] } : null,
  };
}

/** Runs the plugin's buildEnd on the graph and answers the group's test. */
function run(modules: Record<string, string[]>, entry: string): (id: string) => boolean {
  const chunks = shellChunks();
  const buildEnd = chunks.plugin.buildEnd as (this: unknown) => void;
  buildEnd.call(graph(modules, entry));
  return chunks.test;
}

describe('shellChunks (issue 16: what every signed-in page renders, in a few files)', () => {
  const barrel = `${NM}/@mui/material/index.mjs`;
  const components = Array.from({ length: 25 }, (_, i) => `${NM}/@mui/material/C${i}/C${i}.mjs`);
  const modules: Record<string, string[]> = {
    [`${SRC}/main.tsx`]: [`${SRC}/lib/i18n.ts`],
    [`${SRC}/lib/i18n.ts`]: [],
    // The sign-in screen names one component through the package's barrel.
    [`${SRC}/features/auth/sign-in-screen.tsx`]: [barrel, `${SRC}/components/text-input.tsx`],
    [`${SRC}/components/text-input.tsx`]: [],
    [barrel]: components,
    ...Object.fromEntries(components.map((id) => [id, []])),
    [`${SRC}/app/data-layer.tsx`]: [`${SRC}/lib/api/graphql-client.ts`],
    [`${SRC}/lib/api/graphql-client.ts`]: [`${SRC}/lib/i18n.ts`],
    [`${SRC}/features/shell/shell-layout.tsx`]: [
      components[3] ?? '',
      `${SRC}/components/text-input.tsx`,
      `${SRC}/features/shell/nav.tsx`,
    ],
    [`${SRC}/features/shell/nav.tsx`]: [],
    [`${SRC}/features/labs/labs-screen.tsx`]: [components[7] ?? ''],
  };
  const test = run(modules, `${SRC}/main.tsx`);

  it('takes what the shell and the data layer import, but not the two screens themselves', () => {
    expect(test(`${SRC}/lib/api/graphql-client.ts`)).toBe(true);
    expect(test(`${SRC}/features/shell/nav.tsx`)).toBe(true);
    expect(test(components[3] ?? '')).toBe(true);
    expect(test(`${SRC}/features/shell/shell-layout.tsx`)).toBe(false);
    expect(test(`${SRC}/app/data-layer.tsx`)).toBe(false);
  });

  it('leaves what the sign-in page loads where it is, and what only another screen uses', () => {
    expect(test(`${SRC}/lib/i18n.ts`)).toBe(false);
    expect(test(`${SRC}/components/text-input.tsx`)).toBe(false);
    expect(test(components[7] ?? '')).toBe(false);
    expect(test(`${SRC}/features/labs/labs-screen.tsx`)).toBe(false);
  });

  it('does not count every component a barrel re-exports as on the sign-in page', () => {
    // Without the barrel rule, components[3] (the shell's) would be "on the sign-in page".
    const noBarrel = run({ ...modules, [barrel]: components.slice(0, 5) }, `${SRC}/main.tsx`);
    expect(noBarrel(components[3] ?? '')).toBe(false);
    expect(test(components[3] ?? '')).toBe(true);
  });
});
