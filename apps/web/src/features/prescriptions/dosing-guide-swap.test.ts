import { describe, expect, it } from 'vitest';
import { PHENTERMINE_MONTHLY_ITEM_PRICE_ID, swapsDosingPdf } from './dosing-guide-swap';

const GLP1 = {
  dosingGuideRoute: true,
  treatmentCategory: 'weightloss',
  itemPriceIds: ['weightmanagement-monthly-USD'],
};

describe('the dosing-guide swap (spec 02 §9: the phentermine monthly plan is excluded)', () => {
  it('swaps a weight-loss PDF for the local guide with dosing_guide_route on', () => {
    expect(swapsDosingPdf(GLP1)).toBe(true);
  });

  it('never swaps on the phentermine monthly plan', () => {
    expect(
      swapsDosingPdf({ ...GLP1, itemPriceIds: [PHENTERMINE_MONTHLY_ITEM_PRICE_ID, 'addon'] }),
    ).toBe(false);
  });

  it('never swaps with the flag off or outside weight loss', () => {
    expect(swapsDosingPdf({ ...GLP1, dosingGuideRoute: false })).toBe(false);
    expect(swapsDosingPdf({ ...GLP1, treatmentCategory: 'testosterone' })).toBe(false);
    expect(swapsDosingPdf({ ...GLP1, treatmentCategory: null })).toBe(false);
  });
});
