import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentSources } from '../../db/schema/billing';
import { contracts, subscriptions } from '../../db/schema/customers';
import { sandboxGatewayPaymentMethods } from '../../db/schema/gateway';
import { charges, invoices } from '../../db/schema/payments';
import { commitmentOutlook } from '@portal/domain';
import { graphql, postJson, sandboxOf, type TestServer } from '../../../test/harness';
import { TEST_PASSWORD } from '../../../test/factories';
import { change, quoteFor, saveCard } from '../../../test/billing-fixtures';
import { customerOnOwnPlan, useBillingServer } from '../../../test/billing-suite';

// Issue 45: deleting an account ends the plan's money too. What the customer still owes is
// settled as the plan's terms say (the payments left in a commitment are still due when the
// plan ends early: charged once, at deletion, and said on the deletion dialog); the plan then
// ends (no renewal, no monthly payment after), the card is detached at the processor, and its
// billing name and address are erased (the card's brand, last 4 and expiry stay with the
// charges and invoices that name it; the invoices keep their own address snapshot).

let server: TestServer;
useBillingServer((started) => (server = started));

const UPDATE_ADDRESS = `mutation U($id: ID!) {
  updateBillingAddress(paymentSourceId: $id, firstName: "Ada", lastName: "Lovelace",
    streetAddress1: "12 Pond St", city: "Austin", stateCode: "tx", zipCode: "78701") { statusCode }
}`;

async function customer() {
  const made = await customerOnOwnPlan(server);
  const saved = await saveCard(server, made.token, '4242424242424242');
  const cardId = saved.data?.replacePaymentSource.newPaymentSourceId ?? '';
  expect(
    (await graphql(server, UPDATE_ADDRESS, made.token, { id: cardId })).errors,
  ).toBeUndefined();
  return { ...made, cardId };
}

async function deleteAccount(email: string, customerId: string) {
  const signIn = await postJson<{ idToken: string }>(server, '/identity/sign-in', {
    email,
    password: TEST_PASSWORD,
  });
  const res = await postJson<{ data: { deleted: boolean } }>(
    server,
    '/identity/account/delete',
    { customerId, formId: 'account-deletion', password: TEST_PASSWORD, reason: 'privacy' },
    { authorization: `Bearer ${signIn.body.idToken}` },
  );
  expect(res.status).toBe(200);
  return res;
}

async function chargesOf(customerId: string) {
  return server.database.db
    .select()
    .from(charges)
    .where(eq(charges.customerId, customerId))
    .orderBy(charges.createdAt);
}

async function card(id: string) {
  const [row] = await server.database.db
    .select()
    .from(paymentSources)
    .where(eq(paymentSources.id, id));
  return row;
}

async function expectCardGone(id: string) {
  const row = await card(id);
  expect(row).toMatchObject({
    status: 'removed',
    brand: 'Visa',
    last4: '4242',
    billingFirstName: null,
    billingLastName: null,
    billingStreetAddress1: null,
    billingStreetAddress2: null,
    billingCity: null,
    billingState: null,
    billingStateCode: null,
    billingZipCode: null,
  });
  expect(row?.detachedAt).not.toBeNull();
  const [method] = await server.database.db
    .select()
    .from(sandboxGatewayPaymentMethods)
    .where(eq(sandboxGatewayPaymentMethods.id, row?.gatewayPaymentMethodId ?? ''));
  expect(method?.detachedAt).not.toBeNull();
}

