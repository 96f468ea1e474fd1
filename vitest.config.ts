import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner, one project per workspace (and tools/, the repository's own checks):
// `npm run test:unit` runs them all.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web', 'tools'],
    // A worker per core. Vitest's default for `run` is one fewer than the cores, which on the
    // two-core CI machine is a single worker: one file at a time, the other core left to the
    // main process's transforms (idle once the modules are in). Every file builds its own
    // server and database, so files run side by side as they do on a developer's bigger machine.
    maxWorkers: availableParallelism(),
  },
});
