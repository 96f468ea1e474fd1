import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { AUTH_MESSAGES, updatePasswordSchema } from '@portal/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useAlerts } from '../../components/alerts/alert-context';
import { PasswordField } from '../../components/password-field';
import { SubmitButton } from '../../components/submit-button';
import { ApiError } from '../../lib/api/http';
import { muiField } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { useServices } from '../../lib/services';
import { accountIdentity } from './account-identity';

const EMPTY = { currentPassword: '', newPassword: '' };

/** The current password and a new one by the spec's rules; other devices are signed out. */
export function PasswordForm() {
  const { t } = useTranslation();
  const { session } = useServices();
  const { showAlert } = useAlerts();
  // A new key after a change: the boxes start empty again, as a fresh form.
  const [formKey, setFormKey] = useState(0);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(updatePasswordSchema), defaultValues: EMPTY });
  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await accountIdentity(session).changePassword(currentPassword, newPassword);
      showAlert({ messageKey: 'account.password.saved', severity: 'success' });
      reset(EMPTY);
      setFormKey((k) => k + 1);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invalid-credentials') {
        setError('currentPassword', { message: 'account.password.wrong' });
      } else if (error instanceof ApiError && error.code === 'password-too-common') {
        // The server's list of common and breached passwords (kept out of the web bundle).
        setError('newPassword', { message: AUTH_MESSAGES.passwordTooCommon });
      } else {
        showAlert({ code: 'C101' });
      }
    }
  });
  const current = errors.currentPassword?.message;
  const next = errors.newPassword?.message;
  return (
    <Stack
      key={formKey}
      component="form"
      onSubmit={(event) => void submit(event)}
      noValidate
      spacing={2}
    >
      <PasswordField
        label={t('account.password.current')}
        autoComplete="current-password"
        error={Boolean(current)}
        helperText={current ? t(current) : undefined}
        {...muiField(register('currentPassword'))}
      />
      <PasswordField
        label={t('account.password.new')}
        autoComplete="new-password"
        error={Boolean(next)}
        helperText={next ? t(next) : t('account.password.help')}
        {...muiField(register('newPassword'))}
      />
      <SubmitButton loading={isSubmitting} fullWidth={false} sx={{ alignSelf: 'flex-start' }}>
        {t('account.password.save')}
      </SubmitButton>
    </Stack>
  );
}
