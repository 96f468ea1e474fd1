import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, customers } from '../db/schema/customers';
import { users } from '../db/schema/identity';
import { auditLog } from '../db/schema/platform';
import { createCustomer, TEST_PASSWORD } from '../../test/factories';
import {
  exchangeToken,
  graphql,
  postJson,
  startTestServer,
  type TestServer,
} from '../../test/harness';

// The account page's identity side (issue 14): email change with a code to the new address,
// password change with the current one, and account deletion.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Pair = { idToken: string; refreshToken: string };
type Envelope<T> = { data: T; message: string; name: string; statusCode: number };
type ErrorBody = { error: { code: string; fields?: Record<string, string> } };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signedIn(email: string, password = TEST_PASSWORD) {
  const res = await postJson<Pair>(server, '/identity/sign-in', { email, password });
  return res.body;
}

async function person() {
  const made = await createCustomer(server.database.db);
  return { ...made, pair: await signedIn(made.user.email) };
}

const mailsTo = async (to: string) =>
  (await server.outbox?.list())?.filter((m) => m.to === to) ?? [];
const codeIn = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? '')?.[1];

describe('email change (spec 02 §4)', () => {
  it('sends a code to a free address, updates with it, keeps the session and tells the old address', async () => {
    const me = await person();
    const newEmail = `moved-${me.customer.id.slice(0, 8)}@example.com`;
    const availability = await postJson<Envelope<{ isAvailable: boolean; isOobCodeSent: boolean }>>(
      server,
      '/identity/email/availability',
      { email: ` ${newEmail.toUpperCase()} `, sendOobCodeIfAvailable: true },
      bearer(me.pair.idToken),
    );
    expect(availability.status).toBe(200);
    expect(availability.body.data).toEqual({ isAvailable: true, isOobCodeSent: true });
    const code = codeIn((await mailsTo(newEmail))[0]?.text);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await postJson<ErrorBody>(
      server,
      '/identity/email/update',
      { customerId: me.customer.id, newEmail, oobCode: code === '000000' ? '000001' : '000000' },
      bearer(me.pair.idToken),
    );
    expect(wrong.body.error.code).toBe('invalid-code');

    const update = await postJson<Envelope<{ email: string }>>(
      server,
      '/identity/email/update',
      { customerId: me.customer.id, newEmail, oobCode: code },
      bearer(me.pair.idToken),
    );
    expect(update.status).toBe(200);
    expect(update.body.data.email).toBe(newEmail);
    const [customer] = await server.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, me.customer.id));
    expect(customer?.email).toBe(newEmail);
    expect((await mailsTo(me.user.email)).some((m) => m.text.includes(newEmail))).toBe(true);
    // Sessions kept: the refresh token still works.
    expect(
      (await postJson(server, '/identity/refresh', { refreshToken: me.pair.refreshToken })).status,
    ).toBe(200);
    // The new address signs in; the old one does not.
    expect(
      (await postJson(server, '/identity/sign-in', { email: newEmail, password: TEST_PASSWORD }))
        .status,
    ).toBe(200);
    expect(
      (
        await postJson(server, '/identity/sign-in', {
          email: me.user.email,
          password: TEST_PASSWORD,
        })
      ).status,
    ).toBe(401);
    // The code is spent.
    const again = await postJson<ErrorBody>(
      server,
      '/identity/email/update',
      { customerId: me.customer.id, newEmail, oobCode: code },
      bearer(me.pair.idToken),
    );
    expect(again.status).toBe(400);
  });

  it('answers unavailable for a taken address and sends nothing; the same address is refused', async () => {
    const me = await person();
    const other = await person();
    const taken = await postJson<Envelope<{ isAvailable: boolean; isOobCodeSent: boolean }>>(
      server,
      '/identity/email/availability',
      { email: other.user.email, sendOobCodeIfAvailable: true },
      bearer(me.pair.idToken),
    );
    expect(taken.body.data).toEqual({ isAvailable: false, isOobCodeSent: false });
    expect(await mailsTo(other.user.email)).toHaveLength(0);
    const same = await postJson<ErrorBody>(
      server,
      '/identity/email/availability',
      { email: me.user.email, sendOobCodeIfAvailable: true },
      bearer(me.pair.idToken),
    );
    expect(same.body.error.fields?.email).toBe('emailChange.emailSame');
  });

  it('needs a recent password check, and re-authentication gives one', async () => {
    const me = await person();
    server.clock.advance(10 * 60_000);
    const stale = await postJson<ErrorBody>(
      server,
      '/identity/email/availability',
      { email: 'fresh-check@example.com', sendOobCodeIfAvailable: true },
      bearer(me.pair.idToken),
    );
    expect(stale.body.error.code).toBe('requires-recent-login');
    const reauth = await postJson<Pair>(
      server,
      '/identity/reauthenticate',
      { password: TEST_PASSWORD },
      bearer((await signedIn(me.user.email)).idToken),
    );
    const fresh = await postJson(
      server,
      '/identity/email/availability',
      { email: 'fresh-check@example.com', sendOobCodeIfAvailable: false },
      bearer(reauth.body.idToken),
    );
    expect(fresh.status).toBe(200);
  });

  it("cannot change another customer's email and a code for one address does not move to another", async () => {
    const me = await person();
    const other = await person();
    const newEmail = `mine-${me.customer.id.slice(0, 8)}@example.com`;
    await postJson(
      server,
      '/identity/email/availability',
      { email: newEmail, sendOobCodeIfAvailable: true },
      bearer(me.pair.idToken),
    );
    const code = codeIn((await mailsTo(newEmail))[0]?.text);
    const cross = await postJson<ErrorBody>(
      server,
      '/identity/email/update',
      { customerId: other.customer.id, newEmail, oobCode: code },
      bearer(me.pair.idToken),
    );
    expect(cross.status).toBe(404);
    const elsewhere = await postJson<ErrorBody>(
      server,
      '/identity/email/update',
      { customerId: me.customer.id, newEmail: 'elsewhere@example.com', oobCode: code },
      bearer(me.pair.idToken),
    );
    expect(elsewhere.body.error.code).toBe('invalid-code');
    const [row] = await server.database.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row?.email).toBe(me.user.email);
  });
});

