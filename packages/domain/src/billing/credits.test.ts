import { describe, expect, it } from 'vitest';
import { applyCredits } from './credits';

describe('credits on a bill (issue 11: referral credit at most 50% of a monthly bill)', () => {
  it('takes referral credit up to half the bill and carries the rest', () => {
    expect(applyCredits(19_900, { referralCents: 5000, accountCents: 0 })).toEqual({
      referralCents: 5000,
      accountCents: 0,
      dueCents: 14_900,
    });
    expect(applyCredits(5000, { referralCents: 5000, accountCents: 0 })).toEqual({
      referralCents: 2500,
      accountCents: 0,
      dueCents: 2500,
    });
  });

  it('rounds the half cap down to a whole cent', () => {
    expect(applyCredits(4999, { referralCents: 5000, accountCents: 0 }).referralCents).toBe(2499);
  });

  it('uses account credit (carried from a downgrade) for the rest, without a cap', () => {
    expect(applyCredits(10_000, { referralCents: 5000, accountCents: 7000 })).toEqual({
      referralCents: 5000,
      accountCents: 5000,
      dueCents: 0,
    });
    expect(applyCredits(10_000, { referralCents: 0, accountCents: 3000 })).toEqual({
      referralCents: 0,
      accountCents: 3000,
      dueCents: 7000,
    });
  });

  it('takes nothing from a bill of nothing', () => {
    expect(applyCredits(0, { referralCents: 5000, accountCents: 5000 })).toEqual({
      referralCents: 0,
      accountCents: 0,
      dueCents: 0,
    });
  });

  it('refuses fractions of a cent', () => {
    expect(() => applyCredits(10.5, { referralCents: 0, accountCents: 0 })).toThrow(RangeError);
    expect(() => applyCredits(100, { referralCents: 0.5, accountCents: 0 })).toThrow(RangeError);
  });
});
