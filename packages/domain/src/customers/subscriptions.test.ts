import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_STATUSES } from '../vocabularies';
import {
  hasActiveSubscription,
  isActiveSubscriptionStatus,
  isReferralEligible,
} from './subscriptions';

describe('active subscriptions (spec 02 §3, issue 9)', () => {
  it('counts active and non_renewing as active, and no other status', () => {
    const counted = SUBSCRIPTION_STATUSES.filter(isActiveSubscriptionStatus);
    expect(counted).toEqual(['active', 'non_renewing']);
    expect(isActiveSubscriptionStatus('ACTIVE')).toBe(false);
    expect(isActiveSubscriptionStatus('')).toBe(false);
  });

  it('a customer whose only plan is non_renewing still has an active subscription', () => {
    expect(hasActiveSubscription([{ status: 'cancelled' }, { status: 'non_renewing' }])).toBe(true);
    expect(hasActiveSubscription([{ status: 'paused' }, { status: 'future' }])).toBe(false);
    expect(hasActiveSubscription([])).toBe(false);
  });
});

describe('referral eligibility (spec 01 §2, §6; spec 02 §2)', () => {
  const active = [{ status: 'active' }];
  it('needs the referral_program flag and at least one active subscription', () => {
    expect(isReferralEligible({ referralProgram: true, subscriptions: active })).toBe(true);
    expect(
      isReferralEligible({ referralProgram: true, subscriptions: [{ status: 'non_renewing' }] }),
    ).toBe(true);
  });

  it('is refused without the flag, or without an active plan', () => {
    expect(isReferralEligible({ referralProgram: false, subscriptions: active })).toBe(false);
    expect(isReferralEligible({ referralProgram: true, subscriptions: [] })).toBe(false);
    expect(
      isReferralEligible({ referralProgram: true, subscriptions: [{ status: 'cancelled' }] }),
    ).toBe(false);
  });
});
