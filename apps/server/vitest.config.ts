import { defineProject } from 'vitest/config';

export default defineProject({
  // Pothos and Mercurius load graphql's CommonJS build; make Vite's resolution agree, or the
  // schema's types come from two copies of graphql ("another module or realm").
  resolve: { alias: { graphql: 'graphql/index.js' } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['./test/global-setup.ts'],
    setupFiles: ['./test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
