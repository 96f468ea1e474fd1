import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { DELETION_REASONS, deleteAccountSchema } from '@portal/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { PasswordField } from '../../components/password-field';
import { SubmitButton } from '../../components/submit-button';
import { ApiError } from '../../lib/api/http';
import { fieldError, muiField } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { useServices } from '../../lib/services';
import { accountIdentity } from './account-identity';

/** Delete customer account {customerId, formId}: the password and a reason, then signed out. */
export function DeleteAccountDialog({
  open,
  onClose,
  customerId,
}: {
  open: boolean;
  onClose: () => void;
  customerId: string;
}) {
  const { t } = useTranslation();
  const { session } = useServices();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { control, register, handleSubmit, resetField, formState } = useForm({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { customerId, password: '' },
  });

  const submit = handleSubmit(async (input) => {
    setBusy(true);
    setFailure(null);
    try {
      await accountIdentity(session).deleteAccount(input);
      await session.signOut({ broadcast: true });
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.code === 'invalid-credentials'
          ? 'deleteAccount.wrongPassword'
          : 'errors.C101',
      );
      setBusy(false);
    }
  });
  // The password box is empty whenever the dialog opens again; the reason stays chosen.
  const close = () => {
    resetField('password');
    onClose();
  };
  const reasonError = formState.errors.reason?.message;

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="delete-title">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="delete-title">{t('deleteAccount.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure ? <Alert severity="error">{t(failure)}</Alert> : null}
            <Typography>{t('deleteAccount.intro')}</Typography>
            <Typography>{t('deleteAccount.billing')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('deleteAccount.kept')}
            </Typography>
            <FormControl error={Boolean(reasonError)}>
              <FormLabel id="delete-reason-label">{t('deleteAccount.reason')}</FormLabel>
              <Controller
                control={control}
                name="reason"
                render={({ field }) => (
                  <RadioGroup
                    aria-labelledby="delete-reason-label"
                    name={field.name}
                    ref={field.ref}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  >
                    {DELETION_REASONS.map((r) => (
                      <FormControlLabel
                        key={r}
                        value={r}
                        control={<Radio />}
                        label={t(`deleteAccount.reasons.${r}`)}
                      />
                    ))}
                  </RadioGroup>
                )}
              />
              {reasonError ? <FormHelperText>{t(reasonError)}</FormHelperText> : null}
            </FormControl>
            <PasswordField
              label={t('deleteAccount.password')}
              autoComplete="current-password"
              required
              {...muiField(register('password'))}
              {...fieldError(formState.errors.password, t)}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3, gap: 1 }}>
          <Button onClick={close}>{t('account.cancel')}</Button>
          <SubmitButton loading={busy} fullWidth={false} size="medium" color="error">
            {t('deleteAccount.confirm')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
