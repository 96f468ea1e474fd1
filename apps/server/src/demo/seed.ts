import { DEFAULT_TIME_ZONE } from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { DatabaseStepError } from '../db/database-error';
import { startupLockInTransaction } from '../db/startup-lock';
import { providers, treatmentConfigurations, treatments } from '../db/schema/catalog';
import {
  addresses,
  contracts,
  customers,
  customerTags,
  subscriptionItems,
  subscriptions,
} from '../db/schema/customers';
import { featureFlags } from '../db/schema/flags';
import { users } from '../db/schema/identity';
import { hashPassword } from '../identity/secrets';
import { seedMessagingDemo, type DemoFactorEnroller } from './seed-messaging';
import { seedAppointments } from './seed-appointments';
import { seedAlexCard, seedAlexInvoices, seedBillingCatalogue } from './seed-billing';
import { seedTreatmentRecords } from './seed-treatment';
import { seedReferrals } from './seed-referrals';
import { seedWeightDemo } from './seed-weight';
import { seedFormsDemo } from './seed-forms';
import { seedBulkDemo } from './seed-bulk';
import type { DocumentStore } from '../platform/document-store';
import {
  DEMO_TREATMENTS,
  DEMO_TREATMENT_CONFIGURATIONS,
  DEMO_PROVIDERS,
  DEMO_FLAG_DEFAULTS,
} from './catalog';

export const DEMO_PASSWORD = 'DemoPass1';
export const DEMO_TENANT = 'portal';

export const DEMO_ACCOUNTS = [
  {
    email: 'alex.rivera@example.com',
    password: DEMO_PASSWORD,
    description: 'complete customer: monthly plan with an add-on, saved test card',
  },
  {
    email: 'sam.unverified@example.com',
    password: DEMO_PASSWORD,
    description: 'email not verified yet',
  },
  {
    email: 'jordan.nocustomer@example.com',
    password: DEMO_PASSWORD,
    description: 'signed-in user with no customer record',
  },
  {
    email: 'taylor.booking@example.com',
    password: DEMO_PASSWORD,
    description: 'customer ready to book a first visit',
  },
] as const;

/**
 * Seeds the demo catalogue and accounts once; returns false when they are already there. With
 * `files`, the demo lab results' PDFs are written to it (main.ts passes the app's store); with
 * `staffFactors`, the demo staff accounts are enrolled with their published TOTP secrets.
 * Instances starting together on one database seed it once: the seed's transaction holds the
 * startup lock (db/startup-lock.ts) and looks again under it. A failure says PostgreSQL's
 * reason, not the ORM's message with the parameters.
 */
export async function seedDemoData(
  db: Db,
  tenantId = DEMO_TENANT,
  options: {
    files?: DocumentStore | undefined;
    staffFactors?: DemoFactorEnroller | undefined;
  } = {},
): Promise<boolean> {
  return seedOnce(db, tenantId, options).catch((error: unknown) => {
    throw new DatabaseStepError('Seeding the demo data', error);
  });
}

async function demoSeeded(db: Db): Promise<boolean> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS[0].email));
  return existing.length > 0;
}

