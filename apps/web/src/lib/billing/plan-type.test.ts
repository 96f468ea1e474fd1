import { describe, expect, it } from 'vitest';
import { monthsLeft, planTypeOfItemPrice } from './plan-type';

describe('planTypeOfItemPrice', () => {
  it('reads the product of monthly, n-month and upfront plan ids', () => {
    expect(planTypeOfItemPrice('weightmanagement-monthly-USD')).toBe('weightmanagement');
    expect(planTypeOfItemPrice('weightmanagement-6-month-USD')).toBe('weightmanagement');
    expect(planTypeOfItemPrice('hrt-trt-12-month-upfront-USD')).toBe('hrt-trt');
  });
  it('is null for add-ons and nothing', () => {
    expect(planTypeOfItemPrice('high-dose-USD-monthly')).toBeNull();
    expect(planTypeOfItemPrice(null)).toBeNull();
  });
});

describe('monthsLeft', () => {
  it('counts a started month and never goes below 0', () => {
    expect(monthsLeft('2026-03-10', '2026-09-01')).toBe(6);
    expect(monthsLeft('2026-03-01', '2026-09-01')).toBe(6);
    expect(monthsLeft('2026-03-02', '2026-09-01')).toBe(6);
    expect(monthsLeft('2026-03-01', '2026-03-20')).toBe(1);
    expect(monthsLeft('2026-10-01', '2026-09-01')).toBe(0);
  });
});
