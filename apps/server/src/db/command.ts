import { ConfigError } from '../config';
import { BackupError } from './backup';
import { DatabaseStepError } from './database-error';
import { DataDirInUseError } from './pglite-lock';

/** Errors whose message says all an operator needs: printed alone, without a stack. */
const EXPECTED = [ConfigError, BackupError, DatabaseStepError, DataDirInUseError];

/**
 * Runs one of the data commands (migrate, backup, restore): what it prints on success, the
 * reason on failure, and the exit code a deploy pipeline or a shell script checks (0 or 1).
 */
export function runCommand(name: string, work: () => Promise<string[]>): void {
  work().then(
    (lines) => {
      process.stdout.write(`${lines.join('\n')}\n`);
      process.exit(0);
    },
    (error: unknown) => {
      const expected = EXPECTED.some((type) => error instanceof type);
      const text =
        error instanceof Error
          ? expected
            ? error.message
            : (error.stack ?? error.message)
          : String(error);
      process.stderr.write(`${name} failed: ${text}\n`);
      process.exit(1);
    },
  );
}
