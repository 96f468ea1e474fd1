import { randomUUID } from 'node:crypto';
import type { Db } from '../../../apps/server/src/db/client';
import {
  addresses,
  contracts,
  customers,
  customerTags,
  subscriptionItems,
  subscriptions,
  users,
} from '../../../apps/server/src/db/schema/index';

export const BENCH_PASSWORD = 'BenchPass1';
export const BENCH_TENANT = 'portal';

export interface SeededCustomer {
  userId: string;
  customerId: string;
  email: string;
}

export interface SeedResult {
  customers: SeededCustomer[];
  /** Rows inserted per table. */
  rows: Record<string, number>;
}

const BATCH = 200;
const STATES = [
  ['California', 'CA', 'San Francisco', '94103'],
  ['Texas', 'TX', 'Austin', '78701'],
  ['New York', 'NY', 'New York', '10001'],
  ['Illinois', 'IL', 'Chicago', '60601'],
] as const;

/**
 * Customers shaped like the test factories (apps/server/test/factories.ts), but richer and
 * inserted in batches: per customer a verified user, a shipping and a billing address, two
 * tags, an active contract, a plan subscription with two items and a linked add-on
 * subscription with one item. All users share one argon2 hash of BENCH_PASSWORD.
 * Timestamps differ within a customer so every ORDER BY the app uses is deterministic.
 */
export async function seedCustomers(
  db: Db,
  count: number,
  passwordHash: string,
): Promise<SeedResult> {
  const seeded: SeededCustomer[] = [];
  const rows: Record<string, number> = {};
  const add = (table: string, n: number) => (rows[table] = (rows[table] ?? 0) + n);
  const base = Date.parse('2025-03-01T12:00:00Z');

  for (let start = 0; start < count; start += BATCH) {
    const userRows: (typeof users.$inferInsert)[] = [];
    const customerRows: (typeof customers.$inferInsert)[] = [];
    const addressRows: (typeof addresses.$inferInsert)[] = [];
    const tagRows: (typeof customerTags.$inferInsert)[] = [];
    const contractRows: (typeof contracts.$inferInsert)[] = [];
    const subscriptionRows: (typeof subscriptions.$inferInsert)[] = [];
    const itemRows: (typeof subscriptionItems.$inferInsert)[] = [];

    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const n = String(i).padStart(5, '0');
      const userId = randomUUID();
      const customerId = randomUUID();
      const contractId = randomUUID();
      const planId = randomUUID();
      const addonId = randomUUID();
      const email = `bench-${n}@example.com`;
      const created = base + i * 60_000;
      const at = (offsetMs: number) => new Date(created + offsetMs);
      const [state, stateCode, city, zip] = STATES[i % STATES.length] ?? STATES[0];

      userRows.push({
        id: userId,
        tenantId: BENCH_TENANT,
        email,
        passwordHash,
        emailVerifiedAt: at(0),
      });
      customerRows.push({
        id: customerId,
        userId,
        shortId: `BENCH${n}`,
        firstName: `First${n}`,
        lastName: `Last${n}`,
        preferredName: i % 3 === 0 ? `Pref${n}` : null,
        phone: `21255${n}`,
        dob: `19${60 + (i % 40)}-0${1 + (i % 9)}-1${i % 10}`,
        email,
        createdAt: at(0),
      });
      for (const [k, addressType] of (['SHIPPING', 'BILLING'] as const).entries()) {
        addressRows.push({
          customerId,
          addressType,
          streetAddress1: `${100 + i} Main St`,
          streetAddress2: k === 0 ? `Apt ${1 + (i % 20)}` : null,
          city,
          state,
          stateCode,
          zipCode: zip,
          createdAt: at(1_000 + k),
        });
      }
      tagRows.push({ customerId, name: 'glp1' }, { customerId, name: `cohort-${i % 7}` });
      contractRows.push({
        id: contractId,
        customerId,
        status: 'active',
        startDate: '2026-01-01',
        endDate: '2026-07-01',
        length: 6,
        price: 99_900,
      });
      subscriptionRows.push(
        { id: planId, customerId, status: 'active', contractId, createdAt: at(2_000) },
        {
          id: addonId,
          customerId,
          status: 'active',
          linkedToSubscriptionId: planId,
          createdAt: at(3_000),
        },
      );
      itemRows.push(
        { subscriptionId: planId, itemPriceId: 'weightmanagement-6-month-USD', itemType: 'plan' },
        { subscriptionId: planId, itemPriceId: 'high-dose-USD-monthly', itemType: 'addon' },
        { subscriptionId: addonId, itemPriceId: 'lab-panel-USD', itemType: 'plan' },
      );
      seeded.push({ userId, customerId, email });
    }

    await db.transaction(async (tx) => {
      await tx.insert(users).values(userRows);
      await tx.insert(customers).values(customerRows);
      await tx.insert(addresses).values(addressRows);
      await tx.insert(customerTags).values(tagRows);
      await tx.insert(contracts).values(contractRows);
      await tx.insert(subscriptions).values(subscriptionRows);
      await tx.insert(subscriptionItems).values(itemRows);
    });
    add('identity_users', userRows.length);
    add('customers', customerRows.length);
    add('customer_addresses', addressRows.length);
    add('customer_tags', tagRows.length);
    add('contracts', contractRows.length);
    add('subscriptions', subscriptionRows.length);
    add('subscription_items', itemRows.length);
  }
  return { customers: seeded, rows };
}
