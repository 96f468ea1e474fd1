import { AUTH_MESSAGES } from '@portal/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import MailOutlineIcon from '@mui/icons-material/MailOutlineOutlined';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../components/text-input';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useAlerts } from '../../components/alerts/alert-context';
import { SubmitButton } from '../../components/submit-button';
import { ApiError } from '../../lib/api/http';
import { accountApi } from '../../lib/api/identity';
import { fieldError, muiField } from '../../lib/forms';
import { PATHS } from '../../lib/routes';
import { emailOnlySchema } from './email-only-schema';

function ResendForm({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(emailOnlySchema),
    mode: 'onTouched',
    defaultValues: { email: initialEmail },
  });
  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await accountApi.sendEmailVerification(email);
      showAlert({ messageKey: 'emailVerification.sent', values: { email }, severity: 'success' });
    } catch {
      showAlert({ messageKey: AUTH_MESSAGES.genericError, severity: 'error' });
    }
  });
  return (
    <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack spacing={2.5}>
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          {...muiField(register('email'))}
          {...fieldError(errors.email, t)}
        />
        <SubmitButton loading={isSubmitting}>{t('emailVerification.resend')}</SubmitButton>
      </Stack>
    </Box>
  );
}

function failureKey(error: unknown): string {
  if (error instanceof ApiError && error.code === 'code-expired') return AUTH_MESSAGES.linkExpired;
  if (error instanceof ApiError && error.code === 'invalid-code') return AUTH_MESSAGES.codeInvalid;
  return AUTH_MESSAGES.genericError;
}

/** Confirms a mailed verification link, or offers to send a new one. */
export function EmailVerificationScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('oobCode') ?? '';
  const confirmed = useQuery({
    queryKey: ['email-verification', code],
    queryFn: () => accountApi.confirmEmailVerification(code),
    enabled: code !== '',
    retry: false,
    staleTime: Infinity,
  });

  if (code && confirmed.isPending) {
    return (
      <Box role="status" sx={{ textAlign: 'center', py: 4 }}>
        <CircularProgress aria-hidden sx={{ mb: 2 }} />
        <Typography>{t('emailVerification.checking')}</Typography>
      </Box>
    );
  }

  if (code && confirmed.data) {
    const signIn = `/?${new URLSearchParams({ email: confirmed.data.email }).toString()}`;
    return (
      <Box sx={{ textAlign: 'center' }}>
        <VerifiedOutlinedIcon color="success" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
        <Typography variant="h1" sx={{ mb: 1.5 }}>
          {t('emailVerification.doneTitle')}
        </Typography>
        <Typography sx={{ mb: 3 }}>{t('emailVerification.doneBody')}</Typography>
        <Button variant="contained" component={RouterLink} to={signIn}>
          {t('emailVerification.signIn')}
        </Button>
      </Box>
    );
  }

  return (
    <>
      <Box sx={{ textAlign: 'center', mb: 3 }}>
        <MailOutlineIcon color="primary" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
        <Typography variant="h1" sx={{ mb: 1.5 }}>
          {t('emailVerification.title')}
        </Typography>
        <Typography role={confirmed.isError ? 'alert' : undefined}>
          {confirmed.isError ? t(failureKey(confirmed.error)) : t('emailVerification.body')}
        </Typography>
      </Box>
      <ResendForm initialEmail={params.get('email') ?? ''} />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={PATHS.home}>
          {t('common.backToSignIn')}
        </Link>
      </Typography>
    </>
  );
}
