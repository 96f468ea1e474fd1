import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { muiAliases } from './mui-build.ts';

export default defineProject({
  plugins: [react()],
  resolve: { alias: muiAliases },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    // One jsdom and one module graph per worker instead of per file: setting up jsdom and
    // importing MUI for each of the 22 files was most of the suite's time. The files stay
    // independent: src/test/setup.ts cleans up the DOM, storage, mocks and globals after each
    // test, and the suite passes shuffled (`--sequence.shuffle`).
    isolate: false,
    // Whole-app tests load lazy route chunks on first use; a cold transform takes seconds.
    testTimeout: 20_000,
  },
});
