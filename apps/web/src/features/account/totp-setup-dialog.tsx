import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { totpConfirmSchema } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { SubmitButton } from '../../components/submit-button';
import { TextInput } from '../../components/text-input';
import { ApiError } from '../../lib/api/http';
import { fieldError, muiField } from '../../lib/forms';
import { useTranslation } from '../../lib/i18n-react';
import { useServices } from '../../lib/services';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { SECOND_FACTOR_KEY, secondFactorApi, type TotpEnrolment } from './second-factor-api';

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Issue 42: set up an authenticator app. Scan the QR code (or type the secret), confirm with
 * the app's first code, then keep the ten recovery codes shown once.
 */
export function TotpSetupDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { session } = useServices();
  const queryClient = useQueryClient();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, reset, formState } = useForm({
    resolver: zodResolver(totpConfirmSchema),
    defaultValues: { code: '' },
  });

  useEffect(() => {
    if (!open) return;
    let live = true;
    setEnrolment(null);
    setCodes(null);
    setFailure(null);
    reset({ code: '' });
    secondFactorApi(session)
      .startTotp()
      .then((started) => live && setEnrolment(started))
      .catch(() => live && setFailure('errors.C101'));
    return () => {
      live = false;
    };
  }, [open, session, reset]);

  const confirm = handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      const { recoveryCodes } = await secondFactorApi(session).confirmTotp(code);
      setCodes(recoveryCodes);
      await queryClient.invalidateQueries({ queryKey: SECOND_FACTOR_KEY });
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.code === 'invalid-code'
          ? 'account.security.setup.wrongCode'
          : error instanceof ApiError && error.code === 'too-many-requests'
            ? 'auth.tooManyAttempts'
            : 'errors.C101',
      );
    }
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="totp-title">
      <form onSubmit={(e) => void confirm(e)} noValidate>
        <DialogTitle id="totp-title">
          {codes ? t('account.security.codes.title') : t('account.security.setup.title')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure ? <Alert severity="error">{t(failure)}</Alert> : null}
            {codes ? <RecoveryCodesPanel codes={codes} /> : null}
            {!codes && !enrolment && !failure ? (
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
                <CircularProgress aria-label={t('account.security.setup.loading')} />
              </Box>
            ) : null}
            {!codes && enrolment ? (
              <>
                <Typography>{t('account.security.setup.scan')}</Typography>
                <Box
                  component="img"
                  src={`data:image/svg+xml;utf8,${encodeURIComponent(enrolment.qrSvg)}`}
                  alt={t('account.security.setup.qrAlt')}
                  sx={{ width: 200, height: 200, alignSelf: 'center', bgcolor: 'common.white' }}
                />
                <Typography>{t('account.security.setup.typeInstead')}</Typography>
                <TextField
                  label={t('account.security.setup.secretLabel')}
                  value={grouped(enrolment.secret)}
                  // Wrapped, so the whole key shows on a phone too.
                  multiline
                  slotProps={{
                    htmlInput: {
                      readOnly: true,
                      spellCheck: false,
                      style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
                    },
                  }}
                />
                <Typography>{t('account.security.setup.enterCode')}</Typography>
                <TextInput
                  label={t('account.security.setup.codeLabel')}
                  autoComplete="one-time-code"
                  required
                  {...muiField(register('code'))}
                  {...fieldError(formState.errors.code, t)}
                />
              </>
            ) : null}
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
                disabled={!enrolment}
                fullWidth={false}
                size="medium"
              >
                {t('account.security.setup.confirm')}
              </SubmitButton>
            </>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
