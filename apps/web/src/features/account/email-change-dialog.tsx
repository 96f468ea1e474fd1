import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  EMAIL_CHANGE_CODE_PATTERN,
  EMAIL_CHANGE_RELOAD_DELAY_MS,
  emailSchema,
} from '@portal/domain';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { PasswordField } from '../../components/password-field';
import { SubmitButton } from '../../components/submit-button';
import { TextInput } from '../../components/text-input';
import { ApiError } from '../../lib/api/http';
import { useServices } from '../../lib/services';
import { accountIdentity } from './account-identity';

type Step = 'password' | 'email' | 'code' | 'done';

/** Which of the spec's email change messages an identity failure shows (spec 02 §8). */
function messageKeyOf(error: unknown, step: Step): string {
  const code = error instanceof ApiError ? error.code : '';
  if (code === 'invalid-credentials') return 'emailChange.wrongPassword';
  if (code === 'email-already-in-use') return 'emailChange.emailUnavailable';
  if (code === 'invalid-code' || code === 'code-expired') return 'emailChange.verificationFailed';
  if (code === 'too-many-requests') return 'emailChange.tooMany';
  if (code === 'invalid-input' && error instanceof ApiError) return 'emailChange.emailSame';
  if (step === 'email') return 'emailChange.verificationCodeFailed';
  if (step === 'code') return 'emailChange.updateFailed';
  return 'emailChange.genericError';
}

/**
 * Spec 02 §2, §4: password (re-authentication), new email (availability and a code sent to
 * it), the code, then success and a page reload after 1 second.
 */
export function EmailChangeDialog({
  open,
  onClose,
  customerId,
  currentEmail,
}: {
  open: boolean;
  onClose: () => void;
  customerId: string;
  currentEmail: string;
}) {
  const { t } = useTranslation();
  const { session } = useServices();
  const api = accountIdentity(session);
  const [step, setStep] = useState<Step>('password');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (step !== 'done') return;
    const timer = setTimeout(() => window.location.reload(), EMAIL_CHANGE_RELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [step]);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(messageKeyOf(error, step));
    } finally {
      setBusy(false);
    }
  };

  const sendCode = async (normalized: string) => {
    const answer = await api.emailAvailability(normalized);
    if (!answer.data.isAvailable) {
      setFailure('emailChange.emailUnavailable');
      return false;
    }
    if (!answer.data.isOobCodeSent) {
      setFailure('emailChange.verificationCodeFailed');
      return false;
    }
    return true;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    if (step === 'password') {
      if (!password) return setFieldError('auth.passwordRequired');
      void run(async () => {
        await api.reauthenticate(password);
        setStep('email');
      });
    } else if (step === 'email') {
      const parsed = emailSchema.safeParse(email);
      if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? '');
      if (parsed.data === currentEmail.toLowerCase()) return setFieldError('emailChange.emailSame');
      void run(async () => {
        if (await sendCode(parsed.data)) {
          setEmail(parsed.data);
          setInfo('emailChange.verificationCodeSent');
          setStep('code');
        }
      });
    } else if (step === 'code') {
      if (!EMAIL_CHANGE_CODE_PATTERN.test(code.trim()))
        return setFieldError('emailChange.codeRequired');
      void run(async () => {
        await api.updateEmail({ customerId, newEmail: email, oobCode: code.trim() });
        setStep('done');
      });
    }
    return undefined;
  };

  const resend = () =>
    void run(async () => {
      if (await sendCode(email)) setInfo('emailChange.verificationCodeResent');
      else setFailure('emailChange.resendFailed');
    });

  const close = () => {
    if (step === 'done') return;
    setStep('password');
    setPassword('');
    setEmail('');
    setCode('');
    setFailure(null);
    setInfo(null);
    setFieldError(null);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="email-change-title"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="email-change-title">{t('emailChange.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure ? <Alert severity="error">{t(failure)}</Alert> : null}
            {info && step === 'code' ? <Alert severity="info">{t(info, { email })}</Alert> : null}
            {step === 'password' ? (
              <>
                <Typography>{t('emailChange.passwordIntro')}</Typography>
                <PasswordField
                  label={t('emailChange.password')}
                  name="password"
                  autoComplete="current-password"
                  required
                  error={fieldError !== null}
                  helperText={fieldError ? t(fieldError) : undefined}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </>
            ) : null}
            {step === 'email' ? (
              <TextInput
                label={t('emailChange.newEmail')}
                name="newEmail"
                type="email"
                autoComplete="email"
                required
                error={fieldError !== null}
                helperText={fieldError ? t(fieldError) : undefined}
                onChange={(e) => setEmail(e.target.value)}
              />
            ) : null}
            {step === 'code' ? (
              <TextInput
                label={t('emailChange.code')}
                name="oobCode"
                autoComplete="one-time-code"
                required
                error={fieldError !== null}
                helperText={fieldError ? t(fieldError) : undefined}
                onChange={(e) => setCode(e.target.value)}
              />
            ) : null}
            {step === 'done' ? (
              <Alert severity="success" role="status">
                {t('emailChange.emailUpdated')}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        {step !== 'done' ? (
          <DialogActions sx={{ px: 3, pb: 3, flexWrap: 'wrap', gap: 1 }}>
            {step === 'code' ? (
              <Button onClick={resend} disabled={busy}>
                {t('emailChange.resend')}
              </Button>
            ) : null}
            <Button onClick={close}>{t('account.cancel')}</Button>
            <SubmitButton loading={busy} fullWidth={false} size="medium">
              {t(step === 'code' ? 'emailChange.confirm' : 'account.continue')}
            </SubmitButton>
          </DialogActions>
        ) : null}
      </form>
    </Dialog>
  );
}