describe('deleting an account ends its money (issue 45)', () => {
  it('a commitment: its payments left are charged once, then the plan ends, the card is detached and its billing details erased', async () => {
    server.clock.set('2026-03-10T18:00:00Z');
    const alex = await customer();
    const six = { sub: alex.subscription.id, length: 6 };
    const quote = (await quoteFor(server, alex.token, six)).data?.subscriptionPriceChangeQuote;
    if (!quote) throw new Error('no quote');
    expect((await change(server, alex.token, six, quote)).errors).toBeUndefined();
    const price = quote.newPrice as number;

    server.clock.set('2026-03-20T18:00:00Z');
    const owed = commitmentOutlook({
      today: '2026-03-20',
      startDate: '2026-03-10',
      endDate: '2026-09-10',
      lengthMonths: 6,
      upfront: false,
      pricePerPeriod: price,
      renews: true,
    }).earlyEndCost;
    expect(owed).toBe(5 * price);
    await deleteAccount(alex.user.email, alex.customer.id);

    const made = await chargesOf(alex.customer.id);
    expect(made.map((c) => [c.purpose, c.status, c.amount])).toEqual([
      ['subscription_change', 'succeeded', quote.amountDue],
      ['plan_end', 'succeeded', owed],
    ]);
    const issued = await server.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.customerId, alex.customer.id))
      .orderBy(invoices.issuedAt);
    expect(issued.map((i) => [i.status, i.total])).toEqual([
      ['paid', quote.amountDue],
      ['paid', owed],
    ]);
    // The invoices keep the address they were issued with (the customer's are erased).
    expect(issued[0]?.shippingAddress).not.toBeNull();

    const [sub] = await server.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, alex.subscription.id));
    expect(sub?.status).toBe('cancelled');
    const [contract] = await server.database.db
      .select()
      .from(contracts)
      .where(eq(contracts.id, sub?.contractId ?? ''));
    expect(contract).toMatchObject({ status: 'cancelled', autoRenew: false });
    await expectCardGone(alex.cardId);

    // Nothing is charged after: not the months, not a renewal; the plan is over.
    for (const day of ['2026-04-10', '2026-09-10', '2026-10-10']) {
      server.clock.set(`${day}T18:00:00Z`);
      await server.services.billing.renewals.run();
    }
    expect(await chargesOf(alex.customer.id)).toHaveLength(2);
  });

  it('deleted while the renewals job charges the month: every month is paid once, none after', async () => {
    server.clock.set('2026-03-10T18:00:00Z');
    const lee = await customer();
    const six = { sub: lee.subscription.id, length: 6 };
    const quote = (await quoteFor(server, lee.token, six)).data?.subscriptionPriceChangeQuote;
    if (!quote) throw new Error('no quote');
    expect((await change(server, lee.token, six, quote)).errors).toBeUndefined();
    const price = quote.newPrice as number;
    // The second month's day: the job and the deletion at once.
    server.clock.set('2026-04-10T18:00:00Z');
    await Promise.all([
      deleteAccount(lee.user.email, lee.customer.id),
      server.services.billing.renewals.run(),
      server.services.billing.renewals.run(),
    ]);
    for (const day of ['2026-05-10', '2026-06-10', '2026-09-10', '2026-10-10']) {
      server.clock.set(`${day}T18:00:00Z`);
      await server.services.billing.renewals.run();
    }
    const after = (await chargesOf(lee.customer.id)).filter(
      (c) => c.purpose !== 'subscription_change',
    );
    expect(after.every((c) => c.status === 'succeeded')).toBe(true);
    // April's month (by the job, or with the months left when the deletion went first) and
    // the four after it: each once, none after the deletion.
    const total = after.reduce((sum, c) => sum + c.amount, 0);
    expect(total).toBe(5 * price);
    expect(after.filter((c) => c.purpose === 'plan_end')).toHaveLength(1);
    expect(after.filter((c) => c.purpose === 'renewal').length).toBeLessThanOrEqual(1);
    await expectCardGone(lee.cardId);
  });

  it('month to month: nothing more is owed or charged, renewals end, the card is detached', async () => {
    server.clock.set('2026-03-10T18:00:00Z');
    const taylor = await customer();
    await deleteAccount(taylor.user.email, taylor.customer.id);
    expect(await chargesOf(taylor.customer.id)).toEqual([]);
    await expectCardGone(taylor.cardId);
    server.clock.set('2026-04-01T18:00:00Z');
    await server.services.billing.renewals.run();
    expect(await chargesOf(taylor.customer.id)).toEqual([]);
  });

  it('a processor that cannot be reached at deletion: the billing job detaches the card later', async () => {
    server.clock.set('2026-03-10T18:00:00Z');
    const sam = await customer();
    const gateway = sandboxOf(server).gateway;
    const detach = gateway.detach.bind(gateway);
    gateway.detach = () => Promise.reject(new Error('processor unreachable'));
    try {
      await deleteAccount(sam.user.email, sam.customer.id);
    } finally {
      gateway.detach = detach;
    }
    expect(await card(sam.cardId)).toMatchObject({ status: 'removed', billingZipCode: null });
    expect((await card(sam.cardId))?.detachedAt).toBeNull();
    await server.jobs.runDue();
    await expectCardGone(sam.cardId);
  });
});
