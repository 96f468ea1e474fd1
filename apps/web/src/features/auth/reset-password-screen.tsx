import {
  AUTH_MESSAGES,
  passwordWithConfirmationSchema,
  type PasswordWithConfirmation,
} from '@portal/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import LinkOffOutlinedIcon from '@mui/icons-material/LinkOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useAlerts } from '../../components/alerts/alert-context';
import { PasswordField } from '../../components/password-field';
import { SubmitButton } from '../../components/submit-button';
import { ApiError } from '../../lib/api/http';
import { accountApi } from '../../lib/api/identity';
import { fieldError, muiField } from '../../lib/forms';
import { PATHS } from '../../lib/routes';
import { useServices } from '../../lib/services';
import { PasswordRulesChecklist } from './password-rules-checklist';

function codeFailureKey(error: unknown): string {
  if (error instanceof ApiError && error.code === 'code-expired') return AUTH_MESSAGES.linkExpired;
  // The server checks the list of common and breached passwords (kept out of the bundle).
  if (error instanceof ApiError && error.code === 'password-too-common')
    return AUTH_MESSAGES.passwordTooCommon;
  if (error instanceof ApiError && error.code === 'invalid-code') return AUTH_MESSAGES.codeInvalid;
  return AUTH_MESSAGES.genericError;
}

function InvalidLink({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center' }}>
      <LinkOffOutlinedIcon color="error" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
      <Typography variant="h1" sx={{ mb: 1.5 }}>
        {t('resetPassword.invalidTitle')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t(messageKey)}</Typography>
      <Button variant="contained" component={RouterLink} to={PATHS.forgotPassword}>
        {t('resetPassword.requestNew')}
      </Button>
    </Box>
  );
}

/**
 * Sets a password from a mailed link: the reset link, and the sign-up link (`newAccount=1`),
 * which also verifies the email and then signs the new customer in. The code is checked first
 * without spending it.
 */
export function ResetPasswordScreen() {
  const { t } = useTranslation();
  const { showAlert, clearAlerts } = useAlerts();
  const { session } = useServices();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const code = params.get('oobCode') ?? '';
  const newAccount = params.get('newAccount') === '1';
  const verified = useQuery({
    queryKey: ['password-reset-code', code],
    queryFn: () => accountApi.verifyResetCode(code),
    enabled: code !== '',
    retry: false,
    staleTime: Infinity,
  });
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<PasswordWithConfirmation>({
    resolver: zodResolver(passwordWithConfirmationSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password }) => {
    clearAlerts();
    let email: string;
    try {
      ({ email } = await accountApi.confirmPasswordReset(code, password));
    } catch (error) {
      showAlert({ messageKey: codeFailureKey(error), severity: 'error' });
      return;
    }
    if (newAccount) {
      // Issue 9: the welcome mail's link signs the new customer in with the password just
      // chosen (typed twice already), so they land on home instead of typing it a third time.
      try {
        await session.signIn(email, password);
        showAlert({ messageKey: 'resetPassword.createdSignedIn', severity: 'success' });
        await navigate(PATHS.home, { replace: true });
        return;
      } catch {
        // The password is set; signing in by hand still works, so the sign-in screen follows.
      }
    }
    showAlert({
      messageKey: newAccount ? 'resetPassword.createdSuccess' : 'resetPassword.success',
      severity: 'success',
    });
    await navigate(`/?${new URLSearchParams({ email }).toString()}`, { replace: true });
  });

  if (!code) return <InvalidLink messageKey={AUTH_MESSAGES.codeInvalid} />;
  if (verified.isError) return <InvalidLink messageKey={codeFailureKey(verified.error)} />;

  return (
    <>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t(newAccount ? 'resetPassword.createTitle' : 'resetPassword.title')}
      </Typography>
      {verified.data ? (
        <Typography color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
          {t('resetPassword.forEmail', { email: verified.data.email })}
        </Typography>
      ) : (
        <Skeleton width="70%" sx={{ mb: 3 }} />
      )}
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <Stack spacing={2.5}>
          <PasswordField
            label={t('fields.newPassword')}
            autoComplete="new-password"
            required
            {...muiField(register('password'))}
            {...fieldError(errors.password, t)}
          />
          <PasswordField
            label={t('fields.confirmPassword')}
            autoComplete="new-password"
            required
            {...muiField(register('confirmPassword'))}
            {...fieldError(errors.confirmPassword, t)}
          />
          <PasswordRulesChecklist password={watch('password')} confirm={watch('confirmPassword')} />
          <SubmitButton loading={isSubmitting} disabled={!verified.data}>
            {t(newAccount ? 'resetPassword.createSubmit' : 'resetPassword.submit')}
          </SubmitButton>
        </Stack>
      </Box>
    </>
  );
}
