import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { secondFactorPasswordSchema } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField } from '../../components/password-field';
import { SubmitButton } from '../../components/submit-button';
import { ApiError } from '../../lib/api/http';
import { fieldError, muiField } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { useServices } from '../../lib/services';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { SECOND_FACTOR_KEY, secondFactorApi } from './second-factor-api';

export type FactorAction = 'remove' | 'recoveryCodes';

/**
 * Issue 42: removing the authenticator app, or replacing the recovery codes, asks for the
 * password again; new codes are then shown once in the same dialog.
 */
export function FactorPasswordDialog({
  action,
  onClose,
  onRemoved,
}: {
  action: FactorAction | null;
  onClose: () => void;
  onRemoved: () => void;
}) {
  const { t } = useTranslation();
  const { session } = useServices();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const { register, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(secondFactorPasswordSchema),
    defaultValues: { password: '' },
  });
  useEffect(() => {
    if (action) {
      reset({ password: '' });
      setFailure(null);
      setCodes(null);
    }
  }, [action, reset]);

  const submit = handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      const api = secondFactorApi(session);
      if (action === 'remove') {
        await api.removeTotp(password);
        await queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_KEY });
        onRemoved();
        return;
      }
      setCodes((await api.newRecoveryCodes(password)).recoveryCodes);
      await queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_KEY });
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.code === 'invalid-credentials'
          ? 'account.security.wrongPassword'
          : error instanceof ApiError && error.code === 'too-many-requests'
            ? 'auth.tooManyAttempts'
            : 'errors.C101',
      );
    }
  });

  const remove = action === 'remove';
  const title = remove ? 'account.security.remove.title' : 'account.security.codes.newTitle';
  return (
    <Dialog
      open={action !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="factor-password-title"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="factor-password-title">{t(title)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure ? <Alert severity="error">{t(failure)}</Alert> : null}
            {codes ? (
              <RecoveryCodesPanel codes={codes} />
            ) : (
              <>
                <Typography>
                  {t(remove ? 'account.security.remove.intro' : 'account.security.codes.newIntro')}
                </Typography>
                <PasswordField
                  label={t('fields.password')}
                  autoComplete="current-password"
                  required
                  {...muiField(register('password'))}
                  {...fieldError(formState.errors.password, t)}
                />
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3, gap: 1 }}>
          {codes ? (
            <Button variant="contained" onClick={onClose}>
              {t('account.security.codes.done')}
            </Button>
          ) : (
            <>
              <Button onClick={onClose}>{t('account.cancel')}</Button>
              <SubmitButton
                loading={formState.isSubmitting}
                fullWidth={false}
                size="medium"
                color={remove ? 'error' : 'primary'}
              >
                {t(remove ? 'account.security.remove.confirm' : 'account.security.codes.make')}
              </SubmitButton>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
