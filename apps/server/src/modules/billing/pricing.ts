import {
  addonItemPriceId,
  addonSkuOfItemPrice,
  computePriceChangeQuote,
  isContractLength,
  isUpfrontItemPrice,
  planItemPriceId,
  type ContractLengthMonths,
  type Coupon,
  type PriceChangeQuote,
  type PriceChangeQuoteInput,
} from '@portal/domain';
import { codedError } from '../../platform/errors';
import type { BillingSubscription, NewContract } from '../customers/service';
import type { ChargeCredits } from './credits';
import type { InvoiceDraft } from '../payments/service';
import type { BillingStore, CouponRow, TreatmentRow } from './store';

/** What a paid change applies: kept on the charge, so reconciliation can apply it too. */
export interface PlanChangeIntent {
  kind: 'subscription_change';
  customerId: string;
  subscriptionId: string;
  previousContractId: string | null;
  treatmentId: string;
  newName: string;
  items: { itemPriceId: string; itemType: 'plan' | 'addon' }[];
  contract: NewContract;
  /** What the invoice of this charge will say (kept so reconciliation can issue it too). */
  invoice?: InvoiceDraft | undefined;
  /** The credits this charge took (given back if it fails). */
  credits?: ChargeCredits | undefined;
  /** A downgrade's refund beyond its cost, kept as account credit once the change is paid. */
  creditCarried?: number | undefined;
}

/**
 * What a renewal charge pays for: the next period of the contract (contract null: nothing
 * changes but the invoice) or, at the contract's end, the next contract on the same items.
 */
export interface RenewalIntent extends Omit<PlanChangeIntent, 'kind' | 'contract'> {
  kind: 'renewal';
  contract: NewContract | null;
  periodStart: string;
}

/**
 * What is still owed when an account is deleted inside a commitment (issue 45): the payments
 * left in it, charged once; its success ends the plan (nothing changes but the invoice else).
 */
export interface PlanEndIntent extends Omit<PlanChangeIntent, 'kind' | 'contract'> {
  kind: 'plan_end';
  contract: null;
  contractId: string;
  paymentsLeft: number;
}

export type ChargeIntent = PlanChangeIntent | RenewalIntent | PlanEndIntent;

/** The request as stored with a quote and compared with the change (normalised). */
export function normalisedRequest(input: PriceChangeQuoteInput) {
  return {
    existingSubscriptionId: input.existingSubscriptionId,
    newSubscriptionPlanType: input.newSubscriptionPlanType,
    newAddons: [...input.newAddons].sort(),
    newContractLength: input.newContractLength,
    isUpfrontPayment: input.isUpfrontPayment,
  };
}

/** Whether a stored request (jsonb: its key order is not kept) asks for the same change. */
export function sameRequest(
  stored: unknown,
  request: ReturnType<typeof normalisedRequest>,
): boolean {
  if (typeof stored !== 'object' || stored === null) return false;
  const s = stored as Record<string, unknown>;
  return (
    s.existingSubscriptionId === request.existingSubscriptionId &&
    s.newSubscriptionPlanType === request.newSubscriptionPlanType &&
    s.newContractLength === request.newContractLength &&
    s.isUpfrontPayment === request.isUpfrontPayment &&
    Array.isArray(s.newAddons) &&
    s.newAddons.join(',') === request.newAddons.join(',')
  );
}

function couponOf(row: CouponRow | undefined): Coupon | null {
  return row ? { id: row.id, percentOff: row.percentOff, amountOffCents: row.amountOff } : null;
}

export function currentPlan(sub: BillingSubscription): {
  planItemPriceId: string | null;
  upfront: boolean;
  length: ContractLengthMonths;
  periodCharge: number;
} {
  const plan = sub.items.find((i) => i.itemType === 'plan');
  const length = sub.contract?.length ?? 1;
  return {
    planItemPriceId: plan?.itemPriceId ?? null,
    upfront: plan ? isUpfrontItemPrice(plan.itemPriceId) : false,
    length: isContractLength(length) ? length : 1,
    periodCharge: sub.contract ? Math.max(0, sub.contract.price - sub.contract.discountAmount) : 0,
  };
}

