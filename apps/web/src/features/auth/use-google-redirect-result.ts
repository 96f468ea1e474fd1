import { AUTH_MESSAGES } from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAlerts } from '../../components/alerts/alert-context';
import { ApiError } from '../../lib/api/http';
import { PATHS, safeReturnTo } from '../../lib/routes';
import { useServices } from '../../lib/services';

/**
 * Spec 01 §4: Google sign-in ends as onboarding-required, an unknown error, or success. The
 * server's redirect lands on /?googleCode=… or /?googleError=…; this finishes the sign-in.
 * Returns true while the code is being exchanged. An account with a second factor (issue 42)
 * is handed to `onSecondFactor` with its challenge instead of signed in.
 */
export function useGoogleRedirectResult(onSecondFactor: (challenge: string) => void): boolean {
  const [params, setParams] = useSearchParams();
  const { session } = useServices();
  const { showAlert } = useAlerts();
  const navigate = useNavigate();
  const code = params.get('googleCode');
  const failure = params.get('googleError');
  const [busy, setBusy] = useState(Boolean(code));
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const key = code ?? failure;
    if (!key || handled.current === key) return;
    handled.current = key;
    const returnTo = safeReturnTo(params.get('returnTo'));
    const next = new URLSearchParams(params);
    next.delete('googleCode');
    next.delete('googleError');
    setParams(next, { replace: true });
    if (failure) {
      showAlert(
        failure === 'onboarding-required'
          ? { messageKey: AUTH_MESSAGES.signUpDetails, severity: 'warning' }
          : { messageKey: AUTH_MESSAGES.genericError, severity: 'error' },
      );
      return;
    }
    if (!code) return;
    setBusy(true);
    session
      .completeGoogleSignIn(code)
      .then((secondFactor) =>
        secondFactor
          ? onSecondFactor(secondFactor.challenge)
          : navigate(returnTo ?? PATHS.home, { replace: true }),
      )
      .catch((error: unknown) => {
        const onboarding = error instanceof ApiError && error.code === 'onboarding-required';
        showAlert({
          messageKey: onboarding ? AUTH_MESSAGES.signUpDetails : AUTH_MESSAGES.genericError,
          severity: onboarding ? 'warning' : 'error',
        });
      })
      .finally(() => setBusy(false));
  }, [code, failure, params, setParams, session, showAlert, navigate, onSecondFactor]);

  return busy;
}
