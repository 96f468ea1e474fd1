import { AUTH_MESSAGES, FEATURE_FLAGS, type SignInInput } from '@portal/domain';
import GoogleIcon from '@mui/icons-material/Google';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../components/text-input';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useAlerts } from '../../components/alerts/alert-context';
import { PasswordField } from '../../components/password-field';
import { SubmitButton } from '../../components/submit-button';
import { ApiError } from '../../lib/api/http';
import { useAppConfig } from '../../lib/use-app-config';
import { useFlag } from '../../lib/flags/use-flag';
import { EXTERNAL_LINKS } from '../../lib/links';
import { PATHS, safeReturnTo } from '../../lib/routes';
import { useServices, useSession, type AppServices } from '../../lib/services';
import { useGoogleRedirectResult } from './use-google-redirect-result';
import { AccessHeading } from './access-heading';
import { prefetchHome } from '../../lib/prefetch-home';
import { loadScreenCatalogues } from '../../lib/i18n-app';
import { carriesEmail } from './carries-email';
import type { SignInValidation } from './sign-in-resolver';
import { useSignInForm } from './use-sign-in-form';
import {
  PasskeySignInButton,
  passkeysSupported,
  usePasskeyAutofill,
} from './passkey-sign-in-button';

// The second step (issue 42) only after a right password: its code (and the domain's zod
// schemas with it) stays off the sign-in page's first load (issue 16's budget).
const SecondFactorStep = lazy(async () => {
  // Its words are in the full catalogue (account.json's signInCode.*), loaded with it.
  const [module] = await Promise.all([import('./second-factor-step'), loadScreenCatalogues()]);
  return { default: module.SecondFactorStep };
});

let validatorLoad: Promise<(values: SignInInput) => SignInValidation> | undefined;
function loadSignInValidator(): Promise<(values: SignInInput) => SignInValidation> {
  validatorLoad ??= import('./sign-in-resolver').then((m) => m.validateSignIn);
  validatorLoad.catch(() => {
    validatorLoad = undefined;
  });
  return validatorLoad;
}

/** The domain's sign-in schema, loaded on first use (or on the first key, see onKeyDown). */
async function validateSignIn(values: SignInInput): Promise<SignInValidation> {
  return (await loadSignInValidator())(values);
}

/** Props that show a field's error, whose message is an i18n key from the domain schema. */
function errorProps(message: string | undefined, t: (key: string) => string) {
  return message
    ? { error: true, helperText: t(message) }
    : { error: false, helperText: undefined };
}

/**
 * Issue 16: while the customer types, fetch what comes next: the form's validation, the home
 * screen's chunks (with the full catalogue) and the query cache home's data goes into, so
 * "Log in" paints home without waiting. A press that submits (the Log in button, Enter) leaves
 * home's chunks to onSubmit, which asks for them right after the sign-in request has left: the
 * browser keeps six connections per server, and the ~35 chunks asked for first made the sign-in
 * wait for them (a password manager's fill-in then a click is exactly that case).
 */
function prepareForSignIn(services: AppServices, event: KeyboardEvent | PointerEvent): void {
  void loadSignInValidator().catch(() => undefined);
  services.loadQueryClient().catch(() => undefined);
  const submits =
    'key' in event
      ? event.key === 'Enter'
      : event.target instanceof Element && event.target.closest('button[type="submit"]') !== null;
  if (!submits) prefetchHome();
}

function isVerificationNeeded(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === 'email-not-verified' || error.message.includes('needs to be verified'))
  );
}

