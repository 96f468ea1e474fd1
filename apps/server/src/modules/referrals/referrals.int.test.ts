import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema/customers';
import { referrals } from '../../db/schema/referrals';
import { createCustomer } from '../../../test/factories';
import {
  graphql,
  latestMail,
  postJson,
  startTestServer,
  type TestServer,
} from '../../../test/harness';
import { customerTokenFor, staffCall } from '../../../test/messaging-helpers';
import { REFERRAL_DAILY_LIMIT } from './service';

const API_KEY = 'test-staff-api-key-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ STAFF_API_KEY: API_KEY });
});
afterAll(async () => {
  await server.close();
});

const LIST = `query GetReferrals($referrerCustomerId: ID) {
  referrals(referrerCustomerId: $referrerCustomerId) { id status referrer_discount_remaining referrer_customer_id refereeEmail }
}`;
const CREATE = `mutation CreateReferral($refereeEmail: String!) {
  createReferral(refereeEmail: $refereeEmail) { data { id status refereeEmail referrer_customer_id } message name statusCode }
}`;

interface Listed {
  referrals: { id: string; status: string; refereeEmail: string; referrer_customer_id: string }[];
}
interface Created {
  createReferral: {
    data: { id: string; status: string; refereeEmail: string };
    statusCode: number;
  };
}

const unique = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** An eligible customer: the referral_program flag on and (from the factory) an active subscription. */
async function eligibleCustomer(overrides: { firstName?: string } = {}) {
  const c = await createCustomer(server.database.db, overrides);
  const flag = await staffCall(server, 'PUT', '/staff/flags/referral_program', API_KEY, {
    customerId: c.customer.id,
    enabled: true,
  });
  expect(flag.status).toBeLessThan(300);
  return { ...c, token: await customerTokenFor(server, c.user.email) };
}

function codeOf(res: { errors?: { extensions?: Record<string, unknown> }[] }) {
  return res.errors?.[0]?.extensions;
}

describe('CreateReferral and GetReferrals (spec 02 §5, §7)', () => {
  it('invites a friend: the referral is email_sent and the friend gets a sign-up link', async () => {
    const a = await eligibleCustomer();
    const friend = unique('Friend');
    const res = await graphql<Created>(server, CREATE, a.token, { refereeEmail: ` ${friend} ` });
    expect(res.errors).toBeUndefined();
    expect(res.data?.createReferral.statusCode).toBe(200);
    expect(res.data?.createReferral.data).toMatchObject({
      status: 'email_sent',
      refereeEmail: friend.toLowerCase(),
    });
    const mail = await latestMail(server, friend.toLowerCase());
    expect(mail?.subject).toBe('You are invited to the patient portal');
    expect(mail?.text).toContain('Test thinks our care could help you');
    expect(mail?.text).toContain('/sign-up?');
    expect(mail?.text).toContain(res.data?.createReferral.data.id);

    const listed = await graphql<Listed>(server, LIST, a.token);
    expect(listed.data?.referrals.map((r) => r.refereeEmail)).toEqual([friend.toLowerCase()]);
  });

  it('one referral per email: inviting the same email again is R102 duplicate', async () => {
    const a = await eligibleCustomer();
    const friend = unique('twice');
    expect(
      (await graphql(server, CREATE, a.token, { refereeEmail: friend })).errors,
    ).toBeUndefined();
    const again = await graphql(server, CREATE, a.token, { refereeEmail: friend.toUpperCase() });
    expect(codeOf(again)).toMatchObject({ code: 'R102', reason: 'duplicate' });
    const rows = await server.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.referrerCustomerId, a.customer.id));
    expect(rows).toHaveLength(1);
  });

  it("refuses the customer's own email and an invalid one (R102), saving nothing", async () => {
    const a = await eligibleCustomer();
    const own = await graphql(server, CREATE, a.token, {
      refereeEmail: a.user.email.toUpperCase(),
    });
    expect(codeOf(own)).toMatchObject({ code: 'R102', reason: 'ownEmail' });
    const invalid = await graphql(server, CREATE, a.token, { refereeEmail: 'not-an-email' });
    expect(codeOf(invalid)).toMatchObject({ code: 'R102' });
    const rows = await server.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.referrerCustomerId, a.customer.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses an ineligible customer: no flag, or no active subscription', async () => {
    const noFlag = await createCustomer(server.database.db);
    const token = await customerTokenFor(server, noFlag.user.email);
    const res = await graphql(server, CREATE, token, { refereeEmail: unique('x') });
    expect(codeOf(res)).toMatchObject({ code: 'R102', reason: 'notEligible' });

    const paused = await eligibleCustomer();
    await server.database.db
      .update(subscriptions)
      .set({ status: 'cancelled' })
      .where(eq(subscriptions.customerId, paused.customer.id));
    const res2 = await graphql(server, CREATE, paused.token, { refereeEmail: unique('y') });
    expect(codeOf(res2)).toMatchObject({ code: 'R102', reason: 'notEligible' });
    const rows = await server.database.db.select().from(referrals);
    expect(
      rows.filter((r) => [noFlag.customer.id, paused.customer.id].includes(r.referrerCustomerId)),
    ).toEqual([]);
  });

  it("another customer cannot read the first one's referrals nor create on their behalf", async () => {
    const a = await eligibleCustomer();
    const b = await eligibleCustomer();
    const friend = unique('private');
    expect(
      (await graphql(server, CREATE, a.token, { refereeEmail: friend })).errors,
    ).toBeUndefined();

    const asB = await graphql<Listed>(server, LIST, b.token);
    expect(asB.data?.referrals).toEqual([]);
    const asBForA = await graphql<Listed>(server, LIST, b.token, {
      referrerCustomerId: a.customer.id,
    });
    expect(codeOf(asBForA)).toMatchObject({ code: 'FORBIDDEN' });
    expect(asBForA.data?.referrals ?? null).toBeNull();

    // CreateReferral takes no customer id: what B creates is B's, never A's.
    const byB = await graphql<Created>(server, CREATE, b.token, { refereeEmail: unique('b') });
    expect(byB.errors).toBeUndefined();
    const aRows = await server.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.referrerCustomerId, a.customer.id));
    expect(aRows.map((r) => r.refereeEmail)).toEqual([friend]);
  });

  it('a signed-out caller reads nothing', async () => {
    const res = await graphql<Listed>(server, LIST);
    expect(res.data?.referrals ?? null).toBeNull();
    expect(res.errors?.length).toBeGreaterThan(0);
  });
});

