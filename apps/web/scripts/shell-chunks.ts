import type { Plugin } from 'vite';

// Issue 16: what every signed-in page renders (the data layer and the shell, with the MUI
// components, hooks and client code they use) as a few chunks instead of ~45 small ones.
// Rolldown splits the modules lazy screens share by the set of screens that import them, so
// after "Log in" home fetched 66 files when the password was filled in without typing (a password
// manager; typing prefetches them, lib/prefetch-home.ts), and on two cores the browser spent
// much of the way to the greeting on them. Every signed-in page loads these anyway.
// The group takes no module the sign-in page loads, nor the two screens' own modules (their
// chunks keep their names, for the network panel and the bench's route table).

const SHELL_ROOTS =
  /[\\/]src[\\/](?:app[\\/]data-layer\.tsx|features[\\/]shell[\\/]shell-layout\.tsx)$/;
/** What the sign-in page loads (or may, before Log in): never moved into the group. */
const SIGN_IN_SIDE =
  /[\\/]src[\\/](?:features[\\/]auth[\\/](?:sign-in-page|sign-in-screen|access-layout|sign-in-resolver)\.tsx?|lib[\\/]i18n-catalogue-\w+\.ts)$/;

interface ModuleGraph {
  getModuleIds(): IterableIterator<string>;
  getModuleInfo(id: string): { isEntry: boolean; importedIds: readonly string[] } | null;
}

/**
 * A package's root barrel (`@mui/material`'s index re-exports every component): the graph holds
 * all its imports, but tree-shaking keeps only what the importer names.
 */
function isBarrel(id: string, imports: readonly string[]): boolean {
  return /[\\/]node_modules[\\/]/.test(id) && /[\\/]index\.m?js$/.test(id) && imports.length > 20;
}

/** The static import closure of `roots`; `throughBarrels: false` stops at package barrels. */
function closure(
  graph: ModuleGraph,
  roots: Iterable<string>,
  throughBarrels: boolean,
): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const imports = graph.getModuleInfo(id)?.importedIds ?? [];
    if (throughBarrels || !isBarrel(id, imports)) stack.push(...imports);
  }
  return seen;
}

/**
 * A plugin that reads the module graph once it is built, and the `test` of the code-splitting
 * group it fills (vite.config.ts). Rolldown calls the tests after the build, when chunks are made.
 */
export function shellChunks(): { plugin: Plugin; test: (id: string) => boolean } {
  let shell = new Set<string>();
  return {
    plugin: {
      name: 'portal:shell-chunks',
      apply: 'build',
      buildEnd() {
        const ids = [...this.getModuleIds()];
        // The sign-in side stops at barrels: a module only a barrel names is not on its page.
        const signIn = closure(
          this,
          ids.filter((id) => this.getModuleInfo(id)?.isEntry === true || SIGN_IN_SIDE.test(id)),
          false,
        );
        shell = closure(
          this,
          ids.filter((id) => SHELL_ROOTS.test(id)),
          true,
        );
        for (const id of signIn) shell.delete(id);
      },
    },
    test: (id) => shell.has(id) && !SHELL_ROOTS.test(id),
  };
}