describe('password change from the account page (spec 01 §7)', () => {
  it('needs the current password and ends the other sessions', async () => {
    const me = await person();
    const otherDevice = await signedIn(me.user.email);
    const wrong = await postJson<ErrorBody>(
      server,
      '/identity/password/change',
      { currentPassword: 'Nope1234', newPassword: 'Changed99' },
      bearer(me.pair.idToken),
    );
    expect(wrong.body.error.code).toBe('invalid-credentials');
    const res = await postJson(
      server,
      '/identity/password/change',
      { currentPassword: TEST_PASSWORD, newPassword: 'Changed99' },
      bearer(me.pair.idToken),
    );
    expect(res.status).toBe(200);
    expect(
      (await postJson(server, '/identity/refresh', { refreshToken: otherDevice.refreshToken }))
        .status,
    ).toBe(401);
    expect(
      (await postJson(server, '/identity/refresh', { refreshToken: me.pair.refreshToken })).status,
    ).toBe(200);
    expect(
      (await postJson(server, '/identity/sign-in', { email: me.user.email, password: 'Changed99' }))
        .status,
    ).toBe(200);
  });
});

describe('account deletion (spec 02 §7)', () => {
  it('refuses a wrong password and another customer', async () => {
    const me = await person();
    const other = await person();
    const wrong = await postJson<ErrorBody>(
      server,
      '/identity/account/delete',
      { customerId: me.customer.id, password: 'Nope1234', reason: 'other' },
      bearer(me.pair.idToken),
    );
    expect(wrong.status).toBe(401);
    const cross = await postJson(
      server,
      '/identity/account/delete',
      { customerId: other.customer.id, password: TEST_PASSWORD, reason: 'other' },
      bearer(me.pair.idToken),
    );
    expect(cross.status).toBe(404);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, other.user.id));
    expect(row?.disabledAt).toBeNull();
  });

  it('ends every token at once, refuses sign-in, erases contact data, keeps the record, audits, frees the email', async () => {
    const me = await person();
    const access = (await exchangeToken(server, me.pair.idToken)).body.access_token ?? '';
    const before = await graphql<{ customer: { id: string } }>(
      server,
      '{ customer { id } }',
      access,
    );
    expect(before.data?.customer.id).toBe(me.customer.id);

    const res = await postJson<Envelope<{ deleted: boolean }>>(
      server,
      '/identity/account/delete',
      {
        customerId: me.customer.id,
        formId: 'account-deletion',
        password: TEST_PASSWORD,
        reason: 'privacy',
      },
      bearer(me.pair.idToken),
    );
    expect(res.status).toBe(200);
    expect(res.body.data.deleted).toBe(true);

    const after = await graphql(server, '{ customer { id } }', access);
    expect(after.errors?.[0]?.extensions?.code).toBe('invalid-jwt');
    expect(
      (await postJson(server, '/identity/refresh', { refreshToken: me.pair.refreshToken })).status,
    ).toBe(401);
    expect((await exchangeToken(server, me.pair.idToken)).status).toBe(400);
    expect(
      (
        await postJson(server, '/identity/sign-in', {
          email: me.user.email,
          password: TEST_PASSWORD,
        })
      ).status,
    ).toBe(401);

    const [customer] = await server.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, me.customer.id));
    expect(customer).toMatchObject({
      phone: null,
      userId: null,
      firstName: 'Test',
      dob: '1990-01-01',
    });
    expect(customer?.email).not.toBe(me.user.email);
    expect(customer?.deletedAt).not.toBeNull();
    expect(
      await server.database.db
        .select()
        .from(addresses)
        .where(eq(addresses.customerId, me.customer.id)),
    ).toHaveLength(0);
    await server.flushAudit();
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, me.customer.id));
    expect(audit.find((a) => a.action === 'account_deleted')?.details).toMatchObject({
      reason: 'privacy',
    });

    const again = await postJson(server, '/user/create', {
      email: me.user.email,
      tenantId: 'portal',
      firstName: 'New',
      lastName: 'Start',
    });
    expect(again.status).toBe(200);
  });
});
