import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { useReferralEligibility } from './use-referral-eligibility';

/** Spec 01 §2: /referrals exists only for a customer eligible for referrals; anyone else goes home. */
export function RequireReferralEligibility({ children }: { children: ReactNode }) {
  const { eligible, settled } = useReferralEligibility();
  if (!settled) return <FullPageLoader />;
  return eligible ? children : <Navigate to="/" replace />;
}
