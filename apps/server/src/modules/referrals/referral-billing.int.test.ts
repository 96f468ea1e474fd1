import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { referrals } from '../../db/schema/referrals';
import { createCustomer } from '../../../test/factories';
import { graphql, type TestServer } from '../../../test/harness';
import { change, monthlyCustomer, quoteFor, saveCard } from '../../../test/billing-fixtures';
import { useBillingServer } from '../../../test/billing-suite';
import { staffCall } from '../../../test/messaging-helpers';

const API_KEY = 'test-staff-api-key-0123456789';
let server: TestServer;
useBillingServer((started) => (server = started), { env: { STAFF_API_KEY: API_KEY } });
beforeEach(() => {
  server.clock.set('2026-03-10T18:00:00Z');
});

/** A referee (a monthly customer with a card) whose referral waits for a first invoice. */
async function refereeWithReferral() {
  const referee = await monthlyCustomer(server);
  await saveCard(server, referee.token, '4242424242424242');
  const referrer = await createCustomer(server.database.db);
  const [referral] = await server.database.db
    .insert(referrals)
    .values({
      referrerCustomerId: referrer.customer.id,
      refereeEmail: referee.user.email.toLowerCase(),
      refereeCustomerId: referee.customer.id,
      status: 'referee_signed_up',
      creditCents: 5000,
    })
    .returning();
  if (!referral) throw new Error('no referral');
  return { referee, referrer, referral };
}

async function paidChange(referee: Awaited<ReturnType<typeof monthlyCustomer>>, length: number) {
  const vars = { sub: referee.subscription.id, length, addons: ['high-dose'] };
  const quote = (await quoteFor(server, referee.token, vars)).data?.subscriptionPriceChangeQuote;
  if (!quote) throw new Error('no quote');
  const res = await change(server, referee.token, vars, quote);
  expect(res.errors).toBeUndefined();
  const invoices = await graphql<{ invoices: { status: string }[] }>(
    server,
    'query { invoices { status } }',
    referee.token,
  );
  return invoices.data?.invoices ?? [];
}

async function referralRow(id: string) {
  const [row] = await server.database.db.select().from(referrals).where(eq(referrals.id, id));
  return row;
}

describe('referral credit granted by billing (issue 44, spec 02 §4)', () => {
  it("the referee's first paid invoice grants the referrer 5000 cents once", async () => {
    const { referee, referral } = await refereeWithReferral();
    expect((await referralRow(referral.id))?.referrerDiscountRemaining).toBeNull();

    const invoices = await paidChange(referee, 6);
    expect(invoices.map((i) => i.status)).toEqual(['paid']);
    const granted = await referralRow(referral.id);
    expect(granted).toMatchObject({
      status: 'referrer_discount_received',
      referrerDiscountRemaining: 5000,
    });
    expect(granted?.discountReceivedAt).toBeTruthy();

    // The staff route that granted it before billing did finds nothing left to grant.
    const staff = await staffCall(
      server,
      'POST',
      `/staff/customers/${referee.customer.id}/referral-first-invoice`,
      API_KEY,
      {},
    );
    expect(staff.status).toBe(404);
    expect(await referralRow(referral.id)).toEqual(granted);
  });

  it('a second paid invoice grants nothing more', async () => {
    const { referee, referral } = await refereeWithReferral();
    await paidChange(referee, 6);
    const granted = await referralRow(referral.id);
    expect(granted?.referrerDiscountRemaining).toBe(5000);

    server.clock.advance(60_000);
    const invoices = await paidChange(referee, 3);
    expect(invoices.filter((i) => i.status === 'paid')).toHaveLength(2);
    expect(await referralRow(referral.id)).toEqual(granted);
  });

  it('a customer who came through no referral pays with nothing granted to anyone', async () => {
    const alone = await monthlyCustomer(server);
    await saveCard(server, alone.token, '4242424242424242');
    const invoices = await paidChange(alone, 6);
    expect(invoices.map((i) => i.status)).toEqual(['paid']);
    const rows = await server.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.refereeCustomerId, alone.customer.id));
    expect(rows).toEqual([]);
  });
});
