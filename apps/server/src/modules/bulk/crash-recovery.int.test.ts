import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { bulkCharges, customerActions, sandboxGatewayCharges } from '../../db/schema/index';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../demo/seed';
import { freePort } from '../../../test/harness';

// Exactly once across a crash (issue 12, billing's drill): a real server process is killed
// between the gateway's charge for a bulk action and the commit that completes the action
// (BILLING_TEST_CRASH_AFTER_CHARGE), restarted on the same data, and must end with one charge
// and a completed action.

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const children: ChildProcess[] = [];
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-bulk-crash-'));
const API_KEY = 'crash-staff-api-key-0123456789';

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

function startServer(port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STAFF_API_KEY: API_KEY,
      ...env,
    },
  });
  children.push(child);
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', () => {});
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const ready = async () => {
    const start = Date.now();
    while (!stdout.includes('Demo sign-in')) {
      if (Date.now() - start > 90_000 || child.exitCode !== null) throw new Error('did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, exited, ready };
}

async function call<T>(base: string, token: string, query: string, variables = {}) {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as { data?: T; errors?: { extensions?: { code?: string } }[] };
}

async function signIn(base: string): Promise<string> {
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

const PURCHASE = `mutation P($id: ID!) { purchaseBulkWithChargebee(customerActionId: $id) {
  data { purchaseSucceeded actionCompleted } } }`;

describe('a bulk payment interrupted between the charge and the commit', () => {
  it('ends, after a restart, with one charge and a completed action', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const first = startServer(port, { BILLING_TEST_CRASH_AFTER_CHARGE: 'true' });
    await first.ready();
    const token = await signIn(base);
    const me = await call<{ customer: { id: string } }>(base, token, '{ customer { id } }');
    const customerId = me.data?.customer.id ?? '';
    const approved = await fetch(`${base}/staff/customers/${customerId}/bulk-orders/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${API_KEY}` },
      body: JSON.stringify({ vialCount: 3 }),
    });
    expect(approved.status).toBe(201);
    const { actionId } = (await approved.json()) as { actionId: string };

    // The process dies after the gateway charged, before the action completed.
    await expect(call(base, token, PURCHASE, { id: actionId })).rejects.toThrow();
    expect(await first.exited).toBe(70);

    const second = startServer(port);
    await second.ready();
    const token2 = await signIn(base);
    const action = await call<{ customerAction: { status: string } }>(
      base,
      token2,
      'query A($id: ID!) { customerAction(id: $id) { status } }',
      { id: actionId },
    );
    // Reconciliation at start found the gateway's charge and completed the action.
    expect(action.data?.customerAction.status).toBe('complete');
    // The customer's retry answers the first outcome and charges nothing more.
    const retry = await call<{
      purchaseBulkWithChargebee: { data: { purchaseSucceeded: boolean; actionCompleted: boolean } };
    }>(base, token2, PURCHASE, { id: actionId });
    expect(retry.data?.purchaseBulkWithChargebee.data).toEqual({
      purchaseSucceeded: true,
      actionCompleted: true,
    });
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);

    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      const ours = await database.db
        .select()
        .from(bulkCharges)
        .where(eq(bulkCharges.actionId, actionId));
      const gateway = await database.db
        .select()
        .from(sandboxGatewayCharges)
        .where(like(sandboxGatewayCharges.idempotencyKey, `bulk:${actionId}:%`));
      const [row] = await database.db
        .select()
        .from(customerActions)
        .where(eq(customerActions.id, actionId));
      expect(ours.map((c) => [c.status, c.actionCompleted, c.amount])).toEqual([
        ['succeeded', true, 149_700],
      ]);
      expect(gateway.map((c) => [c.status, c.amount])).toEqual([['succeeded', 149_700]]);
      expect(row?.status).toBe('complete');
    } finally {
      await database.close();
    }
  }, 240_000);
});
