import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';

/**
 * One process at a time on an embedded database directory. PGlite opens a directory another
 * process has open without a word, and two writers corrupt it; its own postmaster.pid holds a
 * made-up pid (-42), so it cannot tell a running server from one that was killed. So the
 * process that opens the directory writes its real pid beside it (`<dir>.lock`), and a second
 * server, or the backup and restore commands, refuse while that process lives. A lock left by
 * a killed process is taken over.
 */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
}

export interface DataDirClaim {
  release(): void;
}

export function claimDataDir(dir: string): DataDirClaim {
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && processLives(holder)) {
        throw new DataDirInUseError(
          `${dir} is open in process ${String(holder)} (a running server?): stop it first. ` +
            `If no such process is yours, remove ${file}.`,
        );
      }
      // Left by a process that is gone (or by this one): take it over.
      rmSync(file, { force: true });
      continue;
    }
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return { release: () => rmSync(file, { force: true }) };
  }
  throw new DataDirInUseError(`${dir}: another process claimed it at the same moment`);
}

function processLives(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it lives, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
