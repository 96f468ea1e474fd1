import { describe, expect, it } from 'vitest';
import {
  computePriceChangeQuote,
  currentBillingPeriod,
  priceLines,
  type QuoteInput,
} from './quote';

// A 12-month contract billed every month.
const monthly = (contractStart: string, periodChargeCents = 29_900) => ({
  contractStart,
  lengthMonths: 12 as const,
  upfront: false,
  periodChargeCents,
});
const sixMonths = { basePriceCents: 24_900, addons: [], lengthMonths: 6 as const, upfront: false };

function quote(
  today: string,
  current: QuoteInput['current'],
  next: QuoteInput['next'] = sixMonths,
) {
  return computePriceChangeQuote({ today, current, next });
}

describe('price change quote: proration at the edges (spec 02 §3, §4; issue 11)', () => {
  it('first day of a period: the whole period paid is refunded', () => {
    const q = quote('2026-03-01', monthly('2026-01-01'));
    expect(q.currentPeriod).toEqual({
      start: '2026-03-01',
      end: '2026-04-01',
      days: 31,
      unusedDays: 31,
    });
    expect(q.proratedRefund).toBe(29_900);
    expect(q.proratedCost).toBe(24_900);
    expect(q.amountDue).toBe(0);
    expect(q.creditCarried).toBe(5_000);
  });

  it('a period never paid is not refunded; a part refunded since is not refunded twice (issue 45)', () => {
    const unpaid = quote('2026-03-01', { ...monthly('2026-01-01'), paidCents: 0 });
    expect(unpaid.proratedRefund).toBe(0);
    expect(unpaid.amountDue).toBe(24_900);
    expect(unpaid.creditCarried).toBe(0);
    // Half of the month refunded by the care team already: only the rest counts, pro rata.
    const half = quote('2026-03-17', { ...monthly('2026-01-01'), paidCents: 14_950 });
    expect(half.currentPeriod.unusedDays).toBe(15);
    expect(half.proratedRefund).toBe(7_234); // 14950 × 15 / 31 = 7233.87
    // Never more than the period's price, whatever is claimed paid.
    const over = quote('2026-03-01', { ...monthly('2026-01-01'), paidCents: 99_000 });
    expect(over.proratedRefund).toBe(29_900);
  });

  it('last day of a period: one day is refunded (rounded half up)', () => {
    const q = quote('2026-03-31', monthly('2026-01-01'));
    expect(q.currentPeriod.unusedDays).toBe(1);
    expect(q.proratedRefund).toBe(965); // 29900 / 31 = 964.52
    expect(q.amountDue).toBe(24_900 - 965);
  });

  it('a start on the 31st bills on the last day of shorter months', () => {
    const feb = currentBillingPeriod({
      contractStart: '2026-01-31',
      lengthMonths: 3,
      upfront: false,
      today: '2026-02-28',
    });
    expect(feb).toEqual({ start: '2026-02-28', end: '2026-03-31', days: 31, unusedDays: 31 });
    const jan = currentBillingPeriod({
      contractStart: '2026-01-31',
      lengthMonths: 3,
      upfront: false,
      today: '2026-02-27',
    });
    expect(jan).toEqual({ start: '2026-01-31', end: '2026-02-28', days: 28, unusedDays: 1 });
  });

  it.each([
    ['28-day February', '2026-02-01', '2026-02-15', 28, 14, 14_950],
    ['29-day leap February', '2028-02-01', '2028-02-15', 29, 15, 15_466],
    ['30-day April', '2026-04-01', '2026-04-16', 30, 15, 14_950],
    ['31-day March', '2026-03-01', '2026-03-17', 31, 15, 14_468],
  ])('%s: refund is the unused days of that month', (_name, start, today, days, unused, refund) => {
    const q = quote(today, monthly(start));
    expect(q.currentPeriod.days).toBe(days);
    expect(q.currentPeriod.unusedDays).toBe(unused);
    expect(q.proratedRefund).toBe(refund);
  });

  it('an upfront term is one period: the unused days of the whole term are refunded', () => {
    const q = quote('2026-04-01', {
      contractStart: '2026-01-01',
      lengthMonths: 6,
      upfront: true,
      periodChargeCents: 120_000,
    });
    expect(q.currentPeriod).toEqual({
      start: '2026-01-01',
      end: '2026-07-01',
      days: 181,
      unusedDays: 91,
    });
    expect(q.proratedRefund).toBe(60_331); // 120000 × 91 / 181 = 60331.49
  });

  it('nothing is refunded once the contract has ended', () => {
    const q = quote('2026-02-10', { ...monthly('2026-01-01'), lengthMonths: 1 });
    expect(q.currentPeriod.unusedDays).toBe(0);
    expect(q.proratedRefund).toBe(0);
    expect(q.amountDue).toBe(24_900);
  });

  it('the new term starts today; a monthly plan renews a month on, an upfront one at its end', () => {
    expect(quote('2026-01-31', monthly('2026-01-01')).newTerm).toEqual({
      start: '2026-01-31',
      end: '2026-07-31',
      nextRenewal: '2026-02-28',
      lengthMonths: 6,
      upfront: false,
    });
    const upfront = quote('2026-01-31', monthly('2026-01-01'), { ...sixMonths, upfront: true });
    expect(upfront.newTerm.nextRenewal).toBe('2026-07-31');
  });
});

