import { Navigate, useSearchParams } from 'react-router';
import { useEffect } from 'react';
import { FullPageLoader } from '../components/full-page-loader';
import { createIdentityApi } from '../lib/api/identity';
import { emitAuthEvent } from '../lib/session/auth-events';
import { STORAGE_KEYS } from '../lib/session/storage-keys';
import {
  AccessLayout,
  DataLayer,
  EmailVerificationScreen,
  ResetPasswordScreen,
} from './lazy-screens';

// The routes mails and support links land on (/refresh, /user-action): rare, so their own
// chunk, out of the sign-in page's JavaScript (issue 46).

/**
 * `/refresh` (spec 01 §2): clears local storage, session storage and cookies, signs out, then
 * reloads to /?retryAttempt=1. The session was never restored on this page (see main.tsx).
 */
export function RefreshRoute() {
  useEffect(() => {
    const run = async () => {
      const raw = window.localStorage.getItem(STORAGE_KEYS.session);
      window.localStorage.clear();
      window.sessionStorage.clear();
      for (const cookie of document.cookie.split(';')) {
        const name = cookie.split('=')[0]?.trim();
        if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
      }
      emitAuthEvent(window.localStorage, 'logout');
      try {
        const refreshToken = raw
          ? (JSON.parse(raw) as { refreshToken?: unknown }).refreshToken
          : null;
        if (typeof refreshToken === 'string') await createIdentityApi().signOut(refreshToken);
      } catch {
        // Signing out on the server is best effort; the local session is already gone.
      }
      window.location.replace('/?retryAttempt=1');
    };
    void run();
  }, []);
  return <FullPageLoader />;
}

/** `/user-action?mode=…`: the links in mails and messages land here (spec 01 §2, 02 §2). */
export function UserActionRoute() {
  const [params] = useSearchParams();
  const actionId = params.get('actionId');
  const query = actionId ? `?${new URLSearchParams({ actionId }).toString()}` : '';
  switch (params.get('mode')) {
    case 'resetPassword':
      return (
        <AccessLayout>
          <DataLayer>
            <ResetPasswordScreen />
          </DataLayer>
        </AccessLayout>
      );
    case 'verifyEmail':
      return (
        <AccessLayout>
          <DataLayer>
            <EmailVerificationScreen />
          </DataLayer>
        </AccessLayout>
      );
    case 'idVerification':
      return <Navigate to={`/id-verification${query}`} replace />;
    case 'bulkOrderPayment':
      return <Navigate to={`/bulk-payment${query}`} replace />;
    case null:
    default:
      return <Navigate to="/" replace />;
  }
}
