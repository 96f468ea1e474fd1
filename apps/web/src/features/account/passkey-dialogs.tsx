import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { passkeyRenameSchema } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { SubmitButton } from '../../components/submit-button';
import { TextInput } from '../../components/text-input';
import { fieldError, muiField } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { useServices } from '../../lib/services';
import { PASSKEYS_KEY, passkeysApi, type Passkey } from './passkeys-api';

export type PasskeyDialogState =
  | { kind: 'add' }
  | { kind: 'rename'; passkey: Passkey }
  | { kind: 'remove'; passkey: Passkey }
  | null;

/**
 * Issue 42: add a passkey (a name, then the browser's own prompt), rename one, or remove one.
 * Only the patient's own passkeys are listed, so only those can be named here.
 */
export function PasskeyDialog({
  state,
  onClose,
  onDone,
}: {
  state: PasskeyDialogState;
  onClose: () => void;
  onDone: (messageKey: string) => void;
}) {
  const { t } = useTranslation();
  const { session } = useServices();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(passkeyRenameSchema),
    defaultValues: { name: '' },
  });
  useEffect(() => {
    if (!state) return;
    setFailure(null);
    reset({
      name: state.kind === 'add' ? t('account.security.passkeys.defaultName') : state.passkey.name,
    });
  }, [state, reset, t]);

  const api = passkeysApi(session);
  const finish = async (messageKey: string) => {
    await queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
    onDone(messageKey);
  };
  const submit = handleSubmit(async ({ name }) => {
    setFailure(null);
    try {
      if (state?.kind === 'add') {
        await api.add(name);
        await finish('account.security.passkeys.addedDone');
      } else if (state?.kind === 'rename') {
        await api.rename(state.passkey.id, name);
        await finish('account.security.passkeys.renamed');
      } else if (state?.kind === 'remove') {
        await api.remove(state.passkey.id);
        await finish('account.security.passkeys.removed');
      }
    } catch {
      setFailure(state?.kind === 'add' ? 'account.security.passkeys.addFailed' : 'errors.C101');
    }
  });

  const kind = state?.kind ?? 'add';
  const titles = {
    add: 'account.security.passkeys.addTitle',
    rename: 'account.security.passkeys.renameTitle',
    remove: 'account.security.passkeys.removeTitle',
  } as const;
  const confirms = {
    add: 'account.security.passkeys.addConfirm',
    rename: 'account.security.passkeys.renameConfirm',
    remove: 'account.security.passkeys.removeConfirm',
  } as const;
  return (
    <Dialog
      open={state !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="passkey-title"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="passkey-title">{t(titles[kind])}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure ? <Alert severity="error">{t(failure)}</Alert> : null}
            {state?.kind === 'remove' ? (
              <Typography>
                {t('account.security.passkeys.removeIntro', { name: state.passkey.name })}
              </Typography>
            ) : (
              <>
                {kind === 'add' ? (
                  <Typography>{t('account.security.passkeys.addIntro')}</Typography>
                ) : null}
                <TextInput
                  label={t('account.security.passkeys.nameLabel')}
                  autoComplete="off"
                  required
                  {...muiField(register('name'))}
                  {...fieldError(formState.errors.name, t)}
                />
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3, gap: 1 }}>
          <Button onClick={onClose}>{t('account.cancel')}</Button>
          <SubmitButton
            loading={formState.isSubmitting}
            fullWidth={false}
            size="medium"
            color={kind === 'remove' ? 'error' : 'primary'}
          >
            {t(confirms[kind])}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
