// Runs the server's integration suite a second time on PostgreSQL when TEST_DATABASE_URL is
// set, and says plainly when it is not, so a missing database never passes silently.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL;
if (!url) {
  console.log(
    'PostgreSQL suite NOT RUN: TEST_DATABASE_URL is not set (the PGlite run covered the same tests).',
  );
  process.exit(0);
}
console.log(`PostgreSQL suite: running the server integration tests against ${new URL(url).host}`);
const result = spawnSync(
  'npx',
  // main.int.test.ts and main-operations.int.test.ts start the server process on its embedded
  // PGlite whatever the suite runs on: the PGlite run covered them.
  [
    'vitest',
    'run',
    '--project',
    'server',
    '.int.test.ts',
    '--exclude',
    '**/main.int.test.ts',
    '--exclude',
    '**/main-operations.int.test.ts',
  ],
  {
    stdio: 'inherit',
    env: { ...process.env, PORTAL_TEST_DB: 'postgres' },
  },
);
process.exit(result.status ?? 1);