/** Spec 01 §2 "Sign-in screen", §4 login results, §5 sign-in validation. */
export function SignInScreen() {
  const { t } = useTranslation();
  const services = useServices();
  const { session } = services;
  const { status } = useSession();
  const { showAlert, clearAlerts } = useAlerts();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  // Spec 01 §2: home's own links (a reminder mail's editWeight=true, a weightData link) still
  // work when the customer signs in on them first.
  const homeParams = new URLSearchParams();
  for (const key of ['weightData', 'editWeight']) {
    const value = params.get(key);
    if (value) homeParams.set(key, value);
  }
  const home = homeParams.size > 0 ? `${PATHS.home}?${homeParams.toString()}` : PATHS.home;
  const config = useAppConfig();
  const googleFlag = useFlag(FEATURE_FLAGS.googleSso);
  // Issue 42: a right password (or Google) of an account with an authenticator app asks for a
  // code next.
  const [challenge, setChallenge] = useState<string | null>(null);
  const googleBusy = useGoogleRedirectResult(setChallenge);
  const goHome = useCallback(async () => {
    await navigate(returnTo ?? home, { replace: true });
  }, [navigate, returnTo, home]);
  const startPasskeyAutofill = usePasskeyAutofill(goHome);

  const { values, errors, isSubmitting, register, handleSubmit } = useSignInForm({
    validate: validateSignIn,
    defaultValues: { email: params.get('email') ?? '', password: '' },
  });
  const { email, password } = values;
  const busy = isSubmitting || googleBusy;
  const canSubmit = email.trim() !== '' && password !== '' && status !== 'checking' && !busy;

  const onSubmit = handleSubmit(async (values) => {
    clearAlerts();
    try {
      const signingIn = session.signIn(values.email, values.password);
      prefetchHome();
      const secondFactor = await signingIn;
      if (secondFactor) {
        setChallenge(secondFactor.challenge);
        return;
      }
      await navigate(returnTo ?? home, { replace: true });
    } catch (error) {
      if (isVerificationNeeded(error)) {
        showAlert({ messageKey: AUTH_MESSAGES.verifyNeeded, severity: 'warning' });
      } else if (error instanceof ApiError && error.code === 'too-many-requests') {
        showAlert({ messageKey: AUTH_MESSAGES.tooManyAttempts, severity: 'error' });
      } else {
        showAlert({ messageKey: AUTH_MESSAGES.pleaseDoubleCheck, severity: 'error' });
      }
    }
  });

  const typedEmail = email.trim();
  const forgotHref = typedEmail
    ? `${PATHS.forgotPassword}?${new URLSearchParams({ email: typedEmail }).toString()}`
    : PATHS.forgotPassword;
  const signUpParams = new URLSearchParams();
  if (typedEmail) signUpParams.set('email', typedEmail);
  if (returnTo) signUpParams.set('returnTo', returnTo);
  const signUpHref = signUpParams.size
    ? `${PATHS.signUp}?${signUpParams.toString()}`
    : PATHS.signUp;
  const googleHref = `/identity/google/start?${new URLSearchParams({ returnTo: returnTo ?? '/' }).toString()}`;

  if (challenge) {
    return (
      <Suspense fallback={null}>
        <SecondFactorStep
          challenge={challenge}
          onDone={goHome}
          onRestart={() => setChallenge(null)}
        />
      </Suspense>
    );
  }

  return (
    <>
      <AccessHeading title={t('signIn.title')} subtitle={t('signIn.subtitle')} />
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        onKeyDown={(event) => prepareForSignIn(services, event.nativeEvent)}
        onPointerDown={(event) => prepareForSignIn(services, event.nativeEvent)}
        onFocus={(event) => {
          if (event.target instanceof HTMLInputElement && event.target.name === 'email')
            startPasskeyAutofill();
        }}
      >
        <Stack spacing={2.5}>
          <TextInput
            label={t('fields.email')}
            type="email"
            // "username webauthn": the sign-in name, and the browser may offer this site's
            // passkeys here (conditional mediation, issue 42).
            autoComplete="username webauthn"
            required
            {...register('email')}
            {...errorProps(errors.email, t)}
          />
          <Box>
            <PasswordField
              label={t('fields.password')}
              autoComplete="current-password"
              required
              {...register('password')}
              {...errorProps(errors.password, t)}
            />
            <Box sx={{ mt: 1, textAlign: 'right' }}>
              <Link component={RouterLink} to={forgotHref} {...carriesEmail}>
                {t('signIn.forgotPassword')}
              </Link>
            </Box>
          </Box>
          <SubmitButton loading={busy} disabled={!canSubmit}>
            {t('signIn.submit')}
          </SubmitButton>
        </Stack>
      </Box>
      {passkeysSupported() && (
        <>
          <Divider sx={{ my: 3 }}>{t('signIn.or')}</Divider>
          <PasskeySignInButton onSignedIn={goHome} />
        </>
      )}
      {googleFlag && config.googleSignIn && (
        <>
          <Divider sx={{ my: 3 }}>{t('signIn.or')}</Divider>
          <Button
            variant="outlined"
            size="large"
            fullWidth
            href={googleHref}
            startIcon={<GoogleIcon aria-hidden />}
          >
            {t('signIn.google')}
          </Button>
        </>
      )}
      <Divider sx={{ my: 3 }} />
      <Stack spacing={1.5} sx={{ textAlign: 'center' }}>
        <Typography>
          {t('signIn.newHere')}{' '}
          <Link component={RouterLink} to={signUpHref} {...carriesEmail}>
            {t('signIn.createAccount')}
          </Link>
        </Typography>
        <Typography>
          {t('signIn.noSubscription')}{' '}
          <Link href={EXTERNAL_LINKS.treatments} target="_blank" rel="noopener noreferrer">
            {t('signIn.exploreTreatments')}
          </Link>
        </Typography>
      </Stack>
    </>
  );
}
