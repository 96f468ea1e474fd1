import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, TEST_PASSWORD } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { createStaffUser, staffTokenFor } from '../../test/messaging-helpers';
import { IDENTITY_RATE_RULES } from './rate-limits';

// Issue 17, the care team's accounts: staff sign-in and password reset have their own limits
// and mails, and the customers' reset sends nothing to a staff account.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A client address of its own per test, so one test's counted attempts do not reach another. */
const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function post(route: string, payload: unknown, ip: string, token?: string) {
  const res = await server.app.inject({
    method: 'POST',
    url: route,
    remoteAddress: ip,
    payload: payload as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() };
}

const mailsTo = async (email: string) =>
  ((await server.outbox?.list()) ?? []).filter((m) => m.to === email);

/** The staff mail's code (it carries a code, not a portal link). */
const staffCodeIn = (text: string) => /: ([A-Za-z0-9_-]{20,})\n/.exec(text)?.[1] ?? '';

const readsStaffApi = async (token: string) =>
  (
    await server.app.inject({
      method: 'GET',
      url: '/staff/bulk-action-failures',
      headers: { authorization: `Bearer ${token}` },
    })
  ).statusCode;

describe('the customers’ password reset', () => {
  it('sends nothing to a staff account and answers as for an unknown email', async () => {
    const staff = await createStaffUser(server.database.db);
    const ip = freshAddress();
    const forStaff = await post(
      '/user/reset-password',
      { email: staff.email, tenantId: 'portal' },
      ip,
    );
    const forNobody = await post(
      '/user/reset-password',
      { email: 'nobody-here@example.com', tenantId: 'portal' },
      ip,
    );
    expect(forStaff).toEqual(forNobody);
    expect(forStaff).toEqual({ status: 200, body: { ok: true } });
    expect(await mailsTo(staff.email)).toEqual([]);
  });
});

describe('the staff password reset', () => {
  it('mails a staff account its own text with a code, and the reset ends its staff tokens', async () => {
    const staff = await createStaffUser(server.database.db);
    const token = await staffTokenFor(server, staff.email);
    expect(await readsStaffApi(token)).toBe(200);

    const ip = freshAddress();
    expect(await post('/staff/password-reset', { email: staff.email }, ip)).toEqual({
      status: 200,
      body: { ok: true },
    });
    const [mail, ...more] = await mailsTo(staff.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Care team: reset your staff password');
    expect(mail?.text).toContain('care team (staff) account');
    expect(mail?.text).not.toContain('/user-action');
    const code = staffCodeIn(mail?.text ?? '');
    expect(code).not.toBe('');

    // The staff code is no customer reset code.
    const onCustomerRoute = await post(
      '/identity/password-reset/confirm',
      { code, password: 'Care-Team-42x' },
      ip,
    );
    expect(onCustomerRoute.status).toBe(400);
    expect(onCustomerRoute.body).toMatchObject({ error: { code: 'invalid-code' } });

    const confirmed = await post(
      '/staff/password-reset/confirm',
      { code, password: 'Care-Team-42x' },
      ip,
    );
    expect(confirmed).toEqual({ status: 200, body: { ok: true } });
    // The token from before the reset stops working at once; the new password signs in.
    expect(await readsStaffApi(token)).toBe(401);
    await expect(staffTokenFor(server, staff.email)).rejects.toThrow(/401/);
    const fresh = await staffTokenFor(server, staff.email, 'Care-Team-42x');
    expect(await readsStaffApi(fresh)).toBe(200);
    // A code works once.
    const again = await post(
      '/staff/password-reset/confirm',
      { code, password: 'Other-Pass-42x' },
      ip,
    );
    expect(again.body).toMatchObject({ error: { code: 'invalid-code' } });
  });

  it('sends nothing to a customer or an unknown email, with the same answer', async () => {
    const customer = await createCustomer(server.database.db);
    const ip = freshAddress();
    const forCustomer = await post('/staff/password-reset', { email: customer.user.email }, ip);
    const forNobody = await post('/staff/password-reset', { email: 'nobody@example.com' }, ip);
    expect(forCustomer).toEqual({ status: 200, body: { ok: true } });
    expect(forNobody).toEqual(forCustomer);
    expect(await mailsTo(customer.user.email)).toEqual([]);
  });

  it('refuses a common password and keeps the code for a better one', async () => {
    const staff = await createStaffUser(server.database.db);
    const ip = freshAddress();
    await post('/staff/password-reset', { email: staff.email }, ip);
    const code = staffCodeIn((await mailsTo(staff.email))[0]?.text ?? '');
    const common = await post(
      '/staff/password-reset/confirm',
      { code, password: 'Password123' },
      ip,
    );
    expect(common.body).toMatchObject({ error: { code: 'password-too-common' } });
    await expect(staffTokenFor(server, staff.email)).resolves.toBeTruthy();
  });
});

describe('the staff limits are their own', () => {
  it('an address at the customers’ reset limit can still ask for a staff reset, and the reverse', async () => {
    const staff = await createStaffUser(server.database.db);
    const customer = await createCustomer(server.database.db);
    const ip = freshAddress();
    const customerRule = IDENTITY_RATE_RULES.reset.perIp.limit;
    for (let i = 0; i < customerRule; i++) {
      const res = await post(
        '/user/reset-password',
        { email: `c${i}@example.com`, tenantId: 'portal' },
        ip,
      );
      expect(res.status).toBe(200);
    }
    const over = await post(
      '/user/reset-password',
      { email: customer.user.email, tenantId: 'portal' },
      ip,
    );
    expect(over.status).toBe(429);
    expect(await post('/staff/password-reset', { email: staff.email }, ip)).toEqual({
      status: 200,
      body: { ok: true },
    });
    expect(await mailsTo(staff.email)).toHaveLength(1);

    // The staff limit per email trips on its own, while the customers' reset still answers.
    const other = freshAddress();
    const staffRule = IDENTITY_RATE_RULES.staffReset.perEmail.limit;
    for (let i = 1; i < staffRule; i++) {
      expect((await post('/staff/password-reset', { email: staff.email }, other)).status).toBe(200);
    }
    const staffOver = await post('/staff/password-reset', { email: staff.email }, other);
    expect(staffOver.status).toBe(429);
    expect(staffOver.body).toMatchObject({ error: { code: 'too-many-requests' } });
    expect(await mailsTo(staff.email)).toHaveLength(staffRule);
    const customerReset = await post(
      '/user/reset-password',
      { email: customer.user.email, tenantId: 'portal' },
      other,
    );
    expect(customerReset.status).toBe(200);
    expect(await mailsTo(customer.user.email)).toHaveLength(1);
  });

  it('staff sign-in counts per staff email apart from the customers’ sign-in', async () => {
    const staff = await createStaffUser(server.database.db);
    const customer = await createCustomer(server.database.db);
    const ip = freshAddress();
    const rule = IDENTITY_RATE_RULES.staffSignIn.perEmail.limit;
    for (let i = 0; i < rule; i++) {
      const res = await post('/staff/token', { email: staff.email, password: 'Wrong-pass-1' }, ip);
      expect(res.status).toBe(401);
    }
    const over = await post('/staff/token', { email: staff.email, password: TEST_PASSWORD }, ip);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ error: { code: 'too-many-requests' } });
    // The customers' sign-in from the same address is not counted by it.
    const customerSignIn = await post(
      '/identity/sign-in',
      { email: customer.user.email, password: TEST_PASSWORD },
      ip,
    );
    expect(customerSignIn.status).toBe(200);
  });
});
