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
