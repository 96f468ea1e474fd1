import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import Button from '@mui/material/Button';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAlerts } from '../../components/alerts/alert-context';
import { ApiError } from '../../lib/api/http';
import { useTranslation } from '../../lib/i18n-react';
import { useServices } from '../../lib/services';

/** The browser's WebAuthn helpers, loaded on the first press: most sign-ins never need them. */
const loadWebAuthn = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all (the button hides otherwise). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/**
 * Issue 42: the browser's autofill offers the site's passkeys on the email field (conditional
 * mediation). The ceremony starts on the field's first focus, not on every visit to the page,
 * so a visitor who never touches it costs no challenge; it is cancelled when the page goes.
 * Returns the handler the email field calls on focus.
 */
export function usePasskeyAutofill(onSignedIn: () => Promise<void>): () => void {
  const { session } = useServices();
  const { showAlert } = useAlerts();
  const started = useRef(false);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      if (started.current) {
        void loadWebAuthn().then(({ WebAuthnAbortService }) =>
          WebAuthnAbortService.cancelCeremony(),
        );
      }
    };
  }, []);
  return useCallback(() => {
    if (started.current || !passkeysSupported()) return;
    started.current = true;
    void (async () => {
      const webauthn = await loadWebAuthn();
      if (!live.current || !(await webauthn.browserSupportsWebAuthnAutofill())) return;
      try {
        await session.signInWithPasskey((options) =>
          webauthn.startAuthentication({ optionsJSON: options as never, useBrowserAutofill: true }),
        );
        await onSignedIn();
      } catch (error) {
        // A ceremony cancelled by the button's own, or by leaving the page, is no failure.
        if (!live.current || (error instanceof Error && error.name === 'AbortError')) return;
        if (error instanceof Error && 'code' in error && error.code === 'ERROR_CEREMONY_ABORTED')
          return;
        showAlert({ messageKey: 'strongSignIn.passkey.failed', severity: 'error' });
      }
    })();
  }, [session, showAlert, onSignedIn]);
}

/**
 * Issue 42: "Sign in with a passkey". The browser asks for the passkey and its unlock (a
 * fingerprint, face or PIN); the server checks the signed challenge and opens the session.
 */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const { t } = useTranslation();
  const { session } = useServices();
  const { showAlert, clearAlerts } = useAlerts();
  const [busy, setBusy] = useState(false);

  const signIn = async () => {
    clearAlerts();
    setBusy(true);
    try {
      const { startAuthentication } = await loadWebAuthn();
      await session.signInWithPasskey((options) =>
        startAuthentication({ optionsJSON: options as never }),
      );
      await onSignedIn();
    } catch (error) {
      // The browser's refusal (cancelled, or the passkey could not verify its user) and the
      // server's read alike to the patient: the passkey was not used; the password still works.
      showAlert({
        messageKey:
          error instanceof ApiError && error.code === 'too-many-requests'
            ? 'auth.tooManyAttempts'
            : 'strongSignIn.passkey.failed',
        severity: 'error',
      });
      setBusy(false);
    }
  };

  return (
    <Button
      variant="outlined"
      size="large"
      fullWidth
      disabled={busy}
      aria-busy={busy}
      onClick={() => void signIn()}
      startIcon={<KeyOutlinedIcon aria-hidden />}
    >
      {t('strongSignIn.passkey.signIn')}
    </Button>
  );
}
