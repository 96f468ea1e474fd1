import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { EMAIL_CHANGE_RELOAD_DELAY_MS } from '@portal/domain';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api/http';
import { useTranslation } from '../../lib/i18n-react';
import { useServices } from '../../lib/services';
import { accountIdentity } from './account-identity';
import { CodeStep, EmailStep, PasswordStep } from './email-change-steps';

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
  const [email, setEmail] = useState('');
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

  const resend = () =>
    void run(async () => {
      if (await sendCode(email)) setInfo('emailChange.verificationCodeResent');
      else setFailure('emailChange.resendFailed');
    });

  const close = () => {
    if (step === 'done') return;
    setStep('password');
    setEmail('');
    setFailure(null);
    setInfo(null);
    onClose();
  };

  const notices = (
    <>
      {failure ? <Alert severity="error">{t(failure)}</Alert> : null}
      {info && step === 'code' ? <Alert severity="info">{t(info, { email })}</Alert> : null}
    </>
  );
  const title = <DialogTitle id="email-change-title">{t('emailChange.title')}</DialogTitle>;
  const shared = { title, notices, busy, onCancel: close };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="email-change-title"
    >
      {step === 'password' ? (
        <PasswordStep
          {...shared}
          onValid={({ password }) =>
            void run(async () => {
              await api.reauthenticate(password);
              setStep('email');
            })
          }
        />
      ) : null}
      {step === 'email' ? (
        <EmailStep
          {...shared}
          currentEmail={currentEmail}
          onValid={({ newEmail }) =>
            void run(async () => {
              if (await sendCode(newEmail)) {
                setEmail(newEmail);
                setInfo('emailChange.verificationCodeSent');
                setStep('code');
              }
            })
          }
        />
      ) : null}
      {step === 'code' ? (
        <CodeStep
          {...shared}
          onResend={resend}
          onValid={({ oobCode }) =>
            void run(async () => {
              await api.updateEmail({ customerId, newEmail: email, oobCode });
              setStep('done');
            })
          }
        />
      ) : null}
      {step === 'done' ? (
        <>
          {title}
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Alert severity="success" role="status">
                {t('emailChange.emailUpdated')}
              </Alert>
            </Stack>
          </DialogContent>
        </>
      ) : null}
    </Dialog>
  );
}
