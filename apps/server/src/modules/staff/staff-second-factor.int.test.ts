import { FEATURE_FLAGS } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffFactors } from '../../db/schema/identity';
import { auditLog } from '../../db/schema/platform';
import { createCustomer, TEST_PASSWORD } from '../../../test/factories';
import { graphql, postJson, startTestServer, type TestServer } from '../../../test/harness';
import { createStaffUser, customerTokenFor, staffCall } from '../../../test/messaging-helpers';
import { currentStep, staffSignIn, totpAt, type StaffAnswer } from '../../../test/staff-sign-in';

// Issue 41: staff sign in with password and a second factor (authenticator app or a recovery
// code), and carry a role that the admin-only routes check.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const post = (route: string, body: unknown) => postJson<StaffAnswer>(server, route, body);

/** Password step of a fresh staff account: its enrolment challenge and secret. */
async function enrolChallenge(role?: 'care' | 'admin') {
  const user = await createStaffUser(server.database.db, role ? { role } : {});
  const res = await post('/staff/token', { email: user.email, password: TEST_PASSWORD });
  expect(res.status).toBe(200);
  return {
    user,
    status: res.body.status,
    challenge: res.body.challenge ?? '',
    secret: res.body.secret ?? '',
    otpauthUrl: res.body.otpauthUrl ?? '',
    qrSvg: res.body.qrSvg ?? '',
  };
}

/** An enrolled account (through the API) and a fresh verify challenge for it. */
async function enrolledAndChallenged() {
  const started = await enrolChallenge();
  const step = currentStep(server);
  const enrolled = await post('/staff/token/enroll', {
    challenge: started.challenge,
    code: await totpAt(started.secret, step),
  });
  expect(enrolled.status).toBe(200);
  const again = await post('/staff/token', { email: started.user.email, password: TEST_PASSWORD });
  expect(again.body.status).toBe('verify');
  return {
    ...started,
    step,
    recoveryCodes: enrolled.body.recoveryCodes ?? [],
    challenge: again.body.challenge ?? '',
  };
}

