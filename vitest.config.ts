import { defineConfig } from 'vitest/config';

// One runner, one project per workspace (and tools/, the repository's own checks):
// `npm run test:unit` runs them all.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web', 'tools'],
  },
});
