import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { json } from './support-api';

// The demo care team on the staff API: addresses, plans, notifications, visits and ID checks
// for a test's own customers (support-customers.ts makes them).

// The demo admin (apps/server/src/demo/seed-messaging.ts DEMO_ADMIN_ACCOUNT): the specs set
// feature flags and SDUI modules, which are admin-only. Its authenticator secret is published
// with the demo (development only), so the helper makes its codes.
const STAFF = { email: 'care.admin@example.com', password: 'DemoPass1' };
const STAFF_TOTP_SECRET = 'DEMOADMINSECRETDEMOADMINSECRET22';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface Visit {
  id: string;
  start: string;
  end: string;
}

/** What giveBilledPlan gave: the subscription on its contract, and the saved card. */
export interface BilledPlan {
  subscriptionId: string;
  contractId: string;
  paymentSourceId: string | null;
}

interface Failure {
  error?: { code?: string };
}

let staffToken: string | undefined;

const STEP_MS = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An authenticator code of `secret` that no other sign-in of this run has used, handed to
 * `use` (which submits it and waits for the answer). The server takes each 30-second step's
 * code once per account (staff_factors.last_step), and the specs of both workers sign in as
 * the same demo accounts: without this, two sign-ins in one step raced, and under load a
 * sign-in could lose three steps in a row. Sign-ins of one account take turns (a lock folder
 * in the run's data directory, which every worker shares) and each takes the step after the
 * last one used, waiting while that step is more than one ahead.
 */
async function withFreshStep<T>(secret: string, use: (code: string) => Promise<T>): Promise<T> {
  const dir = process.env.PORTAL_E2E_DATA_DIR ?? os.tmpdir();
  const name = createHash('sha256').update(secret).digest('hex').slice(0, 12);
  const lock = path.join(dir, `totp-${name}.lock`);
  const lastFile = path.join(dir, `totp-${name}.last-step`);
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A worker that died holding it: a sign-in never takes a minute.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 60_000) rmSync(lock, { recursive: true });
      } catch {
        // Gone meanwhile.
      }
      await sleep(100);
    }
  }
  try {
    let last = -1;
    try {
      last = Number(readFileSync(lastFile, 'utf8'));
    } catch {
      // The run's first sign-in of this account.
    }
    // The server takes a code of the current step or the one on either side of it (30 s of
    // drift), so the next step's code is good now too: two sign-ins per step without a wait.
    const now = Math.floor(Date.now() / STEP_MS);
    const step = Math.max(now, last + 1);
    if (step > now + 1) await sleep((step - 1) * STEP_MS - Date.now() + 200);
    writeFileSync(lastFile, String(step));
    return await use(await generate({ secret, epoch: step * 30 }));
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Password, then the demo admin's TOTP code (a step no other sign-in of the run used). */
async function signInWithSecondFactor(request: APIRequestContext): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const { challenge } = await json<{ challenge: string }>(
      await request.post('/staff/token', { data: STAFF }),
    );
    const verified = await withFreshStep(STAFF_TOTP_SECRET, (code) =>
      request.post('/staff/token/verify', { data: { challenge, code } }),
    );
    if (verified.ok()) return ((await verified.json()) as { access_token: string }).access_token;
  }
  throw new Error('the demo admin could not pass the second factor');
}

/**
 * A staff access token for specs that call the staff API themselves: the demo admin, signed in
 * once per worker with its second factor (the token lasts an hour).
 */
export async function staffAccessToken(request: APIRequestContext): Promise<string> {
  staffToken ??= await signInWithSecondFactor(request);
  return staffToken;
}

/** The care team's staff API, signed in as the demo staff account. */
export class CareTeam {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  /** Signs in once per worker: the token lasts an hour and /staff/token is rate limited. */
  static async signIn(request: APIRequestContext): Promise<CareTeam> {
    staffToken ??= await signInWithSecondFactor(request);
    return new CareTeam(request, staffToken);
  }

