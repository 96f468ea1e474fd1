import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { TOKEN_EXCHANGE } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePort } from '../test/harness';
import {
  imageHealthcheck,
  startServerProcess,
  webOperations,
  webRequest,
  type ServerProcess,
} from '../test/process';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo/seed';
import { DEMO_STAFF_ACCOUNT } from './demo/seed-messaging';
import { rememberStaffSecret, staffSignIn } from '../test/staff-sign-in';
import { GOING_AWAY_CLOSE_CODE, SHUTDOWN_DEADLINE_MS } from './platform/lifecycle';

// The server as an operator runs it (main.ts in its own process, embedded PGlite, demo data):
// a customer's journey and a care-team message, then SIGTERM under load; every line it logged
// is then read for the demo customers' personal data and for the tokens it handed out
// (issue 40: "Health, drain, metrics, logs").

const DRAIN_DELAY_MS = 1_000;

/** What identifies the demo people (demo/seed.ts): none of it may reach a log line. */
const PERSONAL = [
  ...DEMO_ACCOUNTS.map((a) => a.email),
  DEMO_STAFF_ACCOUNT.email,
  // The authenticator secret is no person's data, but it must never be logged either.
  DEMO_STAFF_ACCOUNT.totpSecret,
  DEMO_PASSWORD,
  ...['Alejandro', 'Rivera', 'Samantha', 'Okafor', 'Brooks'],
  ...['1986-04-12', '1991-09-30', '1990-02-18'],
  ...['4155550123', '6465550188', '4155550147'],
  '1450 Mission St',
  '2200 Broadway',
];

/** The start banner main.ts prints for people (demo sign-in included): not log lines. */
const BANNER = [
  /^$/,
  /^Patient portal \S+ is running at /,
  /^(Demo data was seeded\. )?Demo sign-in:$/,
  /^ {2}\S+@example\.com +DemoPass1 {3}/,
  // The demo staff accounts' published authenticator secrets (demo/seed-messaging.ts).
  /^ {2} +authenticator secret [A-Z2-7]+$/,
  /^Mail goes to the development outbox: /,
];

const operations = webOperations();
let server: ServerProcess;
let base: string;
let port: number;
let dataDir: string;
/** Every token the server handed out in this file: none may reach a log line either. */
const tokens: string[] = [];

