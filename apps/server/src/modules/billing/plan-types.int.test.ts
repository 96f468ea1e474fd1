import { planItemPriceId } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { treatmentConfigurations } from '../../db/schema/catalog';
import { subscriptionItems } from '../../db/schema/customers';
import { DEMO_ITEM_PRICES } from '../../demo/billing-catalog';
import { DEMO_TREATMENT_CONFIGURATIONS, DEMO_TREATMENTS } from '../../demo/catalog';
import { graphql, type TestServer } from '../../../test/harness';
import { change, monthlyCustomer, quoteFor, saveCard } from '../../../test/billing-fixtures';
import { useBillingServer } from '../../../test/billing-suite';

// Spec 02 §7: newSubscriptionPlanType names the treatment (its short id), while the plan's
// item price names the billing product (`trt-monthly-USD` for testosterone). A client that read
// the plan type off the item price asked for the treatment `trt` and got TC101. The server
// says which plan type a subscription is (plan_type), and every treatment with a plan is
// quoted and changed through it, and priced from its own item price and its configuration.

let server: TestServer;
useBillingServer((started) => (server = started));
beforeEach(() => {
  server.clock.set('2026-03-10T18:00:00Z');
});

/** Every treatment the price list sells a standard plan of, with its billing product. */
const PLANNED = [
  ...new Map(
    DEMO_ITEM_PRICES.filter((p) => p.kind === 'plan' && p.program === 'standard').map((p) => [
      p.treatmentShortId ?? '',
      p.productId,
    ]),
  ),
].map(([shortId, productId]) => ({ shortId, productId }));

const SUBSCRIPTION = `query S($id: ID!) { customerSubscription(subscriptionId: $id) {
  plan_type item_price_id term
} }`;
const PRICING = `query P($id: String!) { treatmentPricingMap(itemPriceId: $id) {
  item_price_id plan_duration
} }`;

async function customerOnMonthlyPlan(shortId: string, productId: string) {
  const { token, subscription, treatment } = await monthlyCustomer(server, {
    treatmentShortId: shortId,
    price: 10_000,
    items: [{ itemPriceId: planItemPriceId(productId, 1), itemType: 'plan' }],
  });
  await saveCard(server, token, '4242424242424242');
  return { token, subscription, treatment };
}

describe('plan types: the treatment short id, whatever the billing product is called', () => {
  it('the price list sells plans whose product differs from the treatment (trt, hrt)', () => {
    expect(PLANNED).toContainEqual({ shortId: 'testosterone', productId: 'trt' });
    expect(PLANNED).toContainEqual({ shortId: 'hormone', productId: 'hrt' });
  });

  it.each(PLANNED)(
    'a $shortId patient (product $productId) reads the plan type, is quoted and changes plan',
    async ({ shortId, productId }) => {
      const { token, subscription, treatment } = await customerOnMonthlyPlan(shortId, productId);
      const read = await graphql<{
        customerSubscription: { plan_type: string; item_price_id: string };
      }>(server, SUBSCRIPTION, token, { id: subscription.id });
      expect(read.errors).toBeUndefined();
      const plan = read.data?.customerSubscription;
      expect(plan).toEqual({
        plan_type: shortId,
        item_price_id: `${productId}-monthly-USD`,
        term: 1,
      });

      const pricing = await graphql<{ treatmentPricingMap: { plan_duration: number }[] }>(
        server,
        PRICING,
        token,
        { id: plan?.item_price_id },
      );
      expect(pricing.errors).toBeUndefined();
      expect(pricing.data?.treatmentPricingMap.map((p) => p.plan_duration)).toContain(3);

      const vars = { sub: subscription.id, plan: plan?.plan_type ?? '', length: 3 };
      const quote = await quoteFor(server, token, vars);
      expect(quote.errors).toBeUndefined();
      const quoted = quote.data?.subscriptionPriceChangeQuote;
      if (!quoted) throw new Error('no quote');
      const changed = await change(server, token, vars, quoted);
      expect(changed.errors).toBeUndefined();
      expect(changed.data?.changeCustomerSubscription.newName).toBe(
        `${treatment.displayName}, 3 months`,
      );
      const items = await server.database.db
        .select({ id: subscriptionItems.itemPriceId })
        .from(subscriptionItems)
        .where(eq(subscriptionItems.subscriptionId, subscription.id));
      expect(items.map((i) => i.id)).toEqual([planItemPriceId(productId, 3)]);
    },
  );

  it("each treatment configuration's item price is its plan's, so a treatment change is priced", async () => {
    await server.database.db
      .insert(treatmentConfigurations)
      .values(DEMO_TREATMENT_CONFIGURATIONS)
      .onConflictDoNothing();
    const { token } = await customerOnMonthlyPlan('weightmanagement', 'weightmanagement');
    for (const { shortId } of PLANNED) {
      const config = DEMO_TREATMENT_CONFIGURATIONS.find((c) => c.treatmentShortId === shortId);
      const res = await graphql<{ treatmentPricingMap: { plan_duration: number }[] }>(
        server,
        PRICING,
        token,
        { id: config?.itemPriceId },
      );
      expect(res.errors, shortId).toBeUndefined();
      expect(res.data?.treatmentPricingMap.length, shortId).toBeGreaterThan(0);
    }
    // A treatment sold with no plan (the bulk supply) offers no treatment change to it.
    const unplanned = DEMO_TREATMENTS.filter((t) => !PLANNED.some((p) => p.shortId === t.shortId));
    expect(unplanned.length).toBeGreaterThan(0);
    for (const t of unplanned) {
      const config = DEMO_TREATMENT_CONFIGURATIONS.find((c) => c.treatmentShortId === t.shortId);
      expect(config?.itemPriceId ?? null, t.shortId).toBeNull();
    }
  });
});
