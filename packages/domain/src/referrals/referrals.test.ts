import { describe, expect, it } from 'vitest';
import { REFERRAL_CREDIT_CENTS } from '../constants';
import { REFERRAL_STATUSES, type ReferralStatus } from '../vocabularies';
import {
  canMoveReferral,
  createReferralSchema,
  referralEmailProblem,
  referralState,
  spreadReferralCredit,
  splitReferralEmails,
  summarizeReferrals,
} from './referrals';

const r = (status: ReferralStatus, referrerDiscountRemaining: number | null = null) => ({
  status,
  referrerDiscountRemaining,
});

describe('referral state (spec 02 §4)', () => {
  const notReceived = REFERRAL_STATUSES.filter((s) => s !== 'referrer_discount_received');
  it.each(notReceived)('%s is pending whatever the remaining discount', (status) => {
    expect(referralState(r(status))).toBe('pending');
    expect(referralState(r(status, 0))).toBe('pending');
    expect(referralState(r(status, 2000))).toBe('pending');
  });

  it.each([
    [5000, 'partlyUsed'],
    [1, 'partlyUsed'],
    [null, 'partlyUsed'],
    [0, 'completed'],
  ] as const)('received with %s remaining is %s', (remaining, state) => {
    expect(referralState(r('referrer_discount_received', remaining))).toBe(state);
  });
});

describe('referral summary: counts and credit total (spec 02 §4, §9)', () => {
  it.each([
    // [name, referrals, pending, completed, credit]
    ['none', [], 0, 0, 0],
    ['one sent', [r('email_sent')], 1, 0, 0],
    ['one signed up', [r('referee_signed_up')], 1, 0, 0],
    ['expired and invalid still count as pending', [r('expired'), r('referral_invalid')], 2, 0, 0],
    ['received, nothing used yet', [r('referrer_discount_received', 5000)], 1, 0, 0],
    ['received, $20 used', [r('referrer_discount_received', 3000)], 1, 0, 2000],
    ['one completed', [r('referrer_discount_received', 0)], 0, 1, REFERRAL_CREDIT_CENTS],
    [
      'two completed, one partly used, one sent',
      [
        r('referrer_discount_received', 0),
        r('referrer_discount_received', 0),
        r('referrer_discount_received', 4000),
        r('email_sent'),
      ],
      2,
      2,
      2 * 5000 + 1000,
    ],
    [
      'applied (not yet received) earns nothing shown',
      [r('referrer_discount_applied', 5000)],
      1,
      0,
      0,
    ],
  ] as const)('%s', (_name, referrals, pending, completed, credit) => {
    expect(summarizeReferrals(referrals)).toEqual({
      pendingCount: pending,
      completedCount: completed,
      creditCents: credit,
    });
  });
});

describe('referral transitions', () => {
  it('goes created → email_sent → referee_signed_up → referrer_discount_received', () => {
    expect(canMoveReferral('created', 'email_sent')).toBe(true);
    expect(canMoveReferral('email_sent', 'referee_signed_up')).toBe(true);
    expect(canMoveReferral('referee_signed_up', 'referrer_discount_received')).toBe(true);
  });
  it('never skips the sign-up or leaves an end state', () => {
    expect(canMoveReferral('email_sent', 'referrer_discount_received')).toBe(false);
    expect(canMoveReferral('referrer_discount_received', 'email_sent')).toBe(false);
    expect(canMoveReferral('expired', 'referee_signed_up')).toBe(false);
  });
});

describe('50% cap spread over invoices (spec 02 §9)', () => {
  it('a $50 credit on $50 monthly bills is $25 on two invoices', () => {
    expect(spreadReferralCredit(5000, [5000, 5000, 5000])).toEqual({
      appliedCents: [2500, 2500, 0],
      carriedForwardCents: 0,
    });
  });
  it('a bill large enough takes the whole credit at once', () => {
    expect(spreadReferralCredit(5000, [19900])).toEqual({
      appliedCents: [5000],
      carriedForwardCents: 0,
    });
  });
  it('carries forward what the invoices given cannot take', () => {
    expect(spreadReferralCredit(10000, [5000, 3000])).toEqual({
      appliedCents: [2500, 1500],
      carriedForwardCents: 6000,
    });
  });
  it('rounds an odd-cent half down', () => {
    expect(spreadReferralCredit(5000, [4999]).appliedCents).toEqual([2499]);
  });
  it('refuses fractional cents', () => {
    expect(() => spreadReferralCredit(50.5, [5000])).toThrow(RangeError);
    expect(() => spreadReferralCredit(5000, [10.5])).toThrow(RangeError);
  });
});

describe('referral emails (spec 02 §5)', () => {
  it('splits on commas and ignores empty pieces', () => {
    expect(splitReferralEmails(' a@x.com, b@y.com,,  ')).toEqual(['a@x.com', 'b@y.com']);
    expect(splitReferralEmails('   ')).toEqual([]);
  });
  it.each([
    ['friend@example.com', null],
    ['Friend@Example.com ', null],
    ['not-an-email', 'invalid'],
    ['a@b', 'invalid'],
    ['me@example.com', 'own'],
    ['ME@example.COM', 'own'],
  ] as const)('%s → %s', (email, problem) => {
    expect(referralEmailProblem(email, 'me@example.com')).toBe(problem);
  });
  it('the server input lower-cases and trims the email', () => {
    expect(createReferralSchema.parse({ refereeEmail: ' Friend@Example.com' })).toEqual({
      refereeEmail: 'friend@example.com',
    });
    expect(createReferralSchema.safeParse({ refereeEmail: 'nope' }).success).toBe(false);
  });
});
