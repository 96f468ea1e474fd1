import { randomBytes } from 'node:crypto';
import type { Db } from '../src/db/client';
import { addresses, contracts, customers, subscriptions } from '../src/db/schema/customers';
import { users } from '../src/db/schema/identity';
import { hashPassword } from '../src/identity/secrets';

export const TEST_PASSWORD = 'Secret123';
let cachedHash: Promise<string> | undefined;

export interface UserOverrides {
  email?: string;
  password?: string;
  verified?: boolean;
  disabled?: boolean;
  tenantId?: string;
}

export async function createUser(db: Db, overrides: UserOverrides = {}) {
  const email = overrides.email ?? `user-${randomBytes(4).toString('hex')}@example.com`;
  const passwordHash = overrides.password
    ? await hashPassword(overrides.password)
    : await (cachedHash ??= hashPassword(TEST_PASSWORD));
  const [user] = await db
    .insert(users)
    .values({
      tenantId: overrides.tenantId ?? 'portal',
      email,
      passwordHash,
      emailVerifiedAt: overrides.verified === false ? null : new Date('2025-01-01T00:00:00Z'),
      disabledAt: overrides.disabled ? new Date() : null,
    })
    .returning();
  if (!user) throw new Error('user not created');
  return user;
}

export interface CustomerOverrides extends UserOverrides {
  firstName?: string;
  lastName?: string;
  preferredName?: string | null;
}

/** A verified user with a customer record, a shipping address and an active subscription. */
export async function createCustomer(db: Db, overrides: CustomerOverrides = {}) {
  const user = await createUser(db, overrides);
  const [customer] = await db
    .insert(customers)
    .values({
      userId: user.id,
      email: user.email,
      shortId: randomBytes(4).toString('hex').toUpperCase(),
      firstName: overrides.firstName ?? 'Test',
      lastName: overrides.lastName ?? 'Customer',
      preferredName: overrides.preferredName ?? null,
      phone: '2125550100',
      dob: '1990-01-01',
    })
    .returning();
  if (!customer) throw new Error('customer not created');
  await db.insert(addresses).values({
    customerId: customer.id,
    addressType: 'SHIPPING',
    streetAddress1: '1 Main St',
    city: 'Austin',
    state: 'Texas',
    stateCode: 'TX',
    zipCode: '78701',
  });
  const [contract] = await db
    .insert(contracts)
    .values({
      customerId: customer.id,
      status: 'active',
      startDate: '2026-01-01',
      endDate: '2026-07-01',
      length: 6,
      price: 99_900,
    })
    .returning();
  await db
    .insert(subscriptions)
    .values({ customerId: customer.id, status: 'active', contractId: contract?.id });
  return { user, customer, password: overrides.password ?? TEST_PASSWORD };
}