describe('price lines: add-ons and coupons (spec 02 §3)', () => {
  it('adds each add-on and takes a percent coupon off the subtotal, half up', () => {
    const lines = priceLines({
      basePriceCents: 29_900,
      addons: [{ sku: 'high-dose', amountCents: 5_005 }],
      coupon: { id: 'WELCOME10', percentOff: 10 },
    });
    expect(lines.addonDetails).toEqual([{ sku: 'high-dose', amount: 5_005 }]);
    expect(lines.couponDetails).toEqual([{ id: 'WELCOME10', amount: 3_491 }]); // 3490.5
    expect(lines.total).toBe(29_900 + 5_005 - 3_491);
  });

  it('an amount coupon larger than the bill brings it to 0, never below', () => {
    const lines = priceLines({
      basePriceCents: 1_000,
      addons: [],
      coupon: { id: 'BIG', amountOffCents: 5_000 },
    });
    expect(lines.couponDetails).toEqual([{ id: 'BIG', amount: 1_000 }]);
    expect(lines.total).toBe(0);
  });

  it('refuses a coupon percentage outside 1–100 and fractional cents', () => {
    expect(() =>
      priceLines({ basePriceCents: 100, addons: [], coupon: { id: 'X', percentOff: 120 } }),
    ).toThrow(RangeError);
    expect(() => priceLines({ basePriceCents: 100.5, addons: [] })).toThrow(RangeError);
  });

  it('the quote carries the new plan lines: newBasePrice, add-ons, coupon, newPrice', () => {
    const q = quote('2026-03-01', monthly('2026-01-01'), {
      ...sixMonths,
      addons: [{ sku: 'extra-meds', amountCents: 4_000 }],
      coupon: { id: 'SAVE20', amountOffCents: 2_000 },
    });
    expect(q).toMatchObject({
      oldPrice: 29_900,
      newBasePrice: 24_900,
      newPrice: 26_900,
      addonDetails: [{ sku: 'extra-meds', amount: 4_000 }],
      couponDetails: [{ id: 'SAVE20', amount: 2_000 }],
    });
  });
});

describe('quote arithmetic holds across prices and every day of a year', () => {
  it('amountDue − creditCarried = proratedCost − proratedRefund, all whole cents ≥ 0', () => {
    for (const [oldCharge, newBase] of [
      [0, 0],
      [29_900, 24_900],
      [24_900, 29_900],
      [1, 199_999],
      [99_999, 3],
    ] as const) {
      for (let day = 0; day < 370; day += 1) {
        const today = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10);
        const q = computePriceChangeQuote({
          today,
          current: {
            contractStart: '2026-01-01',
            lengthMonths: 12,
            upfront: false,
            periodChargeCents: oldCharge,
          },
          next: { basePriceCents: newBase, addons: [], lengthMonths: 1, upfront: false },
        });
        expect(q.amountDue - q.creditCarried).toBe(q.proratedCost - q.proratedRefund);
        for (const v of [q.amountDue, q.creditCarried, q.proratedRefund]) {
          expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
        }
        expect(q.proratedRefund).toBeLessThanOrEqual(oldCharge);
      }
    }
  });
});
