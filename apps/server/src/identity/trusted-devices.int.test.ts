import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { trustedDevices } from '../db/schema/identity';
import { auditLog } from '../db/schema/platform';
import { createCustomer, TEST_PASSWORD } from '../../test/factories';
import { latestMail, postJson, startTestServer, type TestServer } from '../../test/harness';
import { totpAt } from '../../test/staff-sign-in';
import { TRUSTED_DEVICE_COOKIE } from './trusted-devices';

// Issue 42: "don't ask again on this device for 30 days" — a signed cookie that skips the
// second factor for its own account only, from the same browser family, until it expires or is
// revoked (by the patient, a password change or reset, or the app's removal).

const FIXED = new Date('2026-03-23T10:00:00.000Z');
const STEP = Math.floor(FIXED.getTime() / 30_000);
const DAY_MS = 24 * 60 * 60 * 1000;
const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CHROME_WINDOWS_NEWER = CHROME_WINDOWS.replace('131.0.0.0', '133.0.6943.54');
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ AUTH_RATE_LIMIT_MULTIPLIER: '10' });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.clock.set(FIXED);
});

interface Answer {
  idToken?: string;
  secondFactor?: 'required';
  challenge?: string;
  secret?: string;
  removed?: number;
  devices?: {
    id: string;
    label: string;
    createdAt: string;
    lastUsedAt: string | null;
    expiresAt: string;
    current: boolean;
  }[];
  error?: { code: string };
}

interface Call {
  token?: string;
  cookie?: string;
  userAgent?: string;
}

function headers({ token, cookie, userAgent = CHROME_WINDOWS }: Call) {
  const h: Record<string, string> = { 'user-agent': userAgent };
  if (token) h.authorization = `Bearer ${token}`;
  if (cookie) h.cookie = `${TRUSTED_DEVICE_COOKIE}=${cookie}`;
  return h;
}

const post = (route: string, body: unknown, call: Call = {}) =>
  postJson<Answer>(server, route, body, headers(call));

async function get(route: string, call: Call) {
  const res = await fetch(`${server.url}${route}`, { headers: headers(call) });
  return { status: res.status, body: (await res.json()) as Answer };
}

const signIn = (email: string, call: Call = {}, password = TEST_PASSWORD) =>
  post('/identity/sign-in', { email, password }, call);

/** A customer with the authenticator app set up at STEP. */
async function enrolled() {
  const { user } = await createCustomer(server.database.db);
  const idToken = (await signIn(user.email)).body.idToken ?? '';
  const started = await post('/identity/second-factor/totp/start', {}, { token: idToken });
  const secret = started.body.secret ?? '';
  const confirmed = await post(
    '/identity/second-factor/totp/confirm',
    { code: await totpAt(secret, STEP) },
    { token: idToken },
  );
  expect(confirmed.status).toBe(200);
  return { user, secret, idToken };
}

/** The cookie value a Set-Cookie header stores, with its attributes. */
function setCookie(res: { headers: Headers }) {
  const header = res.headers.get('set-cookie') ?? '';
  const value = /^portal_trusted_device=([^;]*)/.exec(header)?.[1];
  return { header, value };
}

/** Signs in with the password and a code at `step`, ticking "don't ask again" when `trust`. */
async function withCode(
  account: { user: { email: string }; secret: string },
  step: number,
  trust = true,
  call: Call = {},
) {
  server.clock.set(new Date(step * 30_000));
  const first = await signIn(account.user.email, call);
  expect(first.body.secondFactor).toBe('required');
  const res = await post(
    '/identity/sign-in/second-factor',
    {
      challenge: first.body.challenge,
      code: await totpAt(account.secret, step),
      ...(trust ? { trustDevice: true } : {}),
    },
    call,
  );
  expect(res.status).toBe(200);
  return { idToken: res.body.idToken ?? '', ...setCookie(res) };
}

/** A device trusted by `account` at STEP + 1: its cookie and an ID token. */
async function trusted(account: { user: { email: string }; secret: string }) {
  const done = await withCode(account, STEP + 1);
  expect(done.value).toBeTruthy();
  return { cookie: done.value ?? '', idToken: done.idToken };
}

