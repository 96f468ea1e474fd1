import { ACTIVE_SUBSCRIPTION_STATUSES } from '../vocabularies';

// Spec 02 §3 and issue 9: "active" counts `active` and `non_renewing` everywhere (the weight
// tracker, referral eligibility, the booking's active treatments). One predicate, one list.

/** Whether a subscription in this status counts as active. */
export function isActiveSubscriptionStatus(status: string): boolean {
  return (ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

/** Whether at least one of the subscriptions counts as active. */
export function hasActiveSubscription(subscriptions: readonly { status: string }[]): boolean {
  return subscriptions.some((s) => isActiveSubscriptionStatus(s.status));
}

/**
 * Spec 01 §2, §6; spec 02 §2: referral eligibility is the referral_program flag and at least
 * one active subscription. The referrals home module and the /referrals route both ask this.
 */
export function isReferralEligible(input: {
  referralProgram: boolean;
  subscriptions: readonly { status: string }[];
}): boolean {
  return input.referralProgram && hasActiveSubscription(input.subscriptions);
}