  private send(method: 'post' | 'put', path: string, data: unknown) {
    return this.request[method](path, {
      headers: { authorization: `Bearer ${this.token}` },
      data,
    });
  }

  async setShippingAddress(customerId: string, stateCode: string): Promise<void> {
    await json(
      await this.send('put', `/staff/customers/${customerId}/shipping-address`, {
        streetAddress1: '100 Test Way',
        city: 'Testville',
        stateCode,
        zipCode: '10001',
      }),
    );
  }

  async giveBilledPlan(customerId: string, body: Record<string, unknown>): Promise<BilledPlan> {
    return json<BilledPlan>(
      await this.send('post', `/staff/customers/${customerId}/billed-plans`, body),
    );
  }

  /** Approves a bulk order of `vialCount` vials: a pending payment action (spec 02 §4). */
  async approveBulkOrder(customerId: string, vialCount: number): Promise<string> {
    const { actionId } = await json<{ actionId: string }>(
      await this.send('post', `/staff/customers/${customerId}/bulk-orders/approve`, { vialCount }),
    );
    return actionId;
  }

  async notify(customerId: string, body: Record<string, unknown>): Promise<string> {
    const { id } = await json<{ id: string }>(
      await this.send('post', `/staff/customers/${customerId}/notifications`, body),
    );
    return id;
  }

  async requestIdCheck(customerId: string): Promise<string> {
    const { id } = await json<{ id: string }>(
      await this.send('post', `/staff/customers/${customerId}/id-verifications`, {}),
    );
    return id;
  }

  async idCheckInReview(customerId: string): Promise<string> {
    const { items } = await json<{ items: { id: string; customerId: string }[] }>(
      await this.request.get('/staff/id-verifications?status=in_review', {
        headers: { authorization: `Bearer ${this.token}` },
      }),
    );
    const check = items.find((i) => i.customerId === customerId);
    expect(check, 'an ID check in review').toBeTruthy();
    return check!.id;
  }

  async idCheckImages(id: string): Promise<Record<'front' | 'back' | 'selfie', string | null>> {
    return json(
      await this.request.get(`/staff/id-verifications/${id}/images`, {
        headers: { authorization: `Bearer ${this.token}` },
      }),
    );
  }

  async decideIdCheck(
    id: string,
    decision: { decision: 'approve' } | { decision: 'reject'; reason: string; note?: string },
  ): Promise<string> {
    const { status } = await json<{ status: string }>(
      await this.send('post', `/staff/id-verifications/${id}/decision`, decision),
    );
    return status;
  }

  async subscribe(customerId: string, treatmentShortId: string): Promise<string> {
    const { treatmentId } = await json<{ treatmentId: string }>(
      await this.send('post', `/staff/customers/${customerId}/subscriptions`, {
        treatmentShortId,
      }),
    );
    return treatmentId;
  }

  /**
   * Books a visit about `days` from now, at a random minute of that day so that visits of
   * tests running side by side with the same provider do not start together; a taken start
   * (409) is tried again at another minute.
   */
  async book(
    customerId: string,
    visit: {
      providerId: string;
      treatmentShortId: string;
      days: number;
      isAsync?: boolean;
      requirements?: string[];
    },
  ): Promise<Visit> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const minute = Math.floor(Date.now() / MINUTE) + Math.floor(Math.random() * 12 * 60);
      const start = minute * MINUTE + visit.days * DAY;
      const body = {
        providerId: visit.providerId,
        treatmentShortId: visit.treatmentShortId,
        start: new Date(start).toISOString(),
        end: new Date(start + 30 * MINUTE).toISOString(),
        isAsync: visit.isAsync ?? false,
        requirements: visit.requirements ?? [],
      };
      const response = await this.send('post', `/staff/customers/${customerId}/appointments`, body);
      if (response.status() === 409) {
        expect(((await response.json()) as Failure).error?.code).toBe('slot-taken');
        continue;
      }
      const { id } = await json<{ id: string }>(response);
      return { id, start: body.start, end: body.end };
    }
    throw new Error('no free start for the visit after five tries');
  }
}