describe('a trusted device', () => {
  it('gets a signed HttpOnly, SameSite cookie for /identity that expires in 30 days', async () => {
    const account = await enrolled();
    const { header, value } = await withCode(account, STEP + 1);
    expect(value).toMatch(/^v1\.[0-9a-f-]{36}\.[\w-]+\.[\w-]+$/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/identity');
    // The test server answers over http: no Secure (a browser would drop it on http).
    expect(header).not.toContain('Secure');
    const expires = new Date(/Expires=([^;]+)/.exec(header)?.[1] ?? '');
    expect(expires.getTime()).toBe((STEP + 1) * 30_000 + 30 * DAY_MS);
    const [row] = await server.database.db
      .select()
      .from(trustedDevices)
      .where(eq(trustedDevices.userId, account.user.id));
    expect(row?.label).toBe('Chrome on Windows');
    expect(row?.userAgentFamily).toBe('chrome/windows');
    // Only a hash of the token is kept.
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(value).not.toContain(row?.tokenHash ?? 'x');
  });

  it('is not made when the box is not ticked', async () => {
    const account = await enrolled();
    const { value } = await withCode(account, STEP + 1, false);
    expect(value).toBeUndefined();
    const rows = await server.database.db
      .select()
      .from(trustedDevices)
      .where(eq(trustedDevices.userId, account.user.id));
    expect(rows).toEqual([]);
  });

  it('skips the second factor for its account, counts the use and audits it', async () => {
    const account = await enrolled();
    const { cookie } = await trusted(account);
    server.clock.set(new Date(FIXED.getTime() + 2 * DAY_MS));
    // A newer version of the same browser on the same system still counts.
    const again = await signIn(account.user.email, { cookie, userAgent: CHROME_WINDOWS_NEWER });
    expect(again.status).toBe(200);
    expect(again.body.idToken).toBeTruthy();
    expect(again.body.secondFactor).toBeUndefined();
    const [row] = await server.database.db
      .select()
      .from(trustedDevices)
      .where(eq(trustedDevices.userId, account.user.id));
    expect(row?.lastUsedAt?.toISOString()).toBe(
      new Date(FIXED.getTime() + 2 * DAY_MS).toISOString(),
    );
    // Audit rows are written in batches after the answer: wait for them.
    await server.flushAudit();
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, account.user.id), eq(auditLog.action, 'sign_in')));
    expect(audits.map((a) => a.details)).toContainEqual({ secondFactor: 'trusted_device' });
    const added = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.actorId, account.user.id), eq(auditLog.action, 'trusted_device_added')),
      );
    expect(added).toHaveLength(1);
  });

  it('still needs the right password', async () => {
    const account = await enrolled();
    const { cookie } = await trusted(account);
    const wrong = await signIn(account.user.email, { cookie }, 'NotThePassword1');
    expect(wrong.status).toBe(401);
  });

  it("does not skip it for another customer's sign-in", async () => {
    const a = await enrolled();
    const b = await enrolled();
    const { cookie } = await trusted(a);
    const res = await signIn(b.user.email, { cookie });
    expect(res.body.secondFactor).toBe('required');
    expect(res.body.idToken).toBeUndefined();
  });

  it('does not skip it from another browser family', async () => {
    const account = await enrolled();
    const { cookie } = await trusted(account);
    const res = await signIn(account.user.email, { cookie, userAgent: FIREFOX_LINUX });
    expect(res.body.secondFactor).toBe('required');
  });

  it('does not skip it after 30 days', async () => {
    const account = await enrolled();
    const { cookie } = await trusted(account);
    server.clock.set(new Date((STEP + 1) * 30_000 + 29 * DAY_MS));
    expect((await signIn(account.user.email, { cookie })).body.idToken).toBeTruthy();
    server.clock.set(new Date((STEP + 1) * 30_000 + 30 * DAY_MS + 1000));
    expect((await signIn(account.user.email, { cookie })).body.secondFactor).toBe('required');
  });

  it('refuses a forged or altered cookie', async () => {
    const account = await enrolled();
    const { cookie } = await trusted(account);
    const [version, id, token, mac] = cookie.split('.');
    const forged = [
      // Another token under the same id, the old MAC.
      [version, id, `${token?.slice(0, -2)}AA`, mac].join('.'),
      // The MAC changed.
      [version, id, token, `${mac?.slice(0, -2)}AA`].join('.'),
      // No MAC at all.
      [version, id, token].join('.'),
      'garbage',
    ];
    for (const value of forged) {
      const res = await signIn(account.user.email, { cookie: value });
      expect(res.body.secondFactor).toBe('required');
    }
  });
});

