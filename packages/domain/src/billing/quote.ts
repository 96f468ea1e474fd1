import type { ContractLengthMonths } from '../constants';
import { addMonthsToDate, daysBetween } from './dates';
import { assertCents, percentOfCents, shareOfCents, sumCents } from './money';
import { billingPeriodMonths } from './plans';

// The subscription price change quote (spec 02 §3, §4), computed here once: the server quotes
// and charges with it, the web shows it. A change starts a new term on the day it is made
// (Kill Bill's dry run: the new period, a repair credit for the rest of the old one, and
// account credit for any excess):
//
//   oldPrice        what one billing period of the current plan costs (as it was charged)
//   newBasePrice    the new plan's price per billing period, before add-ons and coupon
//   newPrice        newBasePrice + add-ons − coupon, per billing period
//   proratedRefund  the unused part of the period already paid: paid × unusedDays / days,
//                   where paid is what was actually taken for the current period (at most
//                   oldPrice; 0 for a period never paid, so a change never credits money that
//                   was never taken: issue 45)
//   proratedCost    the new plan's first period, which starts today: newPrice
//   amountDue       max(0, proratedCost − proratedRefund), charged now
//   creditCarried   max(0, proratedRefund − proratedCost), kept for later invoices
//
// Days are calendar days in the customer's time zone; the day of the change counts as unused
// (the new plan covers it). Rounding: the refund is the one division, rounded to the nearest
// cent, half up (see shareOfCents); percent coupons round the same way.

export interface Coupon {
  id: string;
  /** 1–100; or amountOffCents. */
  percentOff?: number | null;
  amountOffCents?: number | null;
}

export interface PriceLinesInput {
  basePriceCents: number;
  addons: readonly { sku: string; amountCents: number }[];
  coupon?: Coupon | null;
}

export interface PriceLines {
  basePrice: number;
  addonDetails: { sku: string; amount: number }[];
  couponDetails: { id: string; amount: number }[];
  /** Base + add-ons − coupon, never below 0. */
  total: number;
}

/** One billing period's lines: plan, add-ons, and a coupon over their subtotal. */
export function priceLines(input: PriceLinesInput): PriceLines {
  const basePrice = assertCents(input.basePriceCents, 'base price');
  const addonDetails = input.addons.map((a) => ({
    sku: a.sku,
    amount: assertCents(a.amountCents, `add-on ${a.sku}`),
  }));
  const subtotal = basePrice + sumCents(addonDetails.map((a) => a.amount));
  const couponDetails = input.coupon ? [couponLine(input.coupon, subtotal)] : [];
  const total = Math.max(0, subtotal - sumCents(couponDetails.map((c) => c.amount)));
  return { basePrice, addonDetails, couponDetails, total };
}

function couponLine(coupon: Coupon, subtotal: number): { id: string; amount: number } {
  if (coupon.percentOff != null) {
    const pct = coupon.percentOff;
    if (!Number.isInteger(pct) || pct < 1 || pct > 100) {
      throw new RangeError(`coupon ${coupon.id}: percentOff must be 1–100`);
    }
    return { id: coupon.id, amount: percentOfCents(subtotal, pct) };
  }
  const off = assertCents(coupon.amountOffCents ?? 0, `coupon ${coupon.id}`);
  return { id: coupon.id, amount: Math.min(off, subtotal) };
}

export interface BillingPeriod {
  start: string;
  /** Exclusive: the next period's first day. */
  end: string;
  days: number;
  /** From today to the end, today included; 0 once the contract has ended. */
  unusedDays: number;
}

/**
 * The billing period of a contract that holds `today`. Periods are counted from the contract
 * start (not chained), so a start on the 31st bills on each month's last day when shorter.
 */
export function currentBillingPeriod(input: {
  contractStart: string;
  lengthMonths: ContractLengthMonths;
  upfront: boolean;
  today: string;
}): BillingPeriod {
  const step = billingPeriodMonths(input.lengthMonths, input.upfront);
  const periods = input.lengthMonths / step;
  const contractEnd = addMonthsToDate(input.contractStart, input.lengthMonths);
  let index = 0;
  while (
    index + 1 < periods &&
    addMonthsToDate(input.contractStart, (index + 1) * step) <= input.today
  ) {
    index += 1;
  }
  const start = addMonthsToDate(input.contractStart, index * step);
  const end = addMonthsToDate(input.contractStart, (index + 1) * step);
  const days = daysBetween(start, end);
  const unusedDays = input.today >= contractEnd ? 0 : Math.min(days, daysBetween(input.today, end));
  return { start, end, days, unusedDays };
}

export interface QuoteInput {
  today: string;
  current: {
    contractStart: string;
    lengthMonths: ContractLengthMonths;
    upfront: boolean;
    /** What one billing period of the current plan was charged, after its coupon. */
    periodChargeCents: number;
    /**
     * What was actually taken for the current period (cents, less refunds): 0 while its
     * charge has not succeeded. Defaults to periodChargeCents (a period paid elsewhere).
     */
    paidCents?: number | undefined;
  };
  next: PriceLinesInput & { lengthMonths: ContractLengthMonths; upfront: boolean };
}

export interface PriceChangeQuote {
  oldPrice: number;
  newBasePrice: number;
  newPrice: number;
  proratedRefund: number;
  proratedCost: number;
  amountDue: number;
  creditCarried: number;
  addonDetails: { sku: string; amount: number }[];
  couponDetails: { id: string; amount: number }[];
  currentPeriod: BillingPeriod;
  newTerm: {
    start: string;
    end: string;
    nextRenewal: string;
    lengthMonths: number;
    upfront: boolean;
  };
}

export function computePriceChangeQuote(input: QuoteInput): PriceChangeQuote {
  const oldPrice = assertCents(input.current.periodChargeCents, 'current period charge');
  const period = currentBillingPeriod({ ...input.current, today: input.today });
  const lines = priceLines(input.next);
  const paid = Math.min(
    oldPrice,
    assertCents(input.current.paidCents ?? oldPrice, 'current period paid'),
  );
  const proratedRefund = shareOfCents(paid, period.unusedDays, period.days);
  const proratedCost = lines.total;
  const step = billingPeriodMonths(input.next.lengthMonths, input.next.upfront);
  return {
    oldPrice,
    newBasePrice: lines.basePrice,
    newPrice: lines.total,
    proratedRefund,
    proratedCost,
    amountDue: Math.max(0, proratedCost - proratedRefund),
    creditCarried: Math.max(0, proratedRefund - proratedCost),
    addonDetails: lines.addonDetails,
    couponDetails: lines.couponDetails,
    currentPeriod: period,
    newTerm: {
      start: input.today,
      end: addMonthsToDate(input.today, input.next.lengthMonths),
      nextRenewal: addMonthsToDate(input.today, step),
      lengthMonths: input.next.lengthMonths,
      upfront: input.next.upfront,
    },
  };
}
