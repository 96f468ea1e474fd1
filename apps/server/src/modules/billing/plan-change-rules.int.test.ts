import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountCredits } from '../../db/schema/billing';
import { contracts, subscriptions } from '../../db/schema/customers';
import { charges } from '../../db/schema/payments';
import { type TestServer } from '../../../test/harness';
import { accessToken, change, quoteFor, saveCard } from '../../../test/billing-fixtures';
import { customerOnOwnPlan, useBillingServer } from '../../../test/billing-suite';

// Issue 45, the plan-change rules that must hold under attack: a change applies only to the
// contract it was priced on (racing quotes give one change and the others TC104
// quote_changed), and the credit of a change covers only money actually taken for the unused
// part of a period that was paid.

let server: TestServer;
useBillingServer((started) => (server = started));

async function balance(customerId: string) {
  const [row] = await server.database.db
    .select()
    .from(accountCredits)
    .where(eq(accountCredits.customerId, customerId));
  return row?.balance ?? 0;
}

async function activeContracts(customerId: string) {
  return server.database.db
    .select()
    .from(contracts)
    .where(and(eq(contracts.customerId, customerId), eq(contracts.status, 'active')));
}

describe('concurrent plan changes with different quotes (issue 45)', () => {
  it('N downgrade quotes fired together: one applied, the credit once, one active contract', async () => {
    // The period's first day: the whole month is refunded, and the plan without its add-on
    // costs less, so each quote carries account credit.
    server.clock.set('2026-03-01T18:00:00Z');
    const alex = await customerOnOwnPlan(server);
    await saveCard(server, alex.token, '4242424242424242');
    const vars = { sub: alex.subscription.id, length: 1, addons: [] };
    const quotes = [];
    for (let i = 0; i < 8; i += 1) {
      const quote = (await quoteFor(server, alex.token, vars)).data?.subscriptionPriceChangeQuote;
      if (!quote) throw new Error('no quote');
      quotes.push(quote);
    }
    const carried = quotes[0]?.creditCarried as number;
    expect(carried).toBeGreaterThan(0);
    expect(new Set(quotes.map((q) => q.id)).size).toBe(8);

    const answers = await Promise.all(quotes.map((q) => change(server, alex.token, vars, q)));
    const applied = answers.filter((a) => a.errors === undefined);
    expect(applied).toHaveLength(1);
    for (const refused of answers.filter((a) => a.errors !== undefined)) {
      expect(refused.errors?.[0]?.extensions).toMatchObject({
        code: 'TC104',
        reason: 'quote_changed',
      });
    }
    expect(await balance(alex.customer.id)).toBe(carried);
    const active = await activeContracts(alex.customer.id);
    expect(active.map((c) => c.id)).toEqual([
      applied[0]?.data?.changeCustomerSubscription.newContractId,
    ]);
    const [sub] = await server.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, alex.subscription.id));
    expect(sub?.contractId).toBe(active[0]?.id);
    const made = await server.database.db
      .select()
      .from(charges)
      .where(eq(charges.customerId, alex.customer.id));
    expect(made.filter((c) => c.status === 'succeeded')).toHaveLength(1);
  }, 60_000);

  it('a second quote of the same change, sent after the first was applied, is refused', async () => {
    // Priced on the first contract; the first change's new contract costs the same and its
    // whole period is unused, so re-priced on it the amount due does not move: only the
    // contract tells the quotes apart.
    server.clock.set('2026-03-01T18:00:00Z');
    const alex = await customerOnOwnPlan(server);
    await saveCard(server, alex.token, '4242424242424242');
    const vars = { sub: alex.subscription.id, length: 1, addons: [] };
    const first = (await quoteFor(server, alex.token, vars)).data?.subscriptionPriceChangeQuote;
    const second = (await quoteFor(server, alex.token, vars)).data?.subscriptionPriceChangeQuote;
    if (!first || !second) throw new Error('no quote');
    expect((await change(server, alex.token, vars, first)).errors).toBeUndefined();
    const late = await change(server, alex.token, vars, second);
    expect(late.errors?.[0]?.extensions).toMatchObject({
      code: 'TC104',
      reason: 'quote_changed',
    });
    expect(await balance(alex.customer.id)).toBe(first.creditCarried);
    expect(await activeContracts(alex.customer.id)).toHaveLength(1);
  });
});

