import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { passkeyRenameSchema, secondFactorPasswordSchema } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { PasswordField } from '../../components/password-field';
import { SubmitButton } from '../../components/submit-button';
import { TextInput } from '../../components/text-input';
import { ApiError } from '../../lib/api/http';
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
 * Issue 42: add a passkey (a name, then the browser's own prompt), rename one, or remove one
 * (with the password again). Only the patient's own passkeys are listed, so only those can be
 * named here.
 */
export function PasskeyDialog(props: {
  state: PasskeyDialogState;
  onClose: () => void;
  onDone: (messageKey: string) => void;
}) {
  const { state } = props;
  return (
    <>
      <NamePasskeyDialog
        onClose={props.onClose}
        onDone={props.onDone}
        state={state?.kind === 'remove' ? null : state}
      />
      <RemovePasskeyDialog
        passkey={state?.kind === 'remove' ? state.passkey : null}
        onClose={props.onClose}
        onDone={props.onDone}
      />
    </>
  );
}

/** Removing a passkey asks for the password again; a wrong one says so and removes nothing. */
function RemovePasskeyDialog({
  passkey,
  onClose,
  onDone,
}: {
  passkey: Passkey | null;
  onClose: () => void;
  onDone: (messageKey: string) => void;
}) {
  const { t } = useTranslation();
  const { session } = useServices();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [shown, setShown] = useState<Passkey | null>(null);
  const { register, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(secondFactorPasswordSchema),
    defaultValues: { password: '' },
  });
  useEffect(() => {
    if (!passkey) return;
    // The name stays on screen while the dialog fades out.
    setShown(passkey);
    setFailure(null);
    reset({ password: '' });
  }, [passkey, reset]);

  const submit = handleSubmit(async ({ password }) => {
    if (!passkey) return;
    setFailure(null);
    try {
      await passkeysApi(session).remove(passkey.id, password);
      await queryClient.invalidateQueries({ queryKey: PASSKEYS_KEY });
      onDone('account.security.passkeys.removed');
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

  return (
    <Dialog
      open={passkey !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="passkey-remove-title"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="passkey-remove-title">
          {t('account.security.passkeys.removeTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure ? (
              <Alert severity="error" role="alert">
                {t(failure)}
              </Alert>
            ) : null}
            <Typography>
              {t('account.security.passkeys.removeIntro', { name: shown?.name ?? '' })}{' '}
              {t('account.security.passkeys.removePassword')}
            </Typography>
            <PasswordField
              label={t('fields.password')}
              autoComplete="current-password"
              required
              {...muiField(register('password'))}
              {...fieldError(formState.errors.password, t)}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3, gap: 1 }}>
          <Button onClick={onClose}>{t('account.cancel')}</Button>
          <SubmitButton
            loading={formState.isSubmitting}
            fullWidth={false}
            size="medium"
            color="error"
          >
            {t('account.security.passkeys.removeConfirm')}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Adding (a name, then the browser's prompt) or renaming a passkey. */
function NamePasskeyDialog({
  state,
  onClose,
  onDone,
}: {
  state: Exclude<PasskeyDialogState, { kind: 'remove' }>;
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
      }
    } catch {
      setFailure(state?.kind === 'add' ? 'account.security.passkeys.addFailed' : 'errors.C101');
    }
  });

  const kind = state?.kind ?? 'add';
  const titles = {
    add: 'account.security.passkeys.addTitle',
    rename: 'account.security.passkeys.renameTitle',
  } as const;
  const confirms = {
    add: 'account.security.passkeys.addConfirm',
    rename: 'account.security.passkeys.renameConfirm',
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
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3, gap: 1 }}>
          <Button onClick={onClose}>{t('account.cancel')}</Button>
          <SubmitButton loading={formState.isSubmitting} fullWidth={false} size="medium">
            {t(confirms[kind])}
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
