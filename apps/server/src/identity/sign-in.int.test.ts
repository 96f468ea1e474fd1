import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/platform';
import { createCustomer, createUser, TEST_PASSWORD } from '../../test/factories';
import { latestMail, postJson, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Pair = { idToken: string; refreshToken: string; expiresIn: number };

describe('POST /identity/sign-in', () => {
  it('returns an ES256 ID token with a key id, a refresh token and expiresIn', async () => {
    const { user } = await createCustomer(server.database.db);
    const res = await postJson<Pair>(server, '/identity/sign-in', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body.expiresIn).toBe(3600);
    expect(res.body.refreshToken.length).toBeGreaterThan(30);
    const header = JSON.parse(
      Buffer.from(res.body.idToken.split('.')[0] ?? '', 'base64url').toString(),
    ) as {
      alg: string;
      kid: string;
    };
    expect(header.alg).toBe('ES256');
    const jwks = (await (await fetch(`${server.url}/.well-known/jwks.json`)).json()) as {
      keys: { kid: string; d?: string }[];
    };
    expect(jwks.keys.map((k) => k.kid)).toContain(header.kid);
    expect(jwks.keys[0]?.d).toBeUndefined();
  });

  it('trims and lower-cases the email (spec 01 §5)', async () => {
    const { user } = await createCustomer(server.database.db, { email: 'mixed.case@example.com' });
    const res = await postJson(server, '/identity/sign-in', {
      email: '  Mixed.Case@Example.COM ',
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(user.email).toBe('mixed.case@example.com');
  });

  it('answers a wrong password and an unknown email alike', async () => {
    const { user } = await createCustomer(server.database.db);
    const wrong = await postJson<ErrorBody>(server, '/identity/sign-in', {
      email: user.email,
      password: 'Nope12345',
    });
    const unknown = await postJson<ErrorBody>(server, '/identity/sign-in', {
      email: 'nobody@example.com',
      password: 'Nope12345',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error).toEqual({
      code: 'invalid-credentials',
      message: 'Incorrect username or password',
    });
  });

  it('rejects bad input with invalid-input and field keys', async () => {
    const res = await postJson<ErrorBody>(server, '/identity/sign-in', {
      email: 'not-an-email',
      password: '',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid-input');
    expect(res.body.error.fields).toEqual({
      email: 'auth.emailInvalid',
      password: 'auth.passwordRequired',
    });
    const missing = await postJson<ErrorBody>(server, '/identity/sign-in', {
      email: 'a@example.com',
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('invalid-input');
    expect(missing.body.error.fields).toEqual({ password: 'auth.passwordRequired' });
  });

  it('an unverified email answers "needs to be verified" and mails a new verification link', async () => {
    const user = await createUser(server.database.db, { verified: false });
    const res = await postJson<ErrorBody>(server, '/identity/sign-in', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('email-not-verified');
    expect(res.body.error.message).toContain('needs to be verified');
    const mail = await latestMail(server, user.email);
    expect(mail?.subject).toBe('Verify your email address');
    expect(mail?.text).toContain('http://portal.test/user-action?mode=verifyEmail&oobCode=');
  });

  it('a disabled account is sent to support', async () => {
    const user = await createUser(server.database.db, { disabled: true });
    const res = await postJson<ErrorBody>(server, '/identity/sign-in', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('contact-support');
  });

  it('audits a successful sign-in with its session, without storing the password or email', async () => {
    await server.flushAudit();
    const { user } = await createCustomer(server.database.db);
    const res = await postJson(server, '/identity/sign-in', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(200);
    // No flush: the row is written in the session's own statement, not queued.
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, user.id));
    expect(rows.map((r) => [r.action, r.actorType, r.actorId])).toContainEqual([
      'sign_in',
      'customer',
      user.id,
    ]);
    expect(JSON.stringify(rows)).not.toContain(TEST_PASSWORD);
    expect(JSON.stringify(rows)).not.toContain(user.email);
  });
});

describe('POST /identity/refresh and /identity/sign-out', () => {
  async function signIn(): Promise<Pair> {
    const { user } = await createCustomer(server.database.db);
    const res = await postJson<Pair>(server, '/identity/sign-in', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    return res.body;
  }

  it('rotates the refresh token: the new one works, the old one is spent', async () => {
    const first = await signIn();
    const second = await postJson<Pair>(server, '/identity/refresh', {
      refreshToken: first.refreshToken,
    });
    expect(second.status).toBe(200);
    expect(second.body.refreshToken).not.toBe(first.refreshToken);
    const third = await postJson<Pair>(server, '/identity/refresh', {
      refreshToken: second.body.refreshToken,
    });
    expect(third.status).toBe(200);
  });

  it('reuse of a rotated refresh token revokes the whole session', async () => {
    const first = await signIn();
    const second = await postJson<Pair>(server, '/identity/refresh', {
      refreshToken: first.refreshToken,
    });
    const reuse = await postJson<ErrorBody>(server, '/identity/refresh', {
      refreshToken: first.refreshToken,
    });
    expect(reuse.status).toBe(401);
    expect(reuse.body.error.code).toBe('session-revoked');
    // The thief's reuse also ends the legitimate holder's newer token.
    const after = await postJson<ErrorBody>(server, '/identity/refresh', {
      refreshToken: second.body.refreshToken,
    });
    expect(after.status).toBe(401);
    expect(after.body.error.code).toBe('session-revoked');
  });

  it('an unknown refresh token is invalid-token', async () => {
    const res = await postJson<ErrorBody>(server, '/identity/refresh', {
      refreshToken: 'made-up-token',
    });
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('invalid-token');
  });

  it('sign-out revokes the session', async () => {
    const pair = await signIn();
    const out = await fetch(`${server.url}/identity/sign-out`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: pair.refreshToken }),
    });
    expect(out.status).toBe(204);
    const res = await postJson<ErrorBody>(server, '/identity/refresh', {
      refreshToken: pair.refreshToken,
    });
    expect(res.body.error.code).toBe('session-revoked');
  });
});