describe('the credit of a change covers only money taken (issue 45)', () => {
  it('switching back and forth each month: the second switch gives no credit for a period never paid', async () => {
    server.clock.set('2026-03-10T18:00:00Z');
    const alex = await customerOnOwnPlan(server);
    await saveCard(server, alex.token, '4242424242424242');
    const six = { sub: alex.subscription.id, length: 6 };
    const monthly = { sub: alex.subscription.id, length: 1, addons: ['high-dose'] };
    // First switch, from the month that was paid: its unused part is credited.
    const first = (await quoteFor(server, alex.token, six)).data?.subscriptionPriceChangeQuote;
    if (!first) throw new Error('no quote');
    expect(first.proratedRefund).toBeGreaterThan(0);
    expect((await change(server, alex.token, six, first)).errors).toBeUndefined();

    // A month later the 6-month plan's second month has begun, and nothing has paid it yet
    // (its renewal is not charged yet, or was declined): switching back credits nothing.
    server.clock.set('2026-04-10T18:00:00Z');
    const token = await accessToken(server, alex.user.email);
    const back = (await quoteFor(server, token, monthly)).data?.subscriptionPriceChangeQuote;
    if (!back) throw new Error('no quote');
    expect(back.proratedRefund).toBe(0);
    expect(back.amountDue).toBe(back.newPrice);

    // Once the month is paid, the same switch credits its unused part (all of it, today).
    await server.services.billing.renewals.run();
    const paid = (await quoteFor(server, token, monthly)).data?.subscriptionPriceChangeQuote;
    if (!paid) throw new Error('no quote');
    const monthPrice = first.newPrice as number;
    expect(paid.proratedRefund).toBe(monthPrice);
    expect(paid.amountDue).toBe(Math.max(0, (paid.newPrice as number) - monthPrice));
    const made = await change(server, token, monthly, paid);
    expect(made.errors).toBeUndefined();
    const rows = await server.database.db
      .select()
      .from(charges)
      .where(eq(charges.customerId, alex.customer.id));
    expect(rows.map((c) => [c.purpose, c.status, c.amount])).toEqual([
      ['subscription_change', 'succeeded', first.amountDue],
      ['renewal', 'succeeded', monthPrice],
      ['subscription_change', 'succeeded', paid.amountDue],
    ]);
  });

  it('a month whose renewal was declined is not credited either', async () => {
    server.clock.set('2026-03-10T18:00:00Z');
    const alex = await customerOnOwnPlan(server);
    const saved = await saveCard(server, alex.token, '4242424242424242');
    const six = { sub: alex.subscription.id, length: 6 };
    const first = (await quoteFor(server, alex.token, six)).data?.subscriptionPriceChangeQuote;
    if (!first) throw new Error('no quote');
    expect((await change(server, alex.token, six, first)).errors).toBeUndefined();
    // A card that saves and then declines every charge.
    await saveCard(
      server,
      alex.token,
      '4000000000000341',
      saved.data?.replacePaymentSource.newPaymentSourceId,
    );
    server.clock.set('2026-04-12T18:00:00Z');
    await server.services.billing.renewals.run();
    const renewal = (
      await server.database.db
        .select()
        .from(charges)
        .where(eq(charges.customerId, alex.customer.id))
    ).find((c) => c.purpose === 'renewal');
    expect(renewal?.status).toBe('declined');
    const token = await accessToken(server, alex.user.email);
    const quote = (await quoteFor(server, token, { sub: alex.subscription.id, length: 3 })).data
      ?.subscriptionPriceChangeQuote;
    expect(quote?.proratedRefund).toBe(0);
  });
});