describe('referral states through sign-up and first invoice (spec 02 §4)', () => {
  it('sign-up moves it to referee_signed_up; the first invoice to received with 5000 cents', async () => {
    const a = await eligibleCustomer();
    const other = await eligibleCustomer();
    const friend = unique('joins');
    const created = await graphql<Created>(server, CREATE, a.token, { refereeEmail: friend });
    // The test clock stands still: the second invitation comes a minute later, as in life (with
    // equal times the order would fall to the random ids).
    server.clock.advance(60_000);
    const second = await graphql<Created>(server, CREATE, other.token, { refereeEmail: friend });
    expect(second.errors).toBeUndefined();

    const signUp = await postJson(server, '/user/create', {
      email: friend,
      tenantId: 'portal',
      firstName: 'Fran',
      lastName: 'Lee',
    });
    expect(signUp.status).toBe(200);
    const [row] = await server.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.id, created.data?.createReferral.data.id ?? ''));
    expect(row?.status).toBe('referee_signed_up');
    expect(row?.refereeCustomerId).toBeTruthy();
    // The later invitation of the same person earns nothing.
    const [secondRow] = await server.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.id, second.data?.createReferral.data.id ?? ''));
    expect(secondRow?.status).toBe('referral_invalid');

    const paid = await staffCall<{ status: string; referrerDiscountRemaining: number }>(
      server,
      'POST',
      `/staff/customers/${row?.refereeCustomerId ?? ''}/referral-first-invoice`,
      API_KEY,
      {},
    );
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      status: 'referrer_discount_received',
      referrerDiscountRemaining: 5000,
    });
    // Only once.
    const again = await staffCall(
      server,
      'POST',
      `/staff/customers/${row?.refereeCustomerId ?? ''}/referral-first-invoice`,
      API_KEY,
      {},
    );
    expect(again.status).toBe(404);
  });

  it('the staff route needs a staff token', async () => {
    const a = await eligibleCustomer();
    const res = await staffCall(
      server,
      'POST',
      `/staff/customers/${a.customer.id}/referral-first-invoice`,
      a.token,
      {},
    );
    expect(res.status).toBe(401);
  });
});

describe('invitations that cannot be abused (issue 45)', () => {
  it(`sends at most ${REFERRAL_DAILY_LIMIT} a day per customer, however many are sent at once`, async () => {
    const a = await eligibleCustomer();
    const extra = 3;
    const answers = await Promise.all(
      Array.from({ length: REFERRAL_DAILY_LIMIT + extra }, (_, i) =>
        graphql<Created>(server, CREATE, a.token, { refereeEmail: unique(`burst${i}`) }),
      ),
    );
    expect(answers.filter((r) => r.errors === undefined)).toHaveLength(REFERRAL_DAILY_LIMIT);
    const refused = answers
      .filter((r) => r.errors !== undefined)
      .map((r) => [codeOf(r)?.code, codeOf(r)?.reason]);
    expect(refused).toEqual(Array.from({ length: extra }, () => ['R102', 'dailyLimit']));
    const rows = await server.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.referrerCustomerId, a.customer.id));
    expect(rows).toHaveLength(REFERRAL_DAILY_LIMIT);
    // A day later the customer invites again (a fresh token: the clock moved past the old one).
    server.clock.advance(24 * 60 * 60_000 + 1_000);
    const token = await customerTokenFor(server, a.user.email);
    const later = await graphql<Created>(server, CREATE, token, { refereeEmail: unique('later') });
    expect(later.errors).toBeUndefined();
  });

  it("never puts the customer's own words in the subject", async () => {
    const bait = 'URGENT your account is locked, call 555-0100';
    const a = await eligibleCustomer({ firstName: bait });
    const friend = unique('subject');
    const res = await graphql<Created>(server, CREATE, a.token, { refereeEmail: friend });
    expect(res.errors).toBeUndefined();
    const mail = await latestMail(server, friend.toLowerCase());
    expect(mail?.subject).toBe('You are invited to the patient portal');
    expect(mail?.subject).not.toContain('URGENT');
  });
});
