import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACCOUNT_MESSAGES, reauthenticateRequestSchema, updateEmailSchema } from '@portal/domain';
import type { FormEventHandler, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField } from '../../components/password-field';
import { SubmitButton } from '../../components/submit-button';
import { TextInput } from '../../components/text-input';
import { fieldError, muiField } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';

// The email change dialog's three forms, one per step, each with its field's domain schema.

/**
 * What every step shows around its field: the dialog's title (inside the form, right above
 * the content, as MUI's dialog spacing expects), its notices, Cancel and the step's button.
 */
interface StepProps<T> {
  title: ReactNode;
  notices: ReactNode;
  busy: boolean;
  onCancel: () => void;
  onValid: (values: T) => void;
}

function StepForm({
  title,
  notices,
  busy,
  onCancel,
  onSubmit,
  submitLabel,
  extraAction = null,
  children,
}: Omit<StepProps<never>, 'onValid'> & {
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  extraAction?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate>
      {title}
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {notices}
          {children}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 3, flexWrap: 'wrap', gap: 1 }}>
        {extraAction}
        <Button onClick={onCancel}>{t('account.cancel')}</Button>
        <SubmitButton loading={busy} fullWidth={false} size="medium">
          {submitLabel}
        </SubmitButton>
      </DialogActions>
    </form>
  );
}

/** Step 1: the password again (re-authentication). */
export function PasswordStep({ onValid, ...step }: StepProps<{ password: string }>) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(reauthenticateRequestSchema),
    defaultValues: { password: '' },
  });
  return (
    <StepForm
      {...step}
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      submitLabel={t('account.continue')}
    >
      <Typography>{t('emailChange.passwordIntro')}</Typography>
      <PasswordField
        label={t('emailChange.password')}
        autoComplete="current-password"
        required
        {...muiField(register('password'))}
        {...fieldError(formState.errors.password, t)}
      />
    </StepForm>
  );
}

/** Step 2: the new email, which must differ from the current one (checked here, any case). */
export function EmailStep({
  currentEmail,
  onValid,
  ...step
}: StepProps<{ newEmail: string }> & { currentEmail: string }) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(
      updateEmailSchema
        .pick({ newEmail: true })
        .refine((v) => v.newEmail !== currentEmail.toLowerCase(), {
          path: ['newEmail'],
          error: ACCOUNT_MESSAGES.emailSame,
        }),
    ),
    defaultValues: { newEmail: '' },
  });
  return (
    <StepForm
      {...step}
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      submitLabel={t('account.continue')}
    >
      <TextInput
        label={t('emailChange.newEmail')}
        type="email"
        autoComplete="email"
        required
        {...muiField(register('newEmail'))}
        {...fieldError(formState.errors.newEmail, t)}
      />
    </StepForm>
  );
}

/** Step 3: the 6-digit code mailed to the new address; it can be sent again. */
export function CodeStep({
  onResend,
  onValid,
  ...step
}: StepProps<{ oobCode: string }> & { onResend: () => void }) {
  const { t } = useTranslation();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(updateEmailSchema.pick({ oobCode: true })),
    defaultValues: { oobCode: '' },
  });
  return (
    <StepForm
      {...step}
      onSubmit={(event) => void handleSubmit(onValid)(event)}
      submitLabel={t('emailChange.confirm')}
      extraAction={
        <Button onClick={onResend} disabled={step.busy}>
          {t('emailChange.resend')}
        </Button>
      }
    >
      <TextInput
        label={t('emailChange.code')}
        autoComplete="one-time-code"
        required
        {...muiField(register('oobCode'))}
        {...fieldError(formState.errors.oobCode, t)}
      />
    </StepForm>
  );
}