describe('staff second factor', () => {
  it('enrols at the first sign-in, then verifies with the app at the next', async () => {
    const started = await enrolChallenge();
    expect(started.status).toBe('enroll');
    expect(started.secret).toMatch(/^[A-Z2-7]+$/);
    expect(started.otpauthUrl).toContain('otpauth://totp/');
    expect(decodeURIComponent(started.otpauthUrl)).toContain('Portal care team');
    expect(started.qrSvg).toMatch(/^<svg/);
    const step = currentStep(server);
    const enrolled = await post('/staff/token/enroll', {
      challenge: started.challenge,
      code: await totpAt(started.secret, step),
    });
    expect(enrolled.status).toBe(200);
    expect(enrolled.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, role: 'care' });
    expect(enrolled.body.recoveryCodes).toHaveLength(10);
    expect(new Set(enrolled.body.recoveryCodes).size).toBe(10);

    // The secret is stored encrypted, never as given out.
    const [factor] = await server.database.db
      .select()
      .from(staffFactors)
      .where(eq(staffFactors.userId, started.user.id));
    expect(factor?.secretCiphertext).not.toContain(started.secret);

    const again = await post('/staff/token', {
      email: started.user.email,
      password: TEST_PASSWORD,
    });
    expect(Object.keys(again.body).sort()).toEqual(['challenge', 'status']);
    expect(again.body.status).toBe('verify');
    const verified = await post('/staff/token/verify', {
      challenge: again.body.challenge,
      code: await totpAt(started.secret, step + 1),
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ role: 'care', recoveryCodesLeft: 10 });
    const me = await staffCall<StaffAnswer>(
      server,
      'GET',
      '/staff/me',
      verified.body.access_token,
      undefined,
    );
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: started.user.id, email: started.user.email, role: 'care' });
  });

  it('refuses a wrong code with 400 invalid-code, and the challenge still works after', async () => {
    const started = await enrolChallenge();
    const wrong = await post('/staff/token/enroll', {
      challenge: started.challenge,
      code: '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error?.code).toBe('invalid-code');
    const right = await post('/staff/token/enroll', {
      challenge: started.challenge,
      code: await totpAt(started.secret, currentStep(server)),
    });
    expect(right.status).toBe(200);
  });

  it('refuses a replayed code: each time step is accepted once', async () => {
    const account = await enrolledAndChallenged();
    // The enrolment used the current step's code; the very same code is refused now.
    const replay = await post('/staff/token/verify', {
      challenge: account.challenge,
      code: await totpAt(account.secret, account.step),
    });
    expect(replay.status).toBe(400);
    expect(replay.body.error?.code).toBe('invalid-code');
  });

  it('takes a recovery code once', async () => {
    const account = await enrolledAndChallenged();
    const code = account.recoveryCodes[0]!;
    const first = await post('/staff/token/verify', {
      challenge: account.challenge,
      recoveryCode: code,
    });
    expect(first.status).toBe(200);
    expect(first.body.recoveryCodesLeft).toBe(9);
    const again = await post('/staff/token', {
      email: account.user.email,
      password: TEST_PASSWORD,
    });
    const second = await post('/staff/token/verify', {
      challenge: again.body.challenge,
      recoveryCode: code,
    });
    expect(second.status).toBe(400);
    expect(second.body.error?.code).toBe('invalid-code');
  });

  it('kills a challenge after five wrong codes, the right one included after', async () => {
    const started = await enrolChallenge();
    for (let i = 0; i < 5; i++) {
      const wrong = await post('/staff/token/enroll', {
        challenge: started.challenge,
        code: '000000',
      });
      expect(wrong.status).toBe(400);
    }
    const right = await post('/staff/token/enroll', {
      challenge: started.challenge,
      code: await totpAt(started.secret, currentStep(server)),
    });
    expect(right.status).toBe(401);
    expect(right.body.error?.code).toBe('challenge-expired');
  });

  it('refuses an expired challenge with 401 challenge-expired', async () => {
    const started = await enrolChallenge();
    server.clock.advance(5 * 60 * 1000 + 1000);
    const late = await post('/staff/token/enroll', {
      challenge: started.challenge,
      code: await totpAt(started.secret, currentStep(server)),
    });
    expect(late.status).toBe(401);
    expect(late.body.error?.code).toBe('challenge-expired');
  });

  it("never gives a customer's credentials a challenge", async () => {
    const customer = await createCustomer(server.database.db);
    const res = await post('/staff/token', { email: customer.user.email, password: TEST_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body.challenge).toBeUndefined();
  });

  it('keeps customer and staff tokens apart', async () => {
    const customer = await createCustomer(server.database.db);
    const customerToken = await customerTokenFor(server, customer.user.email);
    expect(customerToken).not.toBe('');
    const me = await staffCall(server, 'GET', '/staff/me', customerToken, undefined);
    expect(me.status).toBe(401);

    const staff = await createStaffUser(server.database.db);
    const { accessToken } = await staffSignIn(server, staff.email, TEST_PASSWORD);
    const res = await graphql(server, '{ featureFlags { name } }', accessToken);
    expect(res.errors?.[0]?.extensions?.code).toBe('invalid-jwt');
  });

  it('lets an admin, and not a care member, change a flag', async () => {
    const care = await createStaffUser(server.database.db, { role: 'care' });
    const admin = await createStaffUser(server.database.db, { role: 'admin' });
    const careToken = (await staffSignIn(server, care.email, TEST_PASSWORD)).accessToken;
    const adminSignIn = await staffSignIn(server, admin.email, TEST_PASSWORD);
    expect(adminSignIn.role).toBe('admin');
    const flag = FEATURE_FLAGS.referralProgram;
    const refused = await staffCall<StaffAnswer>(server, 'PUT', `/staff/flags/${flag}`, careToken, {
      enabled: true,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.code).toBe('forbidden');
    const done = await staffCall(server, 'PUT', `/staff/flags/${flag}`, adminSignIn.accessToken, {
      enabled: true,
    });
    expect(done.status).toBe(200);
  });

  it('signs out, and replaces the recovery codes of a signed-in member', async () => {
    const staff = await createStaffUser(server.database.db);
    const { accessToken } = await staffSignIn(server, staff.email, TEST_PASSWORD);
    const codes = await staffCall<StaffAnswer>(
      server,
      'POST',
      '/staff/recovery-codes',
      accessToken,
      {},
    );
    expect(codes.status).toBe(200);
    expect(codes.body.recoveryCodes).toHaveLength(10);
    const out = await staffCall(server, 'POST', '/staff/sign-out', accessToken, {});
    expect(out.status).toBe(204);
    const after = await staffCall(server, 'GET', '/staff/me', accessToken, undefined);
    expect(after.status).toBe(401);
  });

  it('never writes the secret or a code to the audit log', async () => {
    const account = await enrolledAndChallenged();
    await post('/staff/token/verify', { challenge: account.challenge, code: '123456' });
    await server.flushAudit();
    const rows = await server.database.db.select().from(auditLog);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(account.secret);
    for (const code of account.recoveryCodes) expect(text).not.toContain(code);
    expect(text).toContain('staff_second_factor_enrolled');
  });
});
