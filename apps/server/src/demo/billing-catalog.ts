import {
  ADDONS,
  addonItemPriceId,
  planItemPriceId,
  type AddonSku,
  type ContractLengthMonths,
} from '@portal/domain';
import type { coupons, itemPrices } from '../db/schema/billing';

// The provider's price list (spec 02 §3, §9): plans per treatment and contract length, the
// add-ons and two coupons. Cents; a plan's price is per billing period (a month, or the whole
// term when paid upfront). Longer commitments cost less a month.

type PlanPrices = Partial<Record<ContractLengthMonths, number>>;

function plans(
  productId: string,
  treatmentShortId: string,
  monthly: PlanPrices,
  upfront: PlanPrices = {},
  program = 'standard',
): (typeof itemPrices.$inferInsert)[] {
  const rows: (typeof itemPrices.$inferInsert)[] = [];
  for (const [length, price] of Object.entries(monthly)) {
    const n = Number(length) as ContractLengthMonths;
    rows.push({
      id: planItemPriceId(productId, n),
      kind: 'plan',
      productId,
      treatmentShortId,
      contractLength: n,
      isUpfront: false,
      price,
      program,
    });
  }
  for (const [length, price] of Object.entries(upfront)) {
    const n = Number(length) as ContractLengthMonths;
    rows.push({
      id: planItemPriceId(productId, n, true),
      kind: 'plan',
      productId,
      treatmentShortId,
      contractLength: n,
      isUpfront: true,
      price,
      program,
    });
  }
  return rows;
}

const ladder = (base: number): PlanPrices => ({
  1: base,
  3: base - 1_000,
  6: base - 2_000,
  12: base - 3_000,
});

const ADDON_PRICES: Record<AddonSku, number> = {
  'high-dose': 5_000,
  'extra-meds': 4_000,
  tirzepatide: 15_000,
  clomid: 3_500,
  'hrt-trt': 6_000,
};

export const DEMO_ITEM_PRICES: (typeof itemPrices.$inferInsert)[] = [
  ...plans(
    'weightmanagement',
    'weightmanagement',
    { 1: 29_900, 3: 27_900, 6: 24_900, 12: 19_900 },
    { 3: 79_900, 6: 139_900, 12: 229_900 },
  ),
  ...plans(
    'tirzepatide',
    'tirzepatide',
    { 1: 44_900, 3: 41_900, 6: 38_900, 12: 34_900 },
    { 6: 219_900, 12: 399_900 },
  ),
  ...plans('trt', 'testosterone', ladder(14_900)),
  ...plans('hrt', 'hormone', ladder(12_900)),
  ...plans('ed', 'ed', ladder(8_900)),
  ...plans('sleep', 'sleep', ladder(7_900)),
  ...plans('enclomiphene', 'enclomiphene', ladder(9_900)),
  ...plans('phentermine', 'phentermine', { 1: 6_900, 3: 5_900 }),
  // Spec 02 §9: the lite program (compounded semaglutide, 10 units a week).
  ...plans('weightmanagement_lite', 'weightmanagement', { 1: 14_900, 3: 12_900 }, {}, 'lite'),
  ...ADDONS.map((a) => ({
    id: addonItemPriceId(a.sku),
    kind: 'addon' as const,
    productId: a.sku,
    price: ADDON_PRICES[a.sku],
  })),
];

export const DEMO_COUPONS: (typeof coupons.$inferInsert)[] = [
  { id: 'WELCOME10', percentOff: 10 },
  { id: 'SAVE20', amountOff: 2_000 },
];