describe('trusted devices are revoked', () => {
  it('by the patient, one at a time, on /manage-account', async () => {
    const account = await enrolled();
    const { cookie, idToken } = await trusted(account);
    const listed = await get('/identity/trusted-devices', { token: idToken, cookie });
    expect(listed.body.devices).toHaveLength(1);
    const device = listed.body.devices![0]!;
    expect(device).toMatchObject({ label: 'Chrome on Windows', current: true, lastUsedAt: null });
    expect(new Date(device.expiresAt).getTime() - new Date(device.createdAt).getTime()).toBe(
      30 * DAY_MS,
    );
    const removed = await post(
      `/identity/trusted-devices/${device.id}/remove`,
      {},
      { token: idToken },
    );
    expect(removed.status).toBe(200);
    expect((await get('/identity/trusted-devices', { token: idToken })).body.devices).toEqual([]);
    expect((await signIn(account.user.email, { cookie })).body.secondFactor).toBe('required');
  });

  it('all at once by the patient, and the cookie is cleared', async () => {
    const account = await enrolled();
    const first = await trusted(account);
    const second = await withCode(account, STEP + 2, true, { userAgent: FIREFOX_LINUX });
    const listed = await get('/identity/trusted-devices', { token: second.idToken });
    expect(listed.body.devices?.map((d) => d.label)).toEqual([
      'Firefox on Linux',
      'Chrome on Windows',
    ]);
    const all = await post('/identity/trusted-devices/remove-all', {}, { token: second.idToken });
    expect(all.status).toBe(200);
    expect(all.body.removed).toBe(2);
    expect(setCookie(all).header).toContain('Expires=Thu, 01 Jan 1970');
    expect((await signIn(account.user.email, { cookie: first.cookie })).body.secondFactor).toBe(
      'required',
    );
  });

  it('by a password reset', async () => {
    const account = await enrolled();
    const { cookie } = await trusted(account);
    await post('/user/reset-password', {
      email: account.user.email,
      tenantId: server.config.tenantId,
    });
    const mail = await latestMail(server, account.user.email);
    const reset = await post('/identity/password-reset/confirm', {
      code: mail?.code,
      password: 'NewSecret456',
    });
    expect(reset.status).toBe(200);
    const res = await signIn(account.user.email, { cookie }, 'NewSecret456');
    expect(res.body.secondFactor).toBe('required');
    await server.flushAudit();
    const revoked = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.actorId, account.user.id), eq(auditLog.action, 'trusted_devices_revoked')),
      );
    expect(revoked.map((a) => a.details)).toContainEqual({ reason: 'password-reset', count: '1' });
  });

  it('by a password change on the account page', async () => {
    const account = await enrolled();
    const { cookie, idToken } = await trusted(account);
    const changed = await post(
      '/identity/password/change',
      { currentPassword: TEST_PASSWORD, newPassword: 'NewSecret456' },
      { token: idToken },
    );
    expect(changed.status).toBe(200);
    const res = await signIn(account.user.email, { cookie }, 'NewSecret456');
    expect(res.body.secondFactor).toBe('required');
  });

  it('when the authenticator app is removed', async () => {
    const account = await enrolled();
    const { cookie, idToken } = await trusted(account);
    const removed = await post(
      '/identity/second-factor/totp/remove',
      { password: TEST_PASSWORD },
      { token: idToken },
    );
    expect(removed.status).toBe(200);
    const [row] = await server.database.db
      .select()
      .from(trustedDevices)
      .where(eq(trustedDevices.userId, account.user.id));
    expect(row?.revokedAt).not.toBeNull();
    expect(
      (await get('/identity/trusted-devices', { token: idToken, cookie })).body.devices,
    ).toEqual([]);
  });
});

describe("another customer's trusted devices", () => {
  it('are neither listed nor removed by someone else', async () => {
    const a = await enrolled();
    const { cookie } = await trusted(a);
    const b = await enrolled();
    const bToken = (await withCode(b, STEP + 2, false)).idToken;
    const [aDevice] = await server.database.db
      .select()
      .from(trustedDevices)
      .where(eq(trustedDevices.userId, a.user.id));
    // B's list is B's, even with A's cookie in the browser.
    expect(
      (await get('/identity/trusted-devices', { token: bToken, cookie })).body.devices,
    ).toEqual([]);
    const removed = await post(
      `/identity/trusted-devices/${aDevice!.id}/remove`,
      {},
      { token: bToken },
    );
    expect(removed.status).toBe(404);
    const all = await post('/identity/trusted-devices/remove-all', {}, { token: bToken });
    expect(all.body.removed).toBe(0);
    expect((await signIn(a.user.email, { cookie })).body.idToken).toBeTruthy();
  });

  it('need a session to be listed or removed', async () => {
    expect((await fetch(`${server.url}/identity/trusted-devices`)).status).toBe(401);
    expect((await post('/identity/trusted-devices/remove-all', {})).status).toBe(401);
  });
});
