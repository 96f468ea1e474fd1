import { AUTH_MESSAGES, RESET_LINK_TTL_MINUTES } from '@portal/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../components/text-input';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useAlerts } from '../../components/alerts/alert-context';
import { SubmitButton } from '../../components/submit-button';
import { ApiError } from '../../lib/api/http';
import { accountApi } from '../../lib/api/identity';
import { useLoadAppConfig } from '../../lib/use-app-config';
import { fieldError, muiField } from '../../lib/forms';
import { PATHS } from '../../lib/routes';
import { emailOnlySchema } from './email-only-schema';
import { AccessHeading, MailSentPanel } from './access-heading';

/** Spec 01 §7: /user/reset-password mails a link; the answer is the same for any email. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const { showAlert, clearAlerts } = useAlerts();
  const [params] = useSearchParams();
  const loadConfig = useLoadAppConfig();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(emailOnlySchema),
    mode: 'onTouched',
    defaultValues: { email: params.get('email') ?? '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    clearAlerts();
    try {
      const { tenantId } = await loadConfig();
      await accountApi.requestPasswordReset({ email, tenantId });
      setSentTo(email);
    } catch (error) {
      const tooMany = error instanceof ApiError && error.code === 'too-many-requests';
      showAlert({
        messageKey: tooMany ? AUTH_MESSAGES.tooManyAttempts : AUTH_MESSAGES.genericError,
        severity: 'error',
      });
    }
  });

  const signInHref = `/?${new URLSearchParams({ email: sentTo ?? '' }).toString()}`;
  if (sentTo) {
    return (
      <MailSentPanel
        title={t('forgotPassword.sentTitle')}
        body={t('forgotPassword.sentBody', {
          email: sentTo,
          count: RESET_LINK_TTL_MINUTES / 60,
        })}
        backHref={signInHref}
        backLabel={t('common.backToSignIn')}
      />
    );
  }

  return (
    <>
      <AccessHeading title={t('forgotPassword.title')} subtitle={t('forgotPassword.subtitle')} />
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
          <SubmitButton loading={isSubmitting}>{t('forgotPassword.submit')}</SubmitButton>
        </Stack>
      </Box>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        <Link component={RouterLink} to={PATHS.home}>
          {t('common.backToSignIn')}
        </Link>
      </Typography>
    </>
  );
}
