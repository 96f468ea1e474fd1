import { commitmentOutlook } from '@portal/domain';
import { and, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contracts, subscriptions } from '../../db/schema/customers';
import { charges, invoices } from '../../db/schema/payments';
import { graphql, type TestServer } from '../../../test/harness';
import {
  accessToken,
  change,
  monthlyCustomer,
  quoteFor,
  saveCard,
} from '../../../test/billing-fixtures';
import { useBillingServer } from '../../../test/billing-suite';

// Issue 45: cancelling inside a commitment. The plan tab says, before and in the cancel
// dialog, that "the payments left in your commitment are still due", and the cancellation
// runs the plan to its contract's end ("It stays active until …": the medication keeps
// shipping). So the renewals job keeps collecting the commitment's monthly payments up to
// the end date, and nothing after it.

let server: TestServer;
useBillingServer((started) => (server = started));

const CANCEL = `mutation X($id: ID!, $reason: String!) {
  cancelSubscription(subscriptionId: $id, reason: $reason) { status effectiveDate }
}`;

const SUBSCRIPTION = `query S($id: ID!) { customerSubscription(subscriptionId: $id) {
  status price renewal_date contract { start_date end_date auto_renew }
} }`;

describe('cancelling inside a commitment (issue 45)', () => {
  it('the payments the screen says are still due are collected, each month to the end, and no more', async () => {
    server.clock.set('2026-03-10T18:00:00Z');
    const alex = await monthlyCustomer(server);
    await server.database.db
      .update(contracts)
      .set({ status: 'ended' })
      .where(and(eq(contracts.customerId, alex.customer.id), ne(contracts.id, alex.contract.id)));
    await saveCard(server, alex.token, '4242424242424242');
    const six = { sub: alex.subscription.id, length: 6 };
    const quote = (await quoteFor(server, alex.token, six)).data?.subscriptionPriceChangeQuote;
    if (!quote) throw new Error('no quote');
    expect((await change(server, alex.token, six, quote)).errors).toBeUndefined();
    const price = quote.newPrice as number;

    // Ten days in, the customer cancels; what the plan tab says ending early costs then.
    server.clock.set('2026-03-20T18:00:00Z');
    let token = await accessToken(server, alex.user.email);
    const cancelled = await graphql(server, CANCEL, token, {
      id: alex.subscription.id,
      reason: 'too_expensive',
    });
    expect(cancelled.data).toEqual({
      cancelSubscription: { status: 'non_renewing', effectiveDate: '2026-09-10' },
    });
    const promised = commitmentOutlook({
      today: '2026-03-20',
      startDate: '2026-03-10',
      endDate: '2026-09-10',
      lengthMonths: 6,
      upfront: false,
      pricePerPeriod: price,
      renews: false,
    });
    expect(promised).toMatchObject({ paymentsLeft: 5, earlyEndCost: 5 * price });
    expect(promised.nextPaymentDate).toBe('2026-04-10');
    // The plan tab shows when the next of them is charged.
    const view = await graphql<{ customerSubscription: Record<string, unknown> }>(
      server,
      SUBSCRIPTION,
      token,
      { id: alex.subscription.id },
    );
    expect(view.data?.customerSubscription).toMatchObject({
      status: 'non_renewing',
      renewal_date: null,
      contract: { auto_renew: false },
    });

    // The job runs every month past the end: it collects those five, then nothing.
    for (const day of [
      '2026-04-10',
      '2026-05-10',
      '2026-06-10',
      '2026-07-10',
      '2026-08-10',
      '2026-09-10',
      '2026-10-10',
    ]) {
      server.clock.set(`${day}T18:00:00Z`);
      await server.services.billing.renewals.run();
      await server.services.billing.renewals.run();
    }
    const renewals = (
      await server.database.db
        .select()
        .from(charges)
        .where(eq(charges.customerId, alex.customer.id))
    ).filter((c) => c.purpose === 'renewal');
    expect(renewals.map((c) => [c.status, c.amount])).toEqual(
      Array.from({ length: 5 }, () => ['succeeded', price]),
    );
    expect(renewals.reduce((sum, c) => sum + c.amount, 0)).toBe(promised.earlyEndCost);
    const paid = await server.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.customerId, alex.customer.id));
    expect(paid.map((i) => i.serviceDate).sort()).toEqual([
      '2026-03-10',
      '2026-04-10',
      '2026-05-10',
      '2026-06-10',
      '2026-07-10',
      '2026-08-10',
    ]);
    // The plan did not renew: still the cancelled contract, no new one.
    const [sub] = await server.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, alex.subscription.id));
    const [contract] = await server.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.id, sub?.contractId ?? ''));
    expect(contract).toMatchObject({ endDate: '2026-09-10', autoRenew: false });
    token = await accessToken(server, alex.user.email);
    expect(token).not.toBe('');
  });
});
