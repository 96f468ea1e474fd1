import { describe, expect, it } from 'vitest';
import { assertCents, percentOfCents, shareOfCents, sumCents } from './money';

describe('money in integer cents (spec 02 §9; DESIGN §4)', () => {
  it('refuses a fraction of a cent anywhere', () => {
    expect(() => assertCents(10.5)).toThrow(RangeError);
    expect(() => sumCents([100, 0.1])).toThrow(RangeError);
    expect(() => shareOfCents(10.5, 1, 2)).toThrow(RangeError);
    expect(sumCents([100, 250, 0])).toBe(350);
  });

  it('rounds a share to the nearest cent, half up', () => {
    expect(shareOfCents(1, 1, 2)).toBe(1); // exactly half a cent goes up
    expect(shareOfCents(3, 1, 2)).toBe(2); // 1.5 → 2
    expect(shareOfCents(100, 1, 3)).toBe(33); // 33.33…
    expect(shareOfCents(200, 1, 3)).toBe(67); // 66.66…
    expect(shareOfCents(29_900, 15, 31)).toBe(14_468); // 14467.74…
    expect(shareOfCents(29_900, 0, 30)).toBe(0);
    expect(shareOfCents(29_900, 30, 30)).toBe(29_900);
  });

  it('refuses shares outside 0..1', () => {
    expect(() => shareOfCents(100, 2, 1)).toThrow(RangeError);
    expect(() => shareOfCents(100, 1, 0)).toThrow(RangeError);
    expect(() => shareOfCents(-1, 1, 2)).toThrow(RangeError);
  });

  it('takes percentages by the same rule', () => {
    expect(percentOfCents(999, 10)).toBe(100); // 99.9 → 100
    expect(percentOfCents(1005, 10)).toBe(101); // 100.5 → 101
    expect(percentOfCents(1000, 100)).toBe(1000);
  });
});