async function json<T>(
  route: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${base}${route}`, init);
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as T };
}

async function signIn(email: string): Promise<{ access: string; refresh: string }> {
  const signedIn = await json<{ idToken: string; refreshToken: string }>('/identity/sign-in', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(signedIn.status).toBe(200);
  const exchanged = await json<{ access_token: string }>('/connect/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: TOKEN_EXCHANGE.grantType,
      client_id: TOKEN_EXCHANGE.clientId,
      scope: TOKEN_EXCHANGE.scope,
      subject_token: signedIn.body.idToken,
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
    }),
  });
  tokens.push(signedIn.body.idToken, signedIn.body.refreshToken, exchanged.body.access_token);
  return { access: exchanged.body.access_token, refresh: signedIn.body.refreshToken };
}

function errorCode(error: unknown): string {
  return (error as { cause?: { code?: string } }).cause?.code ?? String(error);
}

/** A keep-alive connection that made one request and is left idle; resolves when it closes. */
async function keptAliveIdleConnection(): Promise<{ closedAt: Promise<number> }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const socketOf = await new Promise<Socket>((resolve, reject) => {
    const request = http.get(`${base}/livez`, { agent }, (response) => {
      response.resume();
      response.on('end', () => resolve(request.socket as Socket));
    });
    request.on('error', reject);
  });
  const closedAt = new Promise<number>((resolve) =>
    socketOf.on('close', () => resolve(Date.now())),
  );
  return { closedAt };
}

/** Runs the image's HEALTHCHECK command (deploy/Dockerfile) against this server; its exit code. */
function healthcheck(): number | null {
  const [node, ...args] = imageHealthcheck();
  expect(node).toBe('node');
  return spawnSync(process.execPath, args, { env: { PORT: String(port) }, timeout: 10_000 }).status;
}

/** Sends one of the web app's operations as the web app does. */
function send(access: string, name: string, variables: Record<string, unknown> = {}) {
  const request = webRequest(operations, name, variables);
  return fetch(`${base}${request.path}`, {
    method: request.method,
    headers: {
      authorization: `Bearer ${access}`,
      ...(request.body ? { 'content-type': 'application/json' } : {}),
    },
    body: request.body,
  });
}

async function run<T>(access: string, name: string, variables: Record<string, unknown> = {}) {
  const response = await send(access, name, variables);
  const answer = {
    status: response.status,
    body: (await response.json()) as { data?: T; errors?: unknown[] },
  };
  expect(answer.status, name).toBe(200);
  expect(answer.body.errors, name).toBeUndefined();
  return answer.body.data as T;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-ops-'));
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startServerProcess({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: 'info',
    DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
  });
  await server.waitForLine((line) => line.includes('is running at'), 80_000);
}, 90_000);

afterAll(() => {
  server?.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the server process in operation', () => {
  it("is live, and ready once migrated and listening; the image's health check passes", async () => {
    expect(healthcheck()).toBe(0);
    expect(await json('/livez')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await json('/readyz')).toEqual({
      status: 200,
      body: { status: 'ready', checks: { draining: 'ok', database: 'ok', migrations: 'ok' } },
    });
  });

  it("serves a customer's journey and a care-team message", async () => {
    const alex = await signIn(DEMO_ACCOUNTS[0].email);
    const { customer } = await run<{ customer: { id: string; first_name: string } }>(
      alex.access,
      'GetCustomerData',
    );
    expect(customer.first_name).toBe('Alejandro');
    // Home, messages, billing, visits, labs, weight: what the web app asks on those pages.
    for (const name of [
      'GetSduiModules',
      'GetFeatureFlags',
      'GetInvoices',
      'GetCustomerPaymentSources',
      'GetBillingAddresses',
      'GetActiveTreatments',
      'GetCustomerMeasurements',
    ]) {
      await run(alex.access, name);
    }
    const { providerMessages } = await run<{ providerMessages: { id: string }[] }>(
      alex.access,
      'GetProviderMessages',
      { customerId: customer.id },
    );
    expect(providerMessages.length).toBeGreaterThan(0);
    await run(alex.access, 'UpdateProviderMessageRead', { messageId: providerMessages[0]?.id });
    // A write that carries personal data in its variables (the phone number, unchanged).
    await run(alex.access, 'UpdatePhone', { customerId: customer.id, phone: '4155550123' });
    // A wrong password, and an email nobody has: both are logged as refusals.
    const refused = await json('/identity/sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ACCOUNTS[0].email, password: 'WrongPass9' }),
    });
    expect(refused.status).toBe(401);
    // The care team posts a message to the customer (the staff API).
    // Password and second factor: the demo account is enrolled with its published secret.
    rememberStaffSecret({ url: base }, DEMO_STAFF_ACCOUNT.email, DEMO_STAFF_ACCOUNT.totpSecret);
    const staff = {
      body: {
        access_token: (await staffSignIn({ url: base }, DEMO_STAFF_ACCOUNT.email, DEMO_PASSWORD))
          .accessToken,
      },
    };
    tokens.push(staff.body.access_token);
    const posted = await json(`/staff/customers/${customer.id}/messages`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${staff.body.access_token}`,
      },
      body: JSON.stringify({ type: 'treatment_update', html: '<p>Hello Alejandro</p>' }),
    });
    expect(posted.status).toBe(201);
    const signedOut = await fetch(`${base}/identity/sign-out`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: alex.refresh }),
    });
    expect(signedOut.status).toBe(204);
  });

  it('drains on SIGTERM: ready turns 503 at once, no request fails, sockets get 1001, exit 0 within 10 s', async () => {
    const taylor = await signIn(DEMO_ACCOUNTS[3].email);
    // A live-updates socket, as the web app opens one (graphql-ws over ws).
    const socket = new WebSocket(`${base.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    const socketClosed = new Promise<{ code: number; at: number }>((resolve) =>
      socket.on('close', (code) => resolve({ code, at: Date.now() })),
    );
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(
      JSON.stringify({
        type: 'connection_init',
        payload: { authorization: `Bearer ${taylor.access}` },
      }),
    );
    await new Promise((resolve) => socket.once('message', resolve));
    socket.send(
      JSON.stringify({
        id: '1',
        type: 'subscribe',
        payload: { query: operations.get('ProviderMessagesChanged')?.query },
      }),
    );
    // A kept-alive connection that goes idle before the signal: it must not hold the exit
    // (Fastify's keep-alive timeout is 72 s).
    const idle = await keptAliveIdleConnection();

    // The load balancer's view: it asks /readyz every 250 ms (DRAIN_DELAY_MS is the longest
    // it may take to notice) and sends nothing more here once the answer is not 200.
    const ready: { started: number; status: number | string }[] = [];
    let balancerSends = true;
    const balancer = (async () => {
      for (;;) {
        const started = Date.now();
        try {
          const response = await fetch(`${base}/readyz`);
          await response.arrayBuffer();
          ready.push({ started, status: response.status });
          if (response.status !== 200) balancerSends = false;
        } catch (error) {
          ready.push({ started, status: errorCode(error) });
          balancerSends = false;
          if (errorCode(error) === 'ECONNREFUSED') return;
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();

    // A little load: six clients on keep-alive connections, sending while the balancer does.
    type Outcome = { started: number; status?: number; error?: string };
    const outcomes: Outcome[] = [];
    const client = async (n: number) => {
      for (let i = 0; balancerSends; i += 1) {
        const started = Date.now();
        try {
          const kind = (n + i) % 3;
          const response =
            kind === 0
              ? await fetch(`${base}/config.json`)
              : kind === 1
                ? await send(taylor.access, 'GetCustomerData')
                : await send(taylor.access, 'GetActiveTreatments');
          await response.arrayBuffer();
          outcomes.push({ started, status: response.status });
        } catch (error) {
          outcomes.push({ started, error: errorCode(error) });
        }
      }
    };
    const clients = Array.from({ length: 6 }, (_, n) => client(n));
    await new Promise((resolve) => setTimeout(resolve, 600));

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await Promise.all(clients);
    await balancer;
    const exit = await server.exited;
    const closed = await socketClosed;

    const failed = outcomes.filter((o) => o.error !== undefined || o.status !== 200);
    const draining = outcomes.filter((o) => o.started >= signalled);
    const notReady = ready.find((r) => r.started >= signalled && r.status !== 200);
    const refused = ready.find((r) => r.status === 'ECONNREFUSED');
    process.stdout.write(
      `drain: ${outcomes.length} requests, ${draining.length} of them sent after SIGTERM ` +
        `(before the balancer's check saw 503 at +${String((notReady?.started ?? NaN) - signalled)} ms), ` +
        `${failed.length} failed; listener refused at +${String((refused?.started ?? NaN) - signalled)} ms; ` +
        `websocket closed ${closed.code} at +${closed.at - signalled} ms; idle keep-alive closed by the ` +
        `server at +${String((await idle.closedAt) - signalled)} ms; exit ${String(exit.code)} at +${exit.at - signalled} ms\n`,
    );
    expect(failed.map((f) => ({ ...f, started: f.started - signalled }))).toEqual([]);
    expect(draining.length).toBeGreaterThan(0);
    // Readiness failed from the signal on; the listener then served until DRAIN_DELAY_MS.
    expect(notReady?.status).toBe(503);
    expect(notReady!.started - signalled).toBeLessThan(400);
    expect(refused!.started - signalled).toBeGreaterThanOrEqual(DRAIN_DELAY_MS - 50);
    expect(closed.code).toBe(GOING_AWAY_CLOSE_CODE);
    expect(closed.at - signalled).toBeLessThan(DRAIN_DELAY_MS);
    expect(await idle.closedAt).toBeLessThan(exit.at);
    expect(exit.code).toBe(0);
    expect(exit.at - signalled).toBeLessThan(SHUTDOWN_DEADLINE_MS);
    expect(server.lines.some((line) => line.includes('drained and closed'))).toBe(true);
    expect(healthcheck()).toBe(1);
  }, 40_000);

  it('logged JSON lines with the request id, and no personal data or token', () => {
    const logged = server.lines.filter((line) => line.startsWith('{'));
    const other = server.lines.filter((line) => !line.startsWith('{'));
    expect(other.filter((line) => !BANNER.some((pattern) => pattern.test(line)))).toEqual([]);
    const records = logged.map((line) => JSON.parse(line) as Record<string, unknown>);
    const requestLines = records.filter((r) => 'req' in r || 'res' in r);
    expect(requestLines.length).toBeGreaterThan(50);
    expect(requestLines.filter((r) => typeof r.reqId !== 'string')).toEqual([]);
    expect(tokens.length).toBe(7);
    const leaks = (lines: string[]) =>
      lines.flatMap((line) =>
        [...PERSONAL, ...tokens]
          .filter((secret) => line.includes(secret))
          .map((secret) => `${secret.slice(0, 12)}… in ${line.slice(0, 200)}`),
      );
    expect(leaks(logged)).toEqual([]);
    // The control: the same scan finds the demo emails and password the banner prints for people.
    expect(leaks(other).length).toBeGreaterThanOrEqual(DEMO_ACCOUNTS.length);
  });
});
