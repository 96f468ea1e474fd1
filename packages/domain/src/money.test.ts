import { describe, expect, it } from 'vitest';
import { formatCents } from './money';

describe('spec 02 §9: money is held in cents and shown with two decimals', () => {
  it('spec 02 §9: 123450 cents is $1,234.50', () => {
    expect(formatCents(123_450)).toBe('$1,234.50');
  });

  it('spec 02 §9: whole dollars and small amounts still show two decimals', () => {
    expect(formatCents(5000)).toBe('$50.00');
    expect(formatCents(4999)).toBe('$49.99');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
  });

  it('spec 02 §9: a refund or credit shows as a negative amount', () => {
    expect(formatCents(-2500)).toBe('-$25.00');
  });

  it('spec 02 §9: the bulk 6-vial total $2,694.00 formats exactly', () => {
    expect(formatCents(269_400)).toBe('$2,694.00');
  });

  it('DESIGN §4: a non-integer amount of cents is a bug and throws', () => {
    expect(() => formatCents(10.5)).toThrow(RangeError);
    expect(() => formatCents(Number.NaN)).toThrow(RangeError);
    expect(() => formatCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('spec 01 §1: Spanish formats the same dollars its own way', () => {
    const spanish = formatCents(12_345_600, 'es');
    expect(spanish).toMatch(/123\.456,00/);
    expect(spanish).toContain('US$');
  });
});
