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
import { DELETION_REASONS, deleteAccountSchema } from '@portal/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { PasswordField } from '../../components/password-field';
import { SubmitButton } from '../../components/submit-button';
import { ApiError } from '../../lib/api/http';
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
  const [password, setPassword] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = deleteAccountSchema.safeParse({ customerId, password, reason });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    setFailure(null);
    try {
      await accountIdentity(session).deleteAccount(parsed.data);
      await session.signOut({ broadcast: true });
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.code === 'invalid-credentials'
          ? 'deleteAccount.wrongPassword'
          : 'errors.C101',
      );
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="delete-title">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="delete-title">{t('deleteAccount.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure ? <Alert severity="error">{t(failure)}</Alert> : null}
            <Typography>{t('deleteAccount.intro')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('deleteAccount.kept')}
            </Typography>
            <FormControl error={Boolean(errors.reason)}>
              <FormLabel id="delete-reason-label">{t('deleteAccount.reason')}</FormLabel>
              <RadioGroup
                aria-labelledby="delete-reason-label"
                name="reason"
                value={reason}
                onChange={(e) => setReason(e.target.value)}
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
              {errors.reason ? <FormHelperText>{t(errors.reason)}</FormHelperText> : null}
            </FormControl>
            <PasswordField
              label={t('deleteAccount.password')}
              name="password"
              autoComplete="current-password"
              required
              error={Boolean(errors.password)}
              helperText={errors.password ? t(errors.password) : undefined}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3, gap: 1 }}>
          <Button onClick={onClose}>{t('account.cancel')}</Button>
          <SubmitButton loading={busy} fullWidth={false} size="medium" color="error">
            {t('deleteAccount.confirm')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
