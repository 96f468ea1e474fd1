import { asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import {
  addresses,
  contracts,
  customers,
  customerTags,
  subscriptionItems,
  subscriptions,
} from '../../db/schema/customers';
import { createCustomer } from '../../../test/factories';
import { useTestDatabase } from '../../../test/harness';
import { CustomerStore } from './store';

let database: Database;
useTestDatabase((opened) => (database = opened));

/** The record as drizzle's own selects read it (loadRecord's five reads before issue 16). */
async function bySelects(id: string) {
  const db = database.db;
  const [customer] = await db.select().from(customers).where(eq(customers.id, id));
  const subs = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.customerId, id))
    .orderBy(asc(subscriptions.createdAt));
  const items = subs.length
    ? await db
        .select()
        .from(subscriptionItems)
        .where(
          inArray(
            subscriptionItems.subscriptionId,
            subs.map((s) => s.id),
          ),
        )
    : [];
  return {
    customer,
    addresses: await db
      .select()
      .from(addresses)
      .where(eq(addresses.customerId, id))
      .orderBy(asc(addresses.createdAt)),
    tags: (
      await db
        .select({ name: customerTags.name })
        .from(customerTags)
        .where(eq(customerTags.customerId, id))
        .orderBy(asc(customerTags.name))
    ).map((t) => t.name),
    contracts: await db
      .select()
      .from(contracts)
      .where(eq(contracts.customerId, id))
      .orderBy(asc(contracts.startDate)),
    subscriptions: subs.map((s) => ({
      ...s,
      items: items.filter((i) => i.subscriptionId === s.id),
    })),
  };
}

describe('CustomerStore.loadRecord (one statement)', () => {
  it('answers what drizzle’s selects answer, row types included', async () => {
    const { customer } = await createCustomer(database.db, { preferredName: 'Al' });
    const db = database.db;
    await db
      .update(customers)
      .set({ sex: 'female', deletedAt: new Date('2026-02-03T04:05:06.789Z') })
      .where(eq(customers.id, customer.id));
    await db.insert(addresses).values({
      customerId: customer.id,
      addressType: 'BILLING',
      firstName: 'Alex',
      streetAddress1: '2 Side St',
      streetAddress2: 'Apt 3',
      city: 'Dallas',
      state: 'Texas',
      stateCode: 'TX',
      zipCode: '75201',
      createdAt: new Date(Date.now() + 1_000),
    });
    await db.insert(customerTags).values([
      { customerId: customer.id, name: 'zeta' },
      { customerId: customer.id, name: 'alpha' },
    ]);
    const [contract] = await db
      .insert(contracts)
      .values({
        customerId: customer.id,
        status: 'ended',
        autoRenew: false,
        coupon: 'SAVE10',
        discountAmount: 1_000,
        startDate: '2025-01-01',
        endDate: '2025-07-01',
        length: 6,
        price: 59_900,
      })
      .returning();
    const [first] = await db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.customerId, customer.id));
    const [linked] = await db
      .insert(subscriptions)
      .values({
        customerId: customer.id,
        status: 'cancelled',
        contractId: contract?.id,
        linkedToSubscriptionId: first?.id,
        createdAt: new Date(Date.now() + 2_000),
      })
      .returning();
    await db.insert(subscriptionItems).values([
      { subscriptionId: linked!.id, itemPriceId: 'price-a', itemType: 'addon' },
      { subscriptionId: first!.id, itemPriceId: 'price-b' },
    ]);

    const record = await new CustomerStore(db).loadRecord(customer.id);
    const expected = await bySelects(customer.id);
    expect(record).toEqual(expected);
    expect(record?.customer.createdAt).toBeInstanceOf(Date);
    expect(record?.customer.deletedAt?.toISOString()).toBe('2026-02-03T04:05:06.789Z');
    expect(record?.customer.dob).toBe('1990-01-01');
    expect(record?.tags).toEqual(['alpha', 'zeta']);
    expect(record?.addresses.map((a) => a.addressType)).toEqual(['SHIPPING', 'BILLING']);
    expect(record?.subscriptions.map((s) => s.items.length)).toEqual([
      expected.subscriptions[0]?.items.length,
      1,
    ]);
  });

  it('answers undefined for no such customer, and empty lists for a bare one', async () => {
    const store = new CustomerStore(database.db);
    expect(await store.loadRecord('00000000-0000-4000-8000-000000000000')).toBeUndefined();
    const [bare] = await database.db
      .insert(customers)
      .values({ shortId: 'BARE0001', firstName: 'B', lastName: 'C', email: 'bare@example.com' })
      .returning();
    const record = await store.loadRecord(bare!.id);
    expect(record).toEqual({ ...(await bySelects(bare!.id)) });
    expect(record?.addresses).toEqual([]);
    expect(record?.subscriptions).toEqual([]);
  });
});
