import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/demo/seed';

// Test-only: real server processes on one data folder, for the exactly-once drills that kill a
// server mid-payment (BILLING_TEST_CRASH_AFTER_CHARGE) and start another on the same data.

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const START_WAIT_MS = 150_000;

export interface ServerProcess {
  child: ChildProcess;
  /** The exit code (70 when the crash switch fired). */
  exited: Promise<number | null>;
  /** Resolves once the server has seeded and listens. */
  ready(): Promise<void>;
}

/** One data folder and the processes started on it; `cleanup` stops them and removes it. */
export function crashDrill(prefix: string, baseEnv: Record<string, string> = {}) {
  const children: ChildProcess[] = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));

  function start(port: number, env: Record<string, string> = {}): ServerProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ...baseEnv,
        ...env,
      },
    });
    children.push(child);
    let stdout = '';
    child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr?.on('data', () => {});
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const ready = async () => {
      const begun = Date.now();
      while (!stdout.includes('Demo sign-in')) {
        // Started from source (tsx), beside the browser suite on a loaded 2-core CI machine:
        // ~27 s alone, and twice over 90 s in one run (issue 46), so the wait is generous; a
        // server that exits is still seen at once.
        if (Date.now() - begun > START_WAIT_MS || child.exitCode !== null) {
          throw new Error('did not start');
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    return { child, exited, ready };
  }

  function cleanup() {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }

  return { dataDir, start, cleanup };
}

/** A GraphQL call with a bearer token. */
export async function call<T>(base: string, token: string, query: string, variables = {}) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: T; errors?: { extensions?: { code?: string } }[] };
}

/** Signs the first demo customer in and exchanges the ID token for a data-API token. */
export async function signInDemo(base: string): Promise<string> {
  const res = await fetch(`${base}/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNTS[0].email, password: DEMO_PASSWORD }),
  });
  const { idToken } = (await res.json()) as { idToken: string };
  const exchange = await fetch(`${base}/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      client_id: 'customer-portal',
      scope: 'graphql',
      subject_token: idToken,
    }),
  });
  return ((await exchange.json()) as { access_token: string }).access_token;
}
