import { AUTH_MESSAGES, signUpSchema, type SignUpInput } from '@portal/domain';
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
import { safeReturnTo, signInPathFor } from '../../lib/routes';
import { AccessHeading, MailSentPanel } from './access-heading';

function signUpFailureKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.errorCode === 'EmailAlreadyExists' || error.code === 'email-already-in-use') {
      return AUTH_MESSAGES.emailAlreadyInUse;
    }
    if (error.status === 403) return AUTH_MESSAGES.contactSupport;
  }
  return AUTH_MESSAGES.genericError;
}

/** Spec 01 §7: /user/create mails a link to set a password, which also verifies the email. */
export function SignUpScreen() {
  const { t } = useTranslation();
  const { showAlert, clearAlerts } = useAlerts();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo')) ?? '/';
  const [sentTo, setSentTo] = useState<string | null>(null);
  const loadConfig = useLoadAppConfig();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    mode: 'onTouched',
    defaultValues: { email: params.get('email') ?? '', firstName: '', lastName: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    clearAlerts();
    try {
      const { tenantId } = await loadConfig();
      await accountApi.createUser({ ...values, tenantId });
      setSentTo(values.email);
    } catch (error) {
      showAlert({ messageKey: signUpFailureKey(error), severity: 'error' });
    }
  });

  if (sentTo) {
    return (
      <MailSentPanel
        title={t('signUp.sentTitle')}
        body={t('signUp.sentBody', { email: sentTo })}
        backHref={signInPathFor(returnTo)}
        backLabel={t('common.backToSignIn')}
      />
    );
  }

  return (
    <>
      <AccessHeading title={t('signUp.title')} subtitle={t('signUp.subtitle')} />
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
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextInput
              label={t('fields.firstName')}
              autoComplete="given-name"
              required
              {...muiField(register('firstName'))}
              {...fieldError(errors.firstName, t)}
            />
            <TextInput
              label={t('fields.lastName')}
              autoComplete="family-name"
              required
              {...muiField(register('lastName'))}
              {...fieldError(errors.lastName, t)}
            />
          </Stack>
          <SubmitButton loading={isSubmitting}>{t('signUp.submit')}</SubmitButton>
        </Stack>
      </Box>
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        {t('signUp.haveAccount')}{' '}
        <Link component={RouterLink} to={signInPathFor(returnTo)}>
          {t('signUp.signIn')}
        </Link>
      </Typography>
    </>
  );
}
