import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../db/schema/customers';
import { oneTimeCodes, users } from '../db/schema/identity';
import { hashSecret } from './secrets';
import { createCustomer, createUser, TEST_PASSWORD } from '../../test/factories';
import { latestMail, postJson, startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type ErrorBody = { error: { code: string; message: string }; errorCode?: string };
const HOUR = 60 * 60_000;

describe('POST /user/create (sign-up)', () => {
  it('creates the account and customer record and mails a set-password link that also verifies', async () => {
    const res = await postJson(server, '/user/create', {
      email: ' New.Person@Example.com',
      tenantId: 'portal',
      firstName: 'Nia',
      lastName: 'Park',
    });
    expect(res.status).toBe(200);
    const [user] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'new.person@example.com'));
    expect(user?.passwordHash).toBeNull();
    const [customer] = await server.database.db
      .select()
      .from(customers)
      .where(eq(customers.userId, user?.id ?? ''));
    expect(customer?.firstName).toBe('Nia');
    const mail = await latestMail(server, 'new.person@example.com');
    expect(mail?.subject).toBe('Welcome: set your password');
    expect(mail?.text).toContain('mode=resetPassword');
    expect(mail?.text).toContain('newAccount=1');

    const confirm = await postJson(server, '/identity/password-reset/confirm', {
      code: mail?.code,
      password: 'Brand1new',
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toEqual({ email: 'new.person@example.com' });
    const signIn = await postJson(server, '/identity/sign-in', {
      email: 'new.person@example.com',
      password: 'Brand1new',
    });
    expect(signIn.status).toBe(200);
  });

  it('links a customer record the care team created with the same email', async () => {
    const [existing] = await server.database.db
      .insert(customers)
      .values({
        email: 'careteam.made@example.com',
        firstName: 'Lee',
        lastName: 'Ng',
        shortId: 'CT0001',
      })
      .returning();
    await postJson(server, '/user/create', {
      email: 'careteam.made@example.com',
      tenantId: 'portal',
    });
    const [row] = await server.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, existing?.id ?? ''));
    expect(row?.userId).not.toBeNull();
  });

  it('maps a taken email to EmailAlreadyExists / email-already-in-use', async () => {
    const user = await createUser(server.database.db);
    const res = await postJson<ErrorBody>(server, '/user/create', {
      email: user.email,
      tenantId: 'portal',
    });
    expect(res.status).toBe(409);
    expect(res.body.errorCode).toBe('EmailAlreadyExists');
    expect(res.body.error.code).toBe('email-already-in-use');
  });

  it('answers 403 contact-support for an unknown tenant or a disabled account', async () => {
    const wrongTenant = await postJson<ErrorBody>(server, '/user/create', {
      email: 'x1@example.com',
      tenantId: 'other',
    });
    expect(wrongTenant.status).toBe(403);
    expect(wrongTenant.body.error.code).toBe('contact-support');
    const disabled = await createUser(server.database.db, { disabled: true });
    const res = await postJson<ErrorBody>(server, '/user/create', {
      email: disabled.email,
      tenantId: 'portal',
    });
    expect(res.status).toBe(403);
  });

  it('rejects a bad email and changes nothing', async () => {
    const before = await server.database.db.select().from(users);
    const res = await postJson<ErrorBody>(server, '/user/create', {
      email: 'bad@',
      tenantId: 'portal',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid-input');
    expect(await server.database.db.select().from(users)).toHaveLength(before.length);
  });
});

describe('password reset', () => {
  it('answers an unknown email exactly like a known one, and mails only the known', async () => {
    const { user } = await createCustomer(server.database.db);
    const known = await postJson(server, '/user/reset-password', {
      email: user.email,
      tenantId: 'portal',
    });
    const unknown = await postJson(server, '/user/reset-password', {
      email: 'ghost@example.com',
      tenantId: 'portal',
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(await latestMail(server, user.email)).toBeDefined();
    expect(await latestMail(server, 'ghost@example.com')).toBeUndefined();
  });

  it('stores only the hash of the code; the code is single-use', async () => {
    const { user } = await createCustomer(server.database.db);
    await postJson(server, '/user/reset-password', { email: user.email, tenantId: 'portal' });
    const mail = await latestMail(server, user.email);
    const code = mail?.code ?? '';
    const rows = await server.database.db
      .select()
      .from(oneTimeCodes)
      .where(eq(oneTimeCodes.userId, user.id));
    expect(rows.map((r) => r.codeHash)).toContain(hashSecret(code));
    expect(JSON.stringify(rows)).not.toContain(code);

    const verify = await postJson(server, '/identity/password-reset/verify', { code });
    expect(verify.body).toEqual({ email: user.email });
    const first = await postJson(server, '/identity/password-reset/confirm', {
      code,
      password: 'Another1x',
    });
    expect(first.status).toBe(200);
    const again = await postJson<ErrorBody>(server, '/identity/password-reset/confirm', {
      code,
      password: 'Another2x',
    });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('invalid-code');
    const oldPassword = await postJson(server, '/identity/sign-in', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(oldPassword.status).toBe(401);
  });

  it('a reset link expires after 1 hour', async () => {
    const { user } = await createCustomer(server.database.db);
    await postJson(server, '/user/reset-password', { email: user.email, tenantId: 'portal' });
    const code = (await latestMail(server, user.email))?.code;
    server.clock.advance(HOUR + 1000);
    try {
      const res = await postJson<ErrorBody>(server, '/identity/password-reset/confirm', {
        code,
        password: 'Another1x',
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('code-expired');
    } finally {
      server.clock.advance(-(HOUR + 1000));
    }
  });

  it('still works at 59 minutes', async () => {
    const { user } = await createCustomer(server.database.db);
    await postJson(server, '/user/reset-password', { email: user.email, tenantId: 'portal' });
    const code = (await latestMail(server, user.email))?.code;
    server.clock.advance(59 * 60_000);
    try {
      const res = await postJson(server, '/identity/password-reset/confirm', {
        code,
        password: 'Another1x',
      });
      expect(res.status).toBe(200);
    } finally {
      server.clock.advance(-59 * 60_000);
    }
  });

  it('enforces the password rules on the new password and spends nothing', async () => {
    const { user } = await createCustomer(server.database.db);
    await postJson(server, '/user/reset-password', { email: user.email, tenantId: 'portal' });
    const code = (await latestMail(server, user.email))?.code;
    for (const weak of ['short1A', 'nocapital1', 'NoNumberHere']) {
      const res = await postJson<ErrorBody>(server, '/identity/password-reset/confirm', {
        code,
        password: weak,
      });
      expect(res.status, weak).toBe(400);
      expect(res.body.error.code).toBe('invalid-input');
    }
    const ok = await postJson(server, '/identity/password-reset/confirm', {
      code,
      password: 'Good1pass',
    });
    expect(ok.status).toBe(200);
  });

  it('delete-reset-password-links ends every outstanding link', async () => {
    const { user } = await createCustomer(server.database.db);
    await postJson(server, '/user/reset-password', { email: user.email, tenantId: 'portal' });
    const code = (await latestMail(server, user.email))?.code;
    const del = await postJson(server, '/user/delete-reset-password-links', {
      email: user.email,
      tenantId: 'portal',
    });
    expect(del.status).toBe(200);
    const res = await postJson<ErrorBody>(server, '/identity/password-reset/confirm', {
      code,
      password: 'Another1x',
    });
    expect(res.body.error.code).toBe('invalid-code');
  });

  it('a reset ends existing sessions', async () => {
    const { user } = await createCustomer(server.database.db);
    const signIn = await postJson<{ refreshToken: string }>(server, '/identity/sign-in', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    await postJson(server, '/user/reset-password', { email: user.email, tenantId: 'portal' });
    const code = (await latestMail(server, user.email))?.code;
    await postJson(server, '/identity/password-reset/confirm', { code, password: 'Another1x' });
    const refresh = await postJson<ErrorBody>(server, '/identity/refresh', {
      refreshToken: signIn.body.refreshToken,
    });
    expect(refresh.body.error.code).toBe('session-revoked');
  });
});

describe('email verification', () => {
  it('verifies with the mailed code once, then sign-in works', async () => {
    const user = await createUser(server.database.db, { verified: false });
    await postJson(server, '/identity/email-verification/send', { email: user.email });
    const code = (await latestMail(server, user.email))?.code;
    const first = await postJson(server, '/identity/email-verification/confirm', { code });
    expect(first.status).toBe(200);
    const again = await postJson<ErrorBody>(server, '/identity/email-verification/confirm', {
      code,
    });
    expect(again.body.error.code).toBe('invalid-code');
    const signIn = await postJson(server, '/identity/sign-in', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(signIn.status).toBe(200);
  });

  it('a verification code cannot be used as a reset code', async () => {
    const user = await createUser(server.database.db, { verified: false });
    await postJson(server, '/identity/email-verification/send', { email: user.email });
    const code = (await latestMail(server, user.email))?.code;
    const res = await postJson<ErrorBody>(server, '/identity/password-reset/confirm', {
      code,
      password: 'Another1x',
    });
    expect(res.body.error.code).toBe('invalid-code');
  });

  it('mails in Spanish for a Spanish-speaking user', async () => {
    const user = await createUser(server.database.db, { verified: false });
    await server.database.db.update(users).set({ locale: 'es' }).where(eq(users.id, user.id));
    await postJson(server, '/identity/email-verification/send', { email: user.email });
    expect((await latestMail(server, user.email))?.subject).toBe('Verifique su correo electrónico');
  });
});

describe('re-authentication and password update', () => {
  it('updates the password within 5 minutes of a password check, and not after', async () => {
    const { user } = await createCustomer(server.database.db);
    const pair = await postJson<{ idToken: string }>(server, '/identity/sign-in', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    const auth = { authorization: `Bearer ${pair.body.idToken}` };
    server.clock.advance(6 * 60_000);
    try {
      const stale = await postJson<ErrorBody>(
        server,
        '/identity/password/update',
        { newPassword: 'Fresh1pass' },
        auth,
      );
      expect(stale.status).toBe(401);
      expect(stale.body.error.code).toBe('requires-recent-login');
      const wrong = await postJson<ErrorBody>(
        server,
        '/identity/reauthenticate',
        { password: 'Wrong1pass' },
        auth,
      );
      expect(wrong.body.error.code).toBe('invalid-credentials');
      const re = await postJson<{ idToken: string }>(
        server,
        '/identity/reauthenticate',
        { password: TEST_PASSWORD },
        auth,
      );
      expect(re.status).toBe(200);
      const ok = await postJson(
        server,
        '/identity/password/update',
        { newPassword: 'Fresh1pass' },
        { authorization: `Bearer ${re.body.idToken}` },
      );
      expect(ok.status).toBe(200);
    } finally {
      server.clock.advance(-6 * 60_000);
    }
    const signIn = await postJson(server, '/identity/sign-in', {
      email: user.email,
      password: 'Fresh1pass',
    });
    expect(signIn.status).toBe(200);
  });

  it('refuses without a valid ID token', async () => {
    const res = await postJson<ErrorBody>(
      server,
      '/identity/password/update',
      { newPassword: 'Fresh1pass' },
      { authorization: 'Bearer nope' },
    );
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('invalid-token');
  });
});