export function currentAddons(sub: BillingSubscription): string[] {
  return sub.items.flatMap((i) => {
    const sku = i.itemType === 'addon' ? addonSkuOfItemPrice(i.itemPriceId) : null;
    return sku ? [sku] : [];
  });
}

/**
 * Prices a change from today's catalogue: the one place the server turns a request into the
 * domain's quote and the plan it would apply. Its reads go out together (issue 46: the quote
 * answered after about ten round trips one after another): the treatment (or the caller's read
 * of it, started before the subscription was known), its prices as soon as the treatment is
 * there, the contract's coupon, and what was paid for the period (the caller's read). The
 * refusals come after the reads, in the order they always had.
 */
export async function priceChange(
  store: BillingStore,
  sub: BillingSubscription,
  input: PriceChangeQuoteInput,
  today: string,
  /** What was actually taken for the current period (period-paid.ts); undefined: its price. */
  paid: number | undefined | Promise<number | undefined>,
  treatmentRead: Promise<TreatmentRow | undefined> = store.treatmentByShortId(
    input.newSubscriptionPlanType,
  ),
): Promise<{ quote: PriceChangeQuote; intent: PlanChangeIntent }> {
  const offered = !(input.isUpfrontPayment && input.newContractLength === 1);
  const addonIds = input.newAddons.map((sku) => addonItemPriceId(sku));
  const idsOf = (billingProductId: string) => [
    planItemPriceId(billingProductId, input.newContractLength, input.isUpfrontPayment),
    ...addonIds,
  ];
  const [treatment, prices, couponRow, paidCents] = await Promise.all([
    treatmentRead,
    treatmentRead.then((t) =>
      t?.billingProductId && offered ? store.itemPrices(idsOf(t.billingProductId)) : [],
    ),
    sub.contract?.coupon ? store.coupon(sub.contract.coupon) : undefined,
    paid,
  ]);
  if (!treatment?.billingProductId) {
    throw codedError('TC101', 'Unknown treatment plan.', { reason: 'unknown_treatment' });
  }
  if (!offered) {
    throw codedError('TC102', 'A one-month plan is not paid upfront.', {
      reason: 'plan_not_offered',
    });
  }
  const planId = planItemPriceId(
    treatment.billingProductId,
    input.newContractLength,
    input.isUpfrontPayment,
  );
  const plan = prices.find((p) => p.id === planId && p.kind === 'plan');
  if (!plan) throw codedError('TC102', 'This plan is not offered.', { reason: 'plan_not_offered' });
  const addons = input.newAddons.map((sku, i) => {
    const price = prices.find((p) => p.id === addonIds[i] && p.kind === 'addon');
    if (!price)
      throw codedError('TC102', 'This add-on is not offered.', { reason: 'addon_not_offered' });
    return { sku, amountCents: price.price };
  });
  const coupon = sub.contract?.coupon ? couponOf(couponRow) : null;
  const current = currentPlan(sub);
  const quote = computePriceChangeQuote({
    today,
    current: {
      contractStart: sub.contract?.startDate ?? today,
      lengthMonths: current.length,
      upfront: current.upfront,
      periodChargeCents: current.periodCharge,
      paidCents,
    },
    next: {
      basePriceCents: plan.price,
      addons,
      coupon,
      lengthMonths: input.newContractLength,
      upfront: input.isUpfrontPayment,
    },
  });
  const discount = quote.couponDetails.reduce((sum, c) => sum + c.amount, 0);
  const months =
    input.newContractLength === 1 ? 'month-to-month' : `${String(input.newContractLength)} months`;
  return {
    quote,
    intent: {
      kind: 'subscription_change',
      customerId: sub.subscription.customerId,
      subscriptionId: sub.subscription.id,
      previousContractId: sub.contract?.id ?? null,
      treatmentId: treatment.id,
      newName: `${treatment.displayName}, ${months}${input.isUpfrontPayment ? ', paid upfront' : ''}`,
      items: [
        { itemPriceId: planId, itemType: 'plan' },
        ...addonIds.map((itemPriceId) => ({ itemPriceId, itemType: 'addon' as const })),
      ],
      contract: {
        startDate: quote.newTerm.start,
        endDate: quote.newTerm.end,
        length: input.newContractLength,
        price: quote.newPrice + discount,
        discountAmount: discount,
        coupon: coupon?.id ?? null,
      },
    },
  };
}
