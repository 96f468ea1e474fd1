import type { Db } from '../db/client';
import {
  coupons,
  itemPrices,
  paymentSources,
  sandboxGatewayPaymentMethods,
  subscriptionPaymentSources,
} from '../db/schema/index';
import { DEMO_COUPONS, DEMO_ITEM_PRICES } from './billing-catalog';

/** The price list and coupons; inside seedDemoData's transaction (or a test's database). */
export async function seedBillingCatalogue(db: Db): Promise<void> {
  await db.insert(itemPrices).values(DEMO_ITEM_PRICES).onConflictDoNothing();
  await db.insert(coupons).values(DEMO_COUPONS).onConflictDoNothing();
}

/**
 * Alex's saved test card: a Visa ending 4242 (the sandbox's always-succeeds number), known to
 * the sandbox gateway as a payment method, charged for Alex's plan. Taylor has no card yet.
 */
export async function seedAlexCard(
  tx: Db,
  input: { customerId: string; subscriptionId: string },
): Promise<void> {
  const card = { brand: 'Visa', last4: '4242', expiryMonth: 12, expiryYear: 2030 };
  const paymentMethodId = 'pm_demo_alex_visa_4242';
  await tx
    .insert(sandboxGatewayPaymentMethods)
    .values({ id: paymentMethodId, ...card, behaviour: 'succeed' });
  const [source] = await tx
    .insert(paymentSources)
    .values({
      customerId: input.customerId,
      gatewayPaymentMethodId: paymentMethodId,
      ...card,
      billingFirstName: 'Alejandro',
      billingLastName: 'Rivera',
      billingStreetAddress1: '1450 Mission St',
      billingStreetAddress2: 'Apt 5',
      billingCity: 'San Francisco',
      billingState: 'California',
      billingStateCode: 'CA',
      billingZipCode: '94103',
    })
    .returning();
  if (!source) throw new Error('demo payment source was not created');
  await tx
    .insert(subscriptionPaymentSources)
    .values({ subscriptionId: input.subscriptionId, paymentSourceId: source.id });
}