async function seedOnce(
  db: Db,
  tenantId: string,
  options: { files?: DocumentStore | undefined; staffFactors?: DemoFactorEnroller | undefined },
): Promise<boolean> {
  if (await demoSeeded(db)) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const verifiedAt = new Date('2025-01-06T17:00:00Z');

  return db.transaction(async (tx) => {
    await tx.execute(startupLockInTransaction);
    // Another instance may have seeded while this one waited for the lock.
    if (await demoSeeded(tx)) return false;
    await tx.insert(treatments).values(DEMO_TREATMENTS).onConflictDoNothing();
    await seedBillingCatalogue(tx);
    await tx
      .insert(treatmentConfigurations)
      .values(DEMO_TREATMENT_CONFIGURATIONS)
      .onConflictDoNothing();
    await tx.insert(providers).values(DEMO_PROVIDERS);
    await tx
      .insert(featureFlags)
      .values(DEMO_FLAG_DEFAULTS.map(([name, enabled]) => ({ name, enabled })))
      .onConflictDoNothing();

    const [alexUser, samUser, , taylorUser] = await tx
      .insert(users)
      .values([
        { tenantId, email: DEMO_ACCOUNTS[0].email, passwordHash, emailVerifiedAt: verifiedAt },
        { tenantId, email: DEMO_ACCOUNTS[1].email, passwordHash, emailVerifiedAt: null },
        { tenantId, email: DEMO_ACCOUNTS[2].email, passwordHash, emailVerifiedAt: verifiedAt },
        { tenantId, email: DEMO_ACCOUNTS[3].email, passwordHash, emailVerifiedAt: verifiedAt },
      ])
      .returning();
    if (!alexUser || !samUser || !taylorUser) throw new Error('demo users were not created');

    const [alex] = await tx
      .insert(customers)
      .values({
        userId: alexUser.id,
        shortId: 'DEMO1001',
        firstName: 'Alejandro',
        lastName: 'Rivera',
        preferredName: 'Alex',
        phone: '4155550123',
        dob: '1986-04-12',
        sex: 'male',
        gender: 'he_him',
        email: alexUser.email,
        timeZone: DEFAULT_TIME_ZONE,
        createdAt: new Date('2025-01-06T16:45:00Z'),
      })
      .returning();
    await tx.insert(customers).values({
      userId: samUser.id,
      shortId: 'DEMO1002',
      firstName: 'Samantha',
      lastName: 'Okafor',
      email: samUser.email,
      phone: '6465550188',
      dob: '1991-09-30',
      timeZone: 'America/New_York',
    });
    if (!alex) throw new Error('demo customer was not created');

    await tx.insert(addresses).values([
      {
        customerId: alex.id,
        addressType: 'SHIPPING',
        streetAddress1: '1450 Mission St',
        streetAddress2: 'Apt 5',
        city: 'San Francisco',
        state: 'California',
        stateCode: 'CA',
        zipCode: '94103',
      },
      {
        customerId: alex.id,
        addressType: 'BILLING',
        streetAddress1: '1450 Mission St',
        streetAddress2: 'Apt 5',
        city: 'San Francisco',
        state: 'California',
        stateCode: 'CA',
        zipCode: '94103',
      },
    ]);
    await tx.insert(customerTags).values({ customerId: alex.id, name: 'glp1' });
    const [contract] = await tx
      .insert(contracts)
      .values({
        customerId: alex.id,
        status: 'active',
        discountAmount: 0,
        autoRenew: true,
        // Month to month, with the high-dose add-on: 299.00 + 50.00 a month.
        startDate: '2026-11-01',
        endDate: '2026-12-01',
        length: 1,
        price: 34_900,
      })
      .returning();
    const [weightTreatment] = await tx
      .select()
      .from(treatments)
      .where(eq(treatments.shortId, 'weightmanagement'));
    const [subscription] = await tx
      .insert(subscriptions)
      .values({
        customerId: alex.id,
        status: 'active',
        contractId: contract?.id,
        treatmentId: weightTreatment?.id,
      })
      .returning();
    if (!subscription) throw new Error('demo subscription was not created');
    await tx.insert(subscriptionItems).values([
      {
        subscriptionId: subscription.id,
        itemPriceId: 'weightmanagement-monthly-USD',
        itemType: 'plan',
      },
      { subscriptionId: subscription.id, itemPriceId: 'high-dose-USD-monthly', itemType: 'addon' },
    ]);
    await seedAlexCard(tx, { customerId: alex.id, subscriptionId: subscription.id });
    await seedAlexInvoices(tx, { customerId: alex.id, subscriptionId: subscription.id });
    await seedBookingCustomer(tx, taylorUser, weightTreatment?.id);
    await seedMessagingDemo(tx, {
      tenantId,
      passwordHash,
      customer: alex,
      subscription,
      staffFactors: options.staffFactors,
    });
    await seedAppointments(tx, { customerId: alex.id });
    // A bulk order the care team approved and Alex has yet to pay, with its notice.
    await seedBulkDemo(tx, { customerId: alex.id });
    await seedTreatmentRecords(tx, { customerId: alex.id, files: options.files });
    await seedReferrals(tx, { customerId: alex.id });
    await seedWeightDemo(tx, { customerId: alex.id });
    await seedFormsDemo(tx, { customerId: alex.id });
    return true;
  });
}

/**
 * Taylor: an active weight-management plan, a California address (every demo provider is
 * licensed there) and no appointments, so a first visit can be booked end to end.
 */
async function seedBookingCustomer(
  tx: Db,
  user: { id: string; email: string },
  treatmentId: string | undefined,
): Promise<void> {
  const [taylor] = await tx
    .insert(customers)
    .values({
      userId: user.id,
      shortId: 'DEMO1003',
      firstName: 'Taylor',
      lastName: 'Brooks',
      email: user.email,
      phone: '4155550147',
      dob: '1990-02-18',
      sex: 'female',
      timeZone: DEFAULT_TIME_ZONE,
      createdAt: new Date('2025-01-08T18:00:00Z'),
    })
    .returning();
  if (!taylor) throw new Error('demo booking customer was not created');
  await tx.insert(addresses).values({
    customerId: taylor.id,
    addressType: 'SHIPPING',
    streetAddress1: '2200 Broadway',
    city: 'Oakland',
    state: 'California',
    stateCode: 'CA',
    zipCode: '94612',
  });
  const [subscription] = await tx
    .insert(subscriptions)
    .values({ customerId: taylor.id, status: 'active', treatmentId })
    .returning();
  if (!subscription) throw new Error('demo booking subscription was not created');
  await tx.insert(subscriptionItems).values({
    subscriptionId: subscription.id,
    itemPriceId: 'weightmanagement-6-month-USD',
    itemType: 'plan',
  });
}
