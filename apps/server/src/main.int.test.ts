import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/harness';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(() => {
  for (const child of children) child.kill('SIGTERM');
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Starts `src/main.ts` as `npm start` does (after the web build), collecting its output. */
function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

async function until(check: () => boolean, ms: number): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the server process', () => {
  it('refuses to start on a bad value and says which', async () => {
    const run = startMain({ PORT: 'eighty', DATA_DIR: os.tmpdir() });
    expect(await run.exited).toBe(1);
    expect(run.output().stderr).toContain('PORT');
    expect(run.output().stderr).toContain('did not start');
  });

  it('starts on an empty data directory with nothing else running, seeds demo data and serves the demo sign-in', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-main-'));
    dirs.push(dataDir);
    const port = await freePort();
    const run = startMain({ PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1' });
    await until(() => run.output().stdout.includes('Demo sign-in'), 60_000);
    const printed = run.output().stdout;
    expect(printed).toContain('alex.rivera@example.com');
    expect(printed).toContain('DemoPass1');
    expect(printed).toContain('embedded PGlite');

    const base = `http://127.0.0.1:${port}`;
    const signIn = await fetch(`${base}/identity/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'alex.rivera@example.com', password: 'DemoPass1' }),
    });
    const { idToken } = (await signIn.json()) as { idToken: string };
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
    const { access_token } = (await exchange.json()) as { access_token: string };
    const data = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
      body: JSON.stringify({
        query: 'query GetCustomerData { customer { first_name preferred_name } }',
      }),
    });
    expect(await data.json()).toEqual({
      data: { customer: { first_name: 'Alejandro', preferred_name: 'Alex' } },
    });

    // The signing key was generated under DATA_DIR, so tokens survive a restart.
    const jwks = (await (await fetch(`${base}/.well-known/jwks.json`)).json()) as {
      keys: unknown[];
    };
    expect(jwks.keys).toHaveLength(1);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  }, 90_000);
});
