import type { Db } from '../db/client';
import { and, eq } from 'drizzle-orm';
import {
  coupons,
  itemPrices,
  paymentSources,
  subscriptionPaymentSources,
} from '../db/schema/billing';
import { addresses } from '../db/schema/customers';
import { sandboxGatewayPaymentMethods } from '../db/schema/gateway';
import { charges, invoices } from '../db/schema/payments';
import { DEMO_COUPONS, DEMO_ITEM_PRICES } from './billing-catalog';

/** The price list and coupons; inside seedDemoData's transaction (or a test's database). */
export async function seedBillingCatalogue(db: Db): Promise<void> {
  await db.insert(itemPrices).values(DEMO_ITEM_PRICES).onConflictDoNothing();
  await db.insert(coupons).values(DEMO_COUPONS).onConflictDoNothing();
}

const ALEX_PAYMENT_METHOD = 'pm_demo_alex_visa_4242';

/**
 * Alex's saved test card: a Visa ending 4242 (the sandbox's always-succeeds number), known to
 * the sandbox gateway as a payment method, charged for Alex's plan. Taylor has no card yet.
 */
export async function seedAlexCard(
  tx: Db,
  input: { customerId: string; subscriptionId: string },
): Promise<string> {
  const card = { brand: 'Visa', last4: '4242', expiryMonth: 12, expiryYear: 2030 };
  const paymentMethodId = ALEX_PAYMENT_METHOD;
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
  return source.id;
}

const ALEX_PLAN = 'Weight Management (GLP-1), month-to-month';

/**
 * Alex's billing history: three paid monthly renewals (August to October 2026) and the
 * declined November renewal (its payment-due notice is seeded with the messages). Each
 * invoice has the charge it was issued for, as the charging path makes them.
 */
export async function seedAlexInvoices(
  tx: Db,
  input: { customerId: string; subscriptionId: string },
): Promise<void> {
  const [address] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.customerId, input.customerId), eq(addresses.addressType, 'SHIPPING')));
  const shippingAddress = address
    ? {
        streetAddress1: address.streetAddress1,
        streetAddress2: address.streetAddress2,
        city: address.city,
        state: address.state,
        stateCode: address.stateCode,
        zipCode: address.zipCode,
      }
    : null;
  const periods = [
    { start: '2026-08-01', paid: true },
    { start: '2026-09-01', paid: true },
    { start: '2026-10-01', paid: true },
    { start: '2026-11-01', paid: false },
  ];
  for (const period of periods) {
    const at = new Date(`${period.start}T16:00:00Z`);
    const [charge] = await tx
      .insert(charges)
      .values({
        customerId: input.customerId,
        subscriptionId: input.subscriptionId,
        idempotencyKey: `demo:renewal:${input.subscriptionId}:${period.start}`,
        purpose: 'renewal',
        reference: input.subscriptionId,
        amount: 34_900,
        status: period.paid ? 'succeeded' : 'declined',
        paymentMethodId: ALEX_PAYMENT_METHOD,
        description: `Renewal ${input.subscriptionId}`,
        gatewayChargeId: period.paid ? `ch_demo_${period.start}` : null,
        processorReason: period.paid ? null : 'insufficientFunds',
        intent: {
          kind: 'renewal',
          subscriptionId: input.subscriptionId,
          periodStart: period.start,
        },
        fulfilledAt: period.paid ? at : null,
        createdAt: at,
        settledAt: at,
      })
      .returning();
    if (!charge) throw new Error('demo charge was not created');
    await tx.insert(invoices).values({
      customerId: input.customerId,
      subscriptionId: input.subscriptionId,
      chargeId: charge.id,
      status: period.paid ? 'paid' : 'payment_due',
      description: `${ALEX_PLAN}: renewal from ${period.start}`,
      total: 34_900,
      amountPaid: period.paid ? 34_900 : 0,
      lines: [
        {
          kind: 'plan',
          description: ALEX_PLAN,
          amount: 29_900,
          medication: 'Weight Management (GLP-1)',
        },
        { kind: 'addon', description: 'Add-on: high-dose', amount: 5_000, medication: 'high-dose' },
      ],
      shippingAddress,
      serviceDate: period.start,
      providerName: null,
      issuedAt: at,
      updatedAt: at,
    });
  }
}
