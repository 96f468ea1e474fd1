import { FEATURE_FLAGS, isReferralEligible } from '@portal/domain';
import {
  ProviderStatus,
  useBooleanFlagValue,
  useOpenFeatureClientStatus,
} from '@openfeature/react-sdk';
import { useCustomerQuery } from '../customer/use-customer';

/**
 * Spec 01 §2, §6: referral eligibility, the referral_program flag and at least one active
 * subscription (domain rule). The home's referrals module and the /referrals route ask here.
 * `settled` is false while the flags or the customer are still loading.
 */
export function useReferralEligibility(): { eligible: boolean; settled: boolean } {
  const flagStatus = useOpenFeatureClientStatus();
  const referralProgram = useBooleanFlagValue(FEATURE_FLAGS.referralProgram, false);
  const customer = useCustomerQuery();
  const flagsSettled =
    flagStatus !== ProviderStatus.NOT_READY && flagStatus !== ProviderStatus.RECONCILING;
  return {
    eligible: isReferralEligible({
      referralProgram,
      subscriptions: customer.data?.subscriptions ?? [],
    }),
    settled: flagsSettled && !customer.isPending,
  };
}
