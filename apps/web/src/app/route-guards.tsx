import {
  useBooleanFlagValue,
  useOpenFeatureClientStatus,
  ProviderStatus,
} from '@openfeature/react-sdk';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { signInPathFor } from '../lib/routes';
import { useSession } from '../lib/services';

/** Spec 01 §2, §6: a signed-out visitor of a protected route goes to sign-in, and back after. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'checking') return <FullPageLoader />;
  if (status === 'signed-out') {
    return <Navigate to={signInPathFor(location.pathname + location.search)} replace />;
  }
  return children;
}

/** A route that exists only with a flag (spec 02 §2: bulk-dosage-guide, referrals). */
export function RequireFlag({ flag, children }: { flag: string; children: ReactNode }) {
  const status = useOpenFeatureClientStatus();
  const enabled = useBooleanFlagValue(flag, false);
  if (status === ProviderStatus.NOT_READY || status === ProviderStatus.RECONCILING) {
    return <FullPageLoader />;
  }
  return enabled ? children : <Navigate to="/" replace />;
}
