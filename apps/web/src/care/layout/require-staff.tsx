import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useCare } from '../api/services';
import { useStaffSession } from '../session';

/** Signed-in staff only; anyone else goes to sign-in and comes back here after. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const { session } = useCare();
  const current = useStaffSession(session);
  const location = useLocation();
  if (!current) {
    const returnTo = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/care/sign-in?returnTo=${returnTo}`} replace />;
  }
  return children;
}
