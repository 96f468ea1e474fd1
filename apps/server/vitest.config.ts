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
    // One module graph per worker instead of per file, as in the web project: importing the
    // server (Fastify, Mercurius, Pothos, drizzle) for each of the ~100 files was a third of the
    // unit stage. Files stay independent: each builds its own server and database, and none
    // mocks a module (a module mock would not reach a module another file loaded first).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
