import { patientRecoveryCodeSchema, patientTotpCodeSchema } from '@portal/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useAlerts } from '../../components/alerts/alert-context';
import { SubmitButton } from '../../components/submit-button';
import { useSupportRequestUrl } from '../../components/support/use-support-request-url';
import { TextInput } from '../../components/text-input';
import { ApiError } from '../../lib/api/http';
import { useTranslation } from '../../lib/i18n-react';
import { useServices } from '../../lib/services';
import { AccessHeading } from './access-heading';

type Mode = 'totp' | 'recovery';

/** Which message a refused second step shows. */
function failureKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'invalid-code' || error.code === 'invalid-input')
      return 'signInCode.wrongCode';
    if (error.code === 'too-many-requests') return 'auth.tooManyAttempts';
    if (error.code === 'invalid-token') return 'signInCode.expired';
  }
  return 'auth.genericError';
}

/**
 * Issue 42: the second step of a password sign-in, for an account with an authenticator app.
 * A code from the app, or one of the recovery codes; a patient with neither reaches support
 * (there is no other way round it).
 */
export function SecondFactorStep({
  challenge,
  onDone,
  onRestart,
}: {
  challenge: string;
  onDone: () => Promise<void>;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const { session } = useServices();
  const { showAlert } = useAlerts();
  const supportUrl = useSupportRequestUrl({ category: null, code: null });
  const [mode, setMode] = useState<Mode>('totp');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [trustDevice, setTrustDevice] = useState(false);

  const switchMode = () => {
    setMode(mode === 'totp' ? 'recovery' : 'totp');
    setValue('');
    setFieldError(null);
    setFailure(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = (mode === 'totp' ? patientTotpCodeSchema : patientRecoveryCodeSchema).safeParse(
      value,
    );
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'signInCode.errors.codeFormat');
      return;
    }
    setFieldError(null);
    setFailure(null);
    setBusy(true);
    try {
      const answer = mode === 'totp' ? { code: parsed.data } : { recoveryCode: parsed.data };
      const { recoveryCodesLeft } = await session.completeSecondFactor(
        challenge,
        answer,
        trustDevice,
      );
      if (recoveryCodesLeft !== undefined) {
        showAlert({
          messageKey: 'signInCode.recoveryCodesLeft',
          values: { count: recoveryCodesLeft },
          // It stays until dismissed: the patient should notice a code was spent.
          severity: 'warning',
        });
      }
      await onDone();
    } catch (error) {
      setFailure(failureKey(error));
      setBusy(false);
    }
  };

  const totp = mode === 'totp';
  return (
    <>
      <AccessHeading
        title={t('signInCode.title')}
        subtitle={t(totp ? 'signInCode.totpIntro' : 'signInCode.recoveryIntro')}
      />
      <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
        <Stack spacing={2.5}>
          {failure ? (
            <Alert severity="error" role="alert">
              {t(failure)}
            </Alert>
          ) : null}
          <TextInput
            key={mode}
            label={t(totp ? 'signInCode.codeLabel' : 'signInCode.recoveryLabel')}
            name={totp ? 'one-time-code' : 'recovery-code'}
            autoComplete={totp ? 'one-time-code' : 'off'}
            required
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={fieldError !== null}
            helperText={fieldError ? t(fieldError) : undefined}
          />
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  name="trust-device"
                  checked={trustDevice}
                  onChange={(e) => setTrustDevice(e.target.checked)}
                  slotProps={{ input: { 'aria-describedby': 'trust-device-hint' } }}
                />
              }
              label={t('signInCode.trustDevice')}
            />
            <Typography
              id="trust-device-hint"
              variant="body2"
              color="text.secondary"
              sx={{ pl: 4 }}
            >
              {t('signInCode.trustDeviceHint')}
            </Typography>
          </Box>
          <SubmitButton loading={busy} disabled={value.trim() === ''}>
            {t('signInCode.submit')}
          </SubmitButton>
          <Button variant="text" onClick={switchMode}>
            {t(totp ? 'signInCode.useRecovery' : 'signInCode.useApp')}
          </Button>
        </Stack>
      </Box>
      <Stack spacing={1.5} sx={{ mt: 3, textAlign: 'center' }}>
        <Typography color="text.secondary">
          {t('signInCode.lostEverything')}{' '}
          {supportUrl ? (
            <Link href={supportUrl} target="_blank" rel="noopener noreferrer">
              {t('signInCode.contactSupport')}
            </Link>
          ) : (
            t('signInCode.contactSupport')
          )}
        </Typography>
        <Box>
          <Link component="button" type="button" onClick={onRestart}>
            {t('signInCode.back')}
          </Link>
        </Box>
      </Stack>
    </>
  );
}
