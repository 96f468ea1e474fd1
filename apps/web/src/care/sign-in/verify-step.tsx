import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { recoveryCodeSchema, totpCodeSchema } from '@portal/domain';
import { useState } from 'react';
import { SubmitButton } from '../../components/submit-button';
import { verify } from '../api/auth';
import { useCare } from '../api/services';
import type { VerifyAnswer } from '../api/types';
import { strings } from '../strings';
import { CodeField, codeFailure } from './code-field';
import { SignInCard } from './sign-in-card';

const t = strings.signIn;

export function VerifyStep({
  challenge,
  recovery,
  onVerified,
  onToggleRecovery,
  onRestart,
}: {
  challenge: string;
  recovery: boolean;
  onVerified: (answer: VerifyAnswer) => void;
  onToggleRecovery: () => void;
  onRestart: (notice: string | null) => void;
}) {
  const { api } = useCare();
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  return (
    <SignInCard
      title={t.verifyTitle}
      intro={recovery ? undefined : t.verifyIntro}
      error={error}
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        // The server's own schemas (@portal/domain), so a typo is caught before a round trip.
        const second = recovery
          ? recoveryCodeSchema.safeParse(recoveryCode)
          : totpCodeSchema.safeParse(code);
        if (!second.success) {
          setError(recovery ? t.recoveryFormat : t.codeFormat);
          return;
        }
        setBusy(true);
        setError(null);
        verify(
          api,
          challenge,
          recovery ? { recoveryCode: second.data } : { code: second.data },
        ).then(onVerified, (failure: unknown) => {
          setBusy(false);
          const outcome = codeFailure(failure);
          if ('restart' in outcome) onRestart(outcome.restart);
          else setError(outcome.error);
        });
      }}
    >
      {recovery ? (
        <TextField
          label={t.recoveryCode}
          name="recoveryCode"
          autoComplete="off"
          required
          value={recoveryCode}
          error={error !== null}
          onChange={(event) => setRecoveryCode(event.target.value)}
        />
      ) : (
        <CodeField value={code} onChange={setCode} error={error !== null} />
      )}
      <SubmitButton loading={busy}>{t.verify}</SubmitButton>
      <Button
        onClick={() => {
          setError(null);
          onToggleRecovery();
        }}
      >
        {recovery ? t.useCode : t.useRecovery}
      </Button>
      <Button onClick={() => onRestart(null)}>{t.back}</Button>
    </SignInCard>
  );
}
