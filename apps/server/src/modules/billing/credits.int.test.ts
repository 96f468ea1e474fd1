import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountCredits } from '../../db/schema/billing';

import { charges, invoices } from '../../db/schema/payments';
import { referrals } from '../../db/schema/referrals';
import { type TestServer } from '../../../test/harness';
import { change, quoteFor, saveCard } from '../../../test/billing-fixtures';
import { customerOnOwnPlan, useBillingServer } from '../../../test/billing-suite';

// Credits on invoices (issue 11): referral credit (at most half a bill, the rest carried) and
// account credit (a downgrade's creditCarried) are taken by the next charges, in the same
// transaction as the charge; the invoice gets credit lines and its lines add up to its total.

let server: TestServer;
useBillingServer((started) => (server = started));

const RENEWAL_DAY = '2026-04-01T18:00:00Z';

/** A referral whose referee paid: the referrer holds `cents` of credit. */
async function referralCredit(referrerCustomerId: string, cents: number, email: string) {
  const [row] = await server.database.db
    .insert(referrals)
    .values({
      referrerCustomerId,
      refereeEmail: email,
      status: 'referrer_discount_received',
      creditCents: 5000,
      referrerDiscountRemaining: cents,
      discountReceivedAt: server.clock.now(),
    })
    .returning();
  if (!row) throw new Error('referral not inserted');
  return row;
}

async function remaining(referralId: string) {
  const [row] = await server.database.db
    .select()
    .from(referrals)
    .where(eq(referrals.id, referralId));
  return row?.referrerDiscountRemaining;
}

async function invoicesOf(customerId: string) {
  return server.database.db
    .select()
    .from(invoices)
    .where(eq(invoices.customerId, customerId))
    .orderBy(invoices.issuedAt);
}

async function balance(customerId: string) {
  const [row] = await server.database.db
    .select()
    .from(accountCredits)
    .where(eq(accountCredits.customerId, customerId));
  return row?.balance ?? 0;
}

const sum = (lines: { amount: number }[]) => lines.reduce((s, l) => s + l.amount, 0);

