import { eq } from 'drizzle-orm';
import { treatments } from '../src/db/schema/catalog';
import { contracts, subscriptionItems, subscriptions } from '../src/db/schema/customers';
import { DEMO_TREATMENTS } from '../src/demo/catalog';
import { seedBillingCatalogue } from '../src/demo/seed-billing';
import { createCustomer, TEST_PASSWORD } from './factories';
import { exchangeToken, graphql, postJson, type TestServer } from './harness';

// Test factories for billing (and bulk, which pays with billing's cards): the price list, a
// customer on a monthly GLP-1 plan with the high-dose add-on (34,900 cents a month, started
// 2026-03-01), a signed-in token, and a card saved through the sandbox gateway the way the
// browser does it. Only tests use them, so they live with the other factories and may write
// customers' rows directly, as a test's setup does.

export const PLAN_START = '2026-03-01';

export async function seedCatalogue(server: TestServer): Promise<void> {
  const { db } = server.database;
  await db.insert(treatments).values(DEMO_TREATMENTS).onConflictDoNothing();
  await seedBillingCatalogue(db);
}

/**
 * A new customer on a running monthly plan (PLAN_START to 2026-04-01) of a treatment, with its
 * contract, subscription and items; by default weight management at 34,900 cents with the
 * high-dose add-on.
 */
export async function monthlyCustomer(
  server: TestServer,
  plan: {
    treatmentShortId?: string;
    price?: number;
    items?: { itemPriceId: string; itemType: 'plan' | 'addon' }[];
  } = {},
) {
  const { db } = server.database;
  const created = await createCustomer(db);
  const [treatment] = await db
    .select()
    .from(treatments)
    .where(eq(treatments.shortId, plan.treatmentShortId ?? 'weightmanagement'));
  const [contract] = await db
    .insert(contracts)
    .values({
      customerId: created.customer.id,
      status: 'active',
      startDate: PLAN_START,
      endDate: '2026-04-01',
      length: 1,
      price: plan.price ?? 34_900,
    })
    .returning();
  const [subscription] = await db
    .insert(subscriptions)
    .values({
      customerId: created.customer.id,
      status: 'active',
      contractId: contract?.id,
      treatmentId: treatment?.id,
    })
    .returning();
  if (!subscription || !contract || !treatment) throw new Error('plan not created');
  const items = plan.items ?? [
    { itemPriceId: 'weightmanagement-monthly-USD', itemType: 'plan' },
    { itemPriceId: 'high-dose-USD-monthly', itemType: 'addon' },
  ];
  await db
    .insert(subscriptionItems)
    .values(items.map((item) => ({ subscriptionId: subscription.id, ...item })));
  const token = await accessToken(server, created.user.email);
  return { ...created, subscription, contract, treatment, token };
}

export async function accessToken(server: TestServer, email: string): Promise<string> {
  const signIn = await postJson<{ idToken: string }>(server, '/identity/sign-in', {
    email,
    password: TEST_PASSWORD,
  });
  return (await exchangeToken(server, signIn.body.idToken)).body.access_token ?? '';
}

/** What the browser does: post the card to the gateway, hand our API only the token. */
export async function tokenize(server: TestServer, cardNumber: string) {
  return postJson<{ token: string; card: { brand: string; last4: string }; error?: unknown }>(
    server,
    '/gateway/sandbox/tokens',
    { cardNumber, expMonth: 12, expYear: 2030, cvc: cardNumber.startsWith('3') ? '1234' : '123' },
  );
}

export const REPLACE = `mutation R($old: ID, $token: String!) {
  replacePaymentSource(oldPaymentSourceId: $old, paymentToken: $token) {
    oldPaymentSourceId newPaymentSourceId subscriptionIds statusCode
  }
}`;

export async function saveCard(
  server: TestServer,
  token: string,
  cardNumber: string,
  old?: string,
) {
  const tokenized = await tokenize(server, cardNumber);
  return graphql<{
    replacePaymentSource: {
      oldPaymentSourceId: string | null;
      newPaymentSourceId: string;
      subscriptionIds: string[];
    };
  }>(server, REPLACE, token, { old: old ?? null, token: tokenized.body.token });
}

export const QUOTE = `query Q($sub: ID!, $plan: String!, $addons: [String!], $length: Int!, $upfront: Boolean) {
  subscriptionPriceChangeQuote(existingSubscriptionId: $sub, newSubscriptionPlanType: $plan,
    newAddons: $addons, newContractLength: $length, isUpfrontPayment: $upfront) {
    id signature expiresAt newPrice oldPrice newBasePrice proratedRefund proratedCost amountDue
    creditCarried referralCreditApplied accountCreditApplied addonDetails { sku amount } couponDetails { id amount } subscriptionStatus
    paymentSource { mask brand }
  }
}`;

export const CHANGE = `mutation C($sub: ID!, $plan: String!, $addons: [String!], $length: Int!,
  $upfront: Boolean, $quoteId: ID!, $sig: String!) {
  changeCustomerSubscription(existingSubscriptionId: $sub, newSubscriptionPlanType: $plan,
    newAddons: $addons, newContractLength: $length, isUpfrontPayment: $upfront,
    quoteId: $quoteId, quoteSignature: $sig) { newName newContractId statusCode }
}`;

export interface QuoteData {
  id: string;
  signature: string;
  amountDue: number;
  [key: string]: unknown;
}

export async function quoteFor(
  server: TestServer,
  token: string,
  vars: { sub: string; plan?: string; addons?: string[]; length: number; upfront?: boolean },
) {
  return graphql<{ subscriptionPriceChangeQuote: QuoteData }>(server, QUOTE, token, {
    plan: 'weightmanagement',
    addons: [],
    ...vars,
  });
}

export async function change(
  server: TestServer,
  token: string,
  vars: { sub: string; plan?: string; addons?: string[]; length: number; upfront?: boolean },
  quote: { id: string; signature: string },
) {
  return graphql<{ changeCustomerSubscription: { newName: string; newContractId: string } }>(
    server,
    CHANGE,
    token,
    { plan: 'weightmanagement', addons: [], ...vars, quoteId: quote.id, sig: quote.signature },
  );
}