/**
 * The care team's side of an ID check (staff API): ask the customer for one, see the images
 * of a check in review through their short-lived URLs, and approve or reject it.
 */
export async function careTeam(request: APIRequestContext) {
  const care = await CareTeam.signIn(request);
  return {
    requestIdCheck: (customerId: string) => care.requestIdCheck(customerId),
    idCheckInReview: (customerId: string) => care.idCheckInReview(customerId),
    idCheckImages: (id: string) => care.idCheckImages(id),
    decideIdCheck: (id: string, decision: Parameters<CareTeam['decideIdCheck']>[1]) =>
      care.decideIdCheck(id, decision),
  };
}

/** A console sign-in: email, password and the secret of the account's authenticator. */
export interface ConsoleAccount {
  email: string;
  password: string;
  totpSecret: string;
}

/** The demo console accounts: care member and admin, with the TOTP secrets the seed publishes. */
export const CONSOLE_ACCOUNTS = {
  care: {
    email: 'care.team@example.com',
    password: 'DemoPass1',
    totpSecret: 'DEMOCARETEAMSECRETDEMOCARETEAM23',
  },
  admin: { email: STAFF.email, password: STAFF.password, totpSecret: STAFF_TOTP_SECRET },
} as const satisfies Record<string, ConsoleAccount>;

/**
 * A care-team member of the test's own (the development route POST /dev/staff-members): the
 * server takes each 30-second step's code once per account, so the specs' console sign-ins as
 * one shared demo account took turns, up to 30 s each; an account of its own never waits.
 */
export async function newConsoleAccount(
  request: APIRequestContext,
  role: 'care' | 'admin',
  firstName = role === 'care' ? 'Casey' : 'Avery',
): Promise<ConsoleAccount> {
  return json<ConsoleAccount>(
    await request.post('/dev/staff-members', { data: { role, firstName } }),
  );
}

/**
 * Types the authenticator's code on the console's second step until the queue shows: a code of
 * a step no other sign-in of the run used (withFreshStep), so it is refused only if wrong.
 */
export async function enterConsoleCode(page: Page, totpSecret: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const accepted = await withFreshStep(totpSecret, async (code) => {
      await page.getByRole('textbox', { name: /6-digit code/ }).fill(code);
      const answer = page.waitForResponse((r) => r.url().endsWith('/staff/token/verify'));
      await page.keyboard.press('Enter');
      return (await answer).ok();
    });
    if (accepted) {
      await expect(page.getByRole('heading', { name: 'Queue', level: 1 })).toBeVisible();
      return;
    }
  }
  throw new Error('no TOTP code was accepted in three steps');
}

/** Signs the console in from the queue (where it lands): password, then the code. */
export async function signInToConsole(page: Page, account: ConsoleAccount): Promise<void> {
  await page.goto('/care/queue');
  await expect(page.getByRole('heading', { name: 'Care team sign-in' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Work email' }).fill(account.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(account.password);
  await page.keyboard.press('Enter');
  await enterConsoleCode(page, account.totpSecret);
}

/**
 * Time passing for a test's own customer, through the development routes (the server's
 * src/dev/dev-routes.ts: never in production, the machine itself only). The suite's server runs
 * on the real clock and without its jobs (JOBS_ENABLED=false).
 */
export const devTime = {
  /** The customer's plans started `days` earlier (subscriptions and contracts). */
  async backdatePlans(request: APIRequestContext, customerId: string, days: number) {
    return json<{ subscriptions: number; contracts: number }>(
      await request.post(`/dev/customers/${customerId}/plans/backdate`, { data: { days } }),
    );
  },
  /** The renewals job's pass over that customer's plans alone. */
  async runRenewals(request: APIRequestContext, customerId: string) {
    return json<{ charged: number; declined: number; reminded: number }>(
      await request.post('/dev/jobs/renewals/run', { data: { customerId } }),
    );
  },
};