describe('referral credit on invoices', () => {
  it('a renewal takes the referral credit, oldest first, and the invoice shows it', async () => {
    server.clock.set('2026-03-10T18:00:00Z');
    const alex = await customerOnOwnPlan(server);
    await saveCard(server, alex.token, '4242424242424242');
    const first = await referralCredit(alex.customer.id, 5000, 'first@example.com');
    const second = await referralCredit(alex.customer.id, 5000, 'second@example.com');
    server.clock.set(RENEWAL_DAY);
    await server.services.billing.renewals.run();
    const [charge] = await server.database.db
      .select()
      .from(charges)
      .where(
        and(eq(charges.customerId, alex.customer.id), like(charges.idempotencyKey, 'renewal:%')),
      );
    // 34,900 − 10,000 (under the 17,450 cap): the card pays 24,900.
    expect(charge).toMatchObject({ status: 'succeeded', amount: 24_900 });
    const [invoice] = await invoicesOf(alex.customer.id);
    expect(invoice).toMatchObject({ status: 'paid', total: 24_900, amountPaid: 24_900 });
    expect(invoice?.lines.filter((l) => l.kind === 'credit').map((l) => l.amount)).toEqual([
      -10_000,
    ]);
    expect(sum(invoice?.lines ?? [])).toBe(24_900);
    expect(await remaining(first.id)).toBe(0);
    expect(await remaining(second.id)).toBe(0);
  });

  it('takes at most half the bill and keeps the rest for the next one', async () => {
    server.clock.set('2026-03-10T18:00:00Z');
    const alex = await customerOnOwnPlan(server);
    await saveCard(server, alex.token, '4242424242424242');
    const big = await referralCredit(alex.customer.id, 5000, 'a@example.com');
    await server.database.db
      .update(referrals)
      .set({ creditCents: 30_000, referrerDiscountRemaining: 30_000 })
      .where(eq(referrals.id, big.id));
    server.clock.set(RENEWAL_DAY);
    await server.services.billing.renewals.run();
    const [invoice] = await invoicesOf(alex.customer.id);
    // Half of 34,900.
    expect(invoice).toMatchObject({ total: 17_450 });
    expect(sum(invoice?.lines ?? [])).toBe(17_450);
    expect(await remaining(big.id)).toBe(30_000 - 17_450);
  });

  it('a declined charge gives the credit back', async () => {
    server.clock.set('2026-03-10T18:00:00Z');
    const alex = await customerOnOwnPlan(server);
    await saveCard(server, alex.token, '4000000000000341');
    const credit = await referralCredit(alex.customer.id, 5000, 'b@example.com');
    server.clock.set(RENEWAL_DAY);
    await server.services.billing.renewals.run();
    const [invoice] = await invoicesOf(alex.customer.id);
    expect(invoice).toMatchObject({ status: 'payment_due', amountPaid: 0 });
    expect(await remaining(credit.id)).toBe(5000);
    // The credit is the customer's again: the payment-due invoice neither lists it nor takes
    // it off what is owed (the whole 34,900), and its lines still add up to its total.
    expect(invoice?.lines.filter((l) => l.kind === 'credit')).toEqual([]);
    expect(invoice?.total).toBe(34_900);
    expect(sum(invoice?.lines ?? [])).toBe(34_900);
  });

  it('a plan change shows the credit in its quote, charges that amount and spends it once', async () => {
    server.clock.set('2026-03-10T18:00:00Z');
    const alex = await customerOnOwnPlan(server);
    await saveCard(server, alex.token, '4242424242424242');
    const credit = await referralCredit(alex.customer.id, 5000, 'c@example.com');
    const vars = { sub: alex.subscription.id, length: 6, addons: ['high-dose'] };
    const quoted = await quoteFor(server, alex.token, vars);
    const quote = quoted.data?.subscriptionPriceChangeQuote;
    if (!quote) throw new Error(JSON.stringify(quoted.errors));
    const changes = await Promise.all([
      change(server, alex.token, vars, quote),
      change(server, alex.token, vars, quote),
    ]);
    expect(changes.map((c) => c.errors)).toEqual([undefined, undefined]);
    const rows = await server.database.db
      .select()
      .from(charges)
      .where(eq(charges.customerId, alex.customer.id));
    expect(rows.map((c) => [c.status, c.amount])).toEqual([['succeeded', quote.amountDue]]);
    const [invoice] = await invoicesOf(alex.customer.id);
    expect(invoice?.total).toBe(quote.amountDue);
    expect(sum(invoice?.lines ?? [])).toBe(quote.amountDue);
    const applied = quote.referralCreditApplied as number;
    expect(applied).toBeGreaterThan(0);
    expect(invoice?.lines.filter((l) => l.kind === 'credit').map((l) => l.amount)).toEqual([
      -applied,
    ]);
    expect(await remaining(credit.id)).toBe(5000 - applied);
  });

  it('refuses a change whose credit moved after the quote (TC104), taking nothing', async () => {
    server.clock.set('2026-03-10T18:00:00Z');
    const alex = await customerOnOwnPlan(server);
    await saveCard(server, alex.token, '4242424242424242');
    const credit = await referralCredit(alex.customer.id, 5000, 'd@example.com');
    const vars = { sub: alex.subscription.id, length: 6, addons: ['high-dose'] };
    const quote = (await quoteFor(server, alex.token, vars)).data?.subscriptionPriceChangeQuote;
    if (!quote) throw new Error('no quote');
    await server.database.db
      .update(referrals)
      .set({ referrerDiscountRemaining: 1000 })
      .where(eq(referrals.id, credit.id));
    const refused = await change(server, alex.token, vars, quote);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'TC104' });
    expect(await remaining(credit.id)).toBe(1000);
    expect(await invoicesOf(alex.customer.id)).toEqual([]);
  });
});

describe('account credit from a downgrade (creditCarried)', () => {
  it('keeps the credit carried and uses it on the next invoice', async () => {
    server.clock.set('2026-03-01T18:00:00Z');
    const alex = await customerOnOwnPlan(server);
    await saveCard(server, alex.token, '4242424242424242');
    // On the period's first day the whole month is refunded; without the add-on it costs less.
    const vars = { sub: alex.subscription.id, length: 1, addons: [] };
    const quote = (await quoteFor(server, alex.token, vars)).data?.subscriptionPriceChangeQuote;
    if (!quote) throw new Error('no quote');
    const carried = quote.creditCarried as number;
    expect(carried).toBeGreaterThan(0);
    expect(quote.amountDue).toBe(0);
    const changed = await change(server, alex.token, vars, quote);
    expect(changed.errors).toBeUndefined();
    expect(await balance(alex.customer.id)).toBe(carried);

    server.clock.set(RENEWAL_DAY);
    await server.services.billing.renewals.run();
    const issued = await invoicesOf(alex.customer.id);
    const renewal = issued.at(-1);
    const price = quote.newPrice as number;
    const used = Math.min(carried, price);
    expect(renewal).toMatchObject({ status: 'paid', total: price - used });
    expect(renewal?.lines.filter((l) => l.kind === 'credit').map((l) => l.amount)).toEqual([-used]);
    expect(sum(renewal?.lines ?? [])).toBe(price - used);
    expect(await balance(alex.customer.id)).toBe(carried - used);
  });
});
