import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useServices } from '../services';

/** Logout: clears the token and cached data, tells other tabs, and returns to sign-in. */
export function useLogout(): () => void {
  const { session } = useServices();
  const navigate = useNavigate();
  return useCallback(() => {
    void session.signOut();
    void navigate('/', { replace: true });
  }, [session, navigate]);
}
