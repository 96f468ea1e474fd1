import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customerTotpFactors } from '../db/schema/identity';
import { auditLog } from '../db/schema/platform';
import { createCustomer, TEST_PASSWORD } from '../../test/factories';
import { latestMail, postJson, startTestServer, type TestServer } from '../../test/harness';
import { totpAt } from '../../test/staff-sign-in';
import { IDENTITY_RATE_RULES } from './rate-limits';

// Issue 42: a patient's authenticator app and recovery codes, on a fixed clock.

/** A fixed instant at the start of a 30-second step (step 59_134_752). */
const FIXED = new Date('2026-03-23T10:00:00.000Z');
const STEP = Math.floor(FIXED.getTime() / 30_000);

let server: TestServer;
beforeAll(async () => {
  // Every test signs in from 127.0.0.1: the per-address limits stay out of the way here and
  // are checked on a server of their own below.
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
  refreshToken?: string;
  secondFactor?: 'required';
  challenge?: string;
  methods?: string[];
  recoveryCodesLeft?: number;
  recoveryCodes?: string[];
  secret?: string;
  otpauthUrl?: string;
  qrSvg?: string;
  totp?: { enrolledAt: string } | null;
  error?: { code: string; message: string };
}

const post = (route: string, body: unknown, token?: string, on = server) =>
  postJson<Answer>(on, route, body, token ? { authorization: `Bearer ${token}` } : {});

async function get(route: string, token: string) {
  const res = await fetch(`${server.url}${route}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as Answer, headers: res.headers };
}

const signIn = (email: string, password = TEST_PASSWORD, on = server) =>
  post('/identity/sign-in', { email, password }, undefined, on);

/** A signed-in customer who set up the app at STEP: its secret, codes and an ID token. */
async function enrolled(on = server) {
  const { user } = await createCustomer(on.database.db);
  const first = await signIn(user.email, TEST_PASSWORD, on);
  expect(first.body.idToken).toBeTruthy();
  const idToken = first.body.idToken ?? '';
  const started = await post('/identity/second-factor/totp/start', {}, idToken, on);
  expect(started.status).toBe(200);
  expect(started.headers.get('cache-control')).toBe('no-store');
  const secret = started.body.secret ?? '';
  const confirmed = await post(
    '/identity/second-factor/totp/confirm',
    { code: await totpAt(secret, STEP) },
    idToken,
    on,
  );
  expect(confirmed.status).toBe(200);
  return { user, secret, idToken, recoveryCodes: confirmed.body.recoveryCodes ?? [] };
}

/** The password step of an enrolled account: the challenge. */
async function challenge(email: string, password = TEST_PASSWORD, on = server) {
  const res = await signIn(email, password, on);
  expect(res.status).toBe(200);
  expect(res.body.secondFactor).toBe('required');
  expect(res.body.idToken).toBeUndefined();
  return res.body.challenge ?? '';
}

describe('patient authenticator app', () => {
  it('enrols with a QR code and a first code; the secret is stored encrypted', async () => {
    const { user, secret, idToken, recoveryCodes } = await enrolled();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const [row] = await server.database.db
      .select()
      .from(customerTotpFactors)
      .where(eq(customerTotpFactors.userId, user.id));
    expect(row?.secretCiphertext).toMatch(/^v1\./);
    expect(row?.secretCiphertext).not.toContain(secret);
    const status = await get('/identity/second-factor', idToken);
    expect(status.body).toEqual({
      totp: { enrolledAt: FIXED.toISOString() },
      recoveryCodesLeft: 10,
    });
    const mail = await latestMail(server, user.email);
    expect(mail?.subject).toBe('A sign-in method was added to your account');
  });

  it('refuses a first code that does not match and keeps sign-in without a factor', async () => {
    const { user } = await createCustomer(server.database.db);
    const idToken = (await signIn(user.email)).body.idToken ?? '';
    const started = await post('/identity/second-factor/totp/start', {}, idToken);
    const wrong = await post(
      '/identity/second-factor/totp/confirm',
      { code: await totpAt(started.body.secret ?? '', STEP - 5) },
      idToken,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.code).toBe('invalid-code');
    // Not confirmed: the password alone still signs in.
    expect((await signIn(user.email)).body.idToken).toBeTruthy();
  });

  it('signs in with a code once: the same code again is refused', async () => {
    const { user, secret } = await enrolled();
    server.clock.advance(30_000);
    const code = await totpAt(secret, STEP + 1);
    const first = await post('/identity/sign-in/second-factor', {
      challenge: await challenge(user.email),
      code,
    });
    expect(first.status).toBe(200);
    expect(first.body.idToken).toBeTruthy();
    expect(first.body.recoveryCodesLeft).toBeUndefined();
    // The password-only sign-in before the set-up, then this one with its second factor.
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, user.id), eq(auditLog.action, 'sign_in')));
    expect(audits).toHaveLength(2);
    expect(audits.map((a) => a.details)).toContainEqual({ secondFactor: 'totp' });

    const replay = await post('/identity/sign-in/second-factor', {
      challenge: await challenge(user.email),
      code,
    });
    expect(replay.status).toBe(400);
    expect(replay.body.error?.code).toBe('invalid-code');
    expect(replay.body.idToken).toBeUndefined();
  });

  it('refuses the enrolment code replayed at sign-in in the same window', async () => {
    const { user, secret } = await enrolled();
    const replay = await post('/identity/sign-in/second-factor', {
      challenge: await challenge(user.email),
      code: await totpAt(secret, STEP),
    });
    expect(replay.status).toBe(400);
  });

  it('refuses a code from two windows ago and takes the current one', async () => {
    const { user, secret } = await enrolled();
    server.clock.advance(3 * 30_000);
    const token = await challenge(user.email);
    const old = await post('/identity/sign-in/second-factor', {
      challenge: token,
      code: await totpAt(secret, STEP + 1),
    });
    expect(old.status).toBe(400);
    const now = await post('/identity/sign-in/second-factor', {
      challenge: token,
      code: await totpAt(secret, STEP + 3),
    });
    expect(now.status).toBe(200);
    // A spent challenge opens nothing more, whatever the code.
    const again = await post('/identity/sign-in/second-factor', {
      challenge: token,
      code: await totpAt(secret, STEP + 4),
    });
    expect(again.status).toBe(401);
  });

  it('kills a challenge after five wrong codes', async () => {
    const { user, secret } = await enrolled();
    const token = await challenge(user.email);
    for (let i = 0; i < 5; i += 1) {
      const res = await post('/identity/sign-in/second-factor', {
        challenge: token,
        code: '000000',
      });
      expect(res.status).toBe(400);
    }
    const right = await post('/identity/sign-in/second-factor', {
      challenge: token,
      code: await totpAt(secret, STEP + 1),
    });
    expect(right.status).toBe(401);
    expect(right.body.error?.code).toBe('invalid-token');
  });
});

describe('patient recovery codes', () => {
  it('work once, say how many are left and mail the patient', async () => {
    const { user, recoveryCodes } = await enrolled();
    const code = (recoveryCodes[3] ?? '').toLowerCase();
    const used = await post('/identity/sign-in/second-factor', {
      challenge: await challenge(user.email),
      recoveryCode: code,
    });
    expect(used.status).toBe(200);
    expect(used.body.idToken).toBeTruthy();
    expect(used.body.recoveryCodesLeft).toBe(9);
    const mail = await latestMail(server, user.email);
    expect(mail?.subject).toBe('A recovery code was used to sign in');
    expect(mail?.text).toContain('you have 9 left');
    expect(mail?.text).not.toContain(recoveryCodes[3]);

    const again = await post('/identity/sign-in/second-factor', {
      challenge: await challenge(user.email),
      recoveryCode: code,
    });
    expect(again.status).toBe(400);
    expect(again.body.error?.code).toBe('invalid-code');
  });

  it('are replaced by a new set with the password again; the old ones stop working', async () => {
    const { user, idToken, recoveryCodes } = await enrolled();
    const wrong = await post(
      '/identity/second-factor/recovery-codes',
      { password: 'Wrong1pass' },
      idToken,
    );
    expect(wrong.status).toBe(401);
    const fresh = await post(
      '/identity/second-factor/recovery-codes',
      { password: TEST_PASSWORD },
      idToken,
    );
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    const old = await post('/identity/sign-in/second-factor', {
      challenge: await challenge(user.email),
      recoveryCode: recoveryCodes[0],
    });
    expect(old.status).toBe(400);
  });
});

describe('a password reset keeps the second factor', () => {
  it('still asks for it after the reset', async () => {
    const { user, secret, idToken } = await enrolled();
    await post('/user/reset-password', { email: user.email, tenantId: server.config.tenantId });
    const mail = await latestMail(server, user.email);
    expect(mail?.code).toBeTruthy();
    const reset = await post('/identity/password-reset/confirm', {
      code: mail?.code,
      password: 'NewSecret456',
    });
    expect(reset.status).toBe(200);
    expect(reset.body.idToken).toBeUndefined();
    const token = await challenge(user.email, 'NewSecret456');
    const done = await post('/identity/sign-in/second-factor', {
      challenge: token,
      code: await totpAt(secret, STEP + 1),
    });
    expect(done.status).toBe(200);
    // The reset ended the old session; the factor itself is unchanged.
    expect((await get('/identity/second-factor', idToken)).status).toBe(401);
    const status = await get('/identity/second-factor', done.body.idToken ?? '');
    expect(status.body.totp).not.toBeNull();
  });
});

describe("another patient's factors", () => {
  it('are neither listed nor removed by someone else', async () => {
    const a = await enrolled();
    const { user: b } = await createCustomer(server.database.db);
    const bToken = (await signIn(b.email)).body.idToken ?? '';
    const listed = await get('/identity/second-factor', bToken);
    expect(listed.body).toEqual({ totp: null, recoveryCodesLeft: 0 });
    const removed = await post(
      '/identity/second-factor/totp/remove',
      { password: TEST_PASSWORD },
      bToken,
    );
    expect(removed.status).toBe(404);
    expect((await get('/identity/second-factor', a.idToken)).body.totp).not.toBeNull();
    expect((await signIn(a.user.email)).body.secondFactor).toBe('required');
  });

  it('removes its own with the password, mails, and the password alone signs in again', async () => {
    const { user, idToken } = await enrolled();
    const removed = await post(
      '/identity/second-factor/totp/remove',
      { password: TEST_PASSWORD },
      idToken,
    );
    expect(removed.status).toBe(200);
    expect((await latestMail(server, user.email))?.subject).toBe(
      'A sign-in method was removed from your account',
    );
    expect((await signIn(user.email)).body.idToken).toBeTruthy();
  });
});

describe('second-factor rate limit', () => {
  it('limits codes per account like passwords, across challenges', async () => {
    const own = await startTestServer();
    try {
      own.clock.set(FIXED);
      const { user, secret } = await enrolled(own);
      // The set-up's first code counted as one attempt; five wrong codes kill a challenge, so
      // the rest spread over fresh ones.
      const limit = IDENTITY_RATE_RULES.secondFactor.perEmail.limit;
      let token = '';
      for (let i = 0; i < limit - 1; i += 1) {
        if (i % 5 === 0) token = await challenge(user.email, TEST_PASSWORD, own);
        const res = await post(
          '/identity/sign-in/second-factor',
          { challenge: token, code: '000000' },
          undefined,
          own,
        );
        expect(res.status).toBe(400);
      }
      const blocked = await post(
        '/identity/sign-in/second-factor',
        {
          challenge: await challenge(user.email, TEST_PASSWORD, own),
          code: await totpAt(secret, STEP + 1),
        },
        undefined,
        own,
      );
      expect(blocked.status).toBe(429);
      expect(blocked.body.error?.code).toBe('too-many-requests');
    } finally {
      await own.close();
    }
  });
});
