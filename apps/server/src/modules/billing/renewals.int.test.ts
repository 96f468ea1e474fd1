import { NOTIFICATION_TYPE } from '@portal/domain';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contracts, subscriptions } from '../../db/schema/customers';
import { charges, invoices } from '../../db/schema/payments';
import { customerNotifications } from '../../db/schema/notifications';
import { type TestServer, sandboxOf } from '../../../test/harness';
import { saveCard } from '../../../test/billing-fixtures';
import { customerOnOwnPlan, useBillingServer } from '../../../test/billing-suite';

let server: TestServer;
useBillingServer((started) => (server = started));

// The fixtures' plan runs 2026-03-01 → 2026-04-01 (34,900 cents a month, Los Angeles).
const RENEWAL_DAY = '2026-04-01T18:00:00Z';

async function renewalCharges(customerId: string) {
  return server.database.db
    .select()
    .from(charges)
    .where(and(eq(charges.customerId, customerId), like(charges.idempotencyKey, 'renewal:%')))
    .orderBy(charges.createdAt);
}

async function noticesOf(customerId: string, type: string) {
  return server.database.db
    .select()
    .from(customerNotifications)
    .where(
      and(eq(customerNotifications.customerId, customerId), eq(customerNotifications.type, type)),
    );
}

async function contractOf(subscriptionId: string) {
  const [row] = await server.database.db
    .select({ contract: contracts })
    .from(subscriptions)
    .innerJoin(contracts, eq(contracts.id, subscriptions.contractId))
    .where(eq(subscriptions.id, subscriptionId));
  return row?.contract;
}

/** Two customers on the fixtures' plan before it is due, with these cards saved. */
async function twoOnPlans(firstCard: string, secondCard: string) {
  server.clock.set('2026-03-10T18:00:00Z');
  const first = await customerOnOwnPlan(server);
  const second = await customerOnOwnPlan(server);
  await saveCard(server, first.token, firstCard);
  await saveCard(server, second.token, secondCard);
  return [first, second] as const;
}

describe('the renewals job', () => {
  it("a run for one customer renews only that customer's plans", async () => {
    const [one, other] = await twoOnPlans('4242424242424242', '4242424242424242');
    server.clock.set(RENEWAL_DAY);
    const run = await server.services.billing.renewals.run({ customerId: one.customer.id });
    expect(run).toMatchObject({ charged: 1, declined: 0 });
    expect((await renewalCharges(one.customer.id)).map((c) => c.status)).toEqual(['succeeded']);
    expect(await renewalCharges(other.customer.id)).toEqual([]);
  });

  it('renews a due contract once, even when the job runs twice (and twice at once)', async () => {
    server.clock.set('2026-03-10T18:00:00Z');
    const alex = await customerOnOwnPlan(server);
    await saveCard(server, alex.token, '4242424242424242');
    // Not due before the contract's end.
    await server.services.billing.renewals.run();
    expect(await renewalCharges(alex.customer.id)).toEqual([]);

    server.clock.set(RENEWAL_DAY);
    expect(await server.jobs.runDue()).toContain('billing-renewals');
    // Not due again for an hour by the scheduler; run by hand, twice at once, all the same.
    expect(await server.jobs.runDue()).toEqual([]);
    await Promise.all([
      server.services.billing.renewals.run(),
      server.services.billing.renewals.run(),
    ]);
    const rows = await renewalCharges(alex.customer.id);
    expect(rows.map((c) => [c.status, c.amount, c.idempotencyKey])).toEqual([
      ['succeeded', 34_900, `renewal:${alex.contract.id}:2026-04-01:1`],
    ]);
    expect(await sandboxOf(server).gateway.countCharges(rows[0]?.idempotencyKey ?? '')).toBe(1);
    const contract = await contractOf(alex.subscription.id);
    expect(contract).toMatchObject({
      startDate: '2026-04-01',
      endDate: '2026-05-01',
      length: 1,
      price: 34_900,
    });
    const issued = await server.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.customerId, alex.customer.id));
    expect(issued.map((i) => [i.status, i.total, i.serviceDate])).toEqual([
      ['paid', 34_900, '2026-04-01'],
    ]);
    expect(await noticesOf(alex.customer.id, NOTIFICATION_TYPE.paymentDue)).toEqual([]);
  });

  it('a declined renewal raises the payment-due notice and is retried days later, not sooner', async () => {
    // Eve's card works: her renewal raises nothing.
    const [alex, eve] = await twoOnPlans('4000000000000341', '4242424242424242');
    server.clock.set(RENEWAL_DAY);
    await server.services.billing.renewals.run();
    await server.services.billing.renewals.run();
    let rows = await renewalCharges(alex.customer.id);
    expect(rows.map((c) => [c.status, c.processorReason])).toEqual([['declined', 'declined']]);
    const notices = await noticesOf(alex.customer.id, NOTIFICATION_TYPE.paymentDue);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ status: 'requires_action', severity: 'warning' });
    expect(await noticesOf(eve.customer.id, NOTIFICATION_TYPE.paymentDue)).toEqual([]);
    // The plan did not move; the invoice says payment due.
    expect((await contractOf(alex.subscription.id))?.id).toBe(alex.contract.id);
    const [invoice] = await server.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.customerId, alex.customer.id));
    expect(invoice).toMatchObject({ status: 'payment_due', total: 34_900, amountPaid: 0 });

    server.clock.advance(3 * 24 * 60 * 60_000 + 60_000);
    await server.services.billing.renewals.run();
    rows = await renewalCharges(alex.customer.id);
    expect(rows.map((c) => c.idempotencyKey)).toEqual([
      `renewal:${alex.contract.id}:2026-04-01:1`,
      `renewal:${alex.contract.id}:2026-04-01:2`,
    ]);
    expect(await noticesOf(alex.customer.id, NOTIFICATION_TYPE.paymentDue)).toHaveLength(2);
  });

  it('raises action_required_contract_expire_v1 once before a non-renewing contract ends', async () => {
    server.clock.set('2026-03-10T18:00:00Z');
    const alex = await customerOnOwnPlan(server);
    await server.database.db
      .update(contracts)
      .set({ autoRenew: false, status: 'non_renewing' })
      .where(eq(contracts.id, alex.contract.id));
    await server.services.billing.renewals.run();
    const type = NOTIFICATION_TYPE.contractExpire;
    // 22 days before the end: too early.
    expect(await noticesOf(alex.customer.id, type)).toEqual([]);
    server.clock.set('2026-03-20T18:00:00Z');
    await server.services.billing.renewals.run();
    await server.services.billing.renewals.run();
    const notices = await noticesOf(alex.customer.id, type);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.metadata).toMatchObject({ subscriptionIds: [alex.subscription.id] });
    // And it is not renewed at its end.
    server.clock.set(RENEWAL_DAY);
    await server.services.billing.renewals.run();
    expect(await renewalCharges(alex.customer.id)).toEqual([]);
  });
});
