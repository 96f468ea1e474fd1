import { describe, expect, it } from 'vitest';
import { ADDON_NAMES, CONTRACT_LENGTHS_MONTHS } from '../constants';
import {
  ADDONS,
  addonItemPriceId,
  addonSkuOf,
  addonSkuOfItemPrice,
  billingPeriodMonths,
  isContractLength,
  isUpfrontItemPrice,
  planItemPriceId,
} from './plans';

describe('plans and add-ons (spec 02 §9)', () => {
  it('offers 1, 3, 6 and 12 month contracts and nothing else', () => {
    expect(CONTRACT_LENGTHS_MONTHS.every(isContractLength)).toBe(true);
    expect([0, 2, 24].some(isContractLength)).toBe(false);
  });

  it('marks upfront plans by "upfront" in the item price id', () => {
    const upfront = planItemPriceId('weightmanagement', 6, true);
    expect(isUpfrontItemPrice(upfront)).toBe(true);
    expect(isUpfrontItemPrice(planItemPriceId('weightmanagement', 6))).toBe(false);
    expect(isUpfrontItemPrice(planItemPriceId('weightmanagement', 1))).toBe(false);
    expect(() => planItemPriceId('weightmanagement', 1, true)).toThrow(RangeError);
  });

  it('bills upfront plans once per term and the others every month', () => {
    expect(billingPeriodMonths(12, true)).toBe(12);
    expect(billingPeriodMonths(12, false)).toBe(1);
  });

  it('gives each add-on of the spec a sku, and reads it back from its item price', () => {
    expect(ADDONS.map((a) => a.name)).toEqual([...ADDON_NAMES]);
    for (const name of ADDON_NAMES) {
      const sku = addonSkuOf(name);
      expect(addonSkuOfItemPrice(addonItemPriceId(sku))).toBe(sku);
    }
    expect(addonSkuOfItemPrice('weightmanagement-monthly-USD')).toBeNull();
    expect(addonSkuOfItemPrice('made-up-USD-monthly')).toBeNull();
  });
});
