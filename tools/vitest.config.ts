import { defineProject } from 'vitest/config';

// Checks of the repository itself: the lint rules bite, the pinned Node runs the tests.
export default defineProject({
  test: { name: 'tools', include: ['*.test.ts'], testTimeout: 120_000 },
});
