import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { SubmitButton } from '../../components/submit-button';
import { signIn } from '../api/auth';
import { StaffApiError } from '../api/http';
import { useCare } from '../api/services';
import type { SignInAnswer } from '../api/types';
import { strings } from '../strings';
import { SignInCard } from './sign-in-card';

const t = strings.signIn;

function passwordError(error: unknown): string {
  if (error instanceof StaffApiError) {
    if (error.status === 401) return t.wrongCredentials;
    if (error.status === 429) return t.limited;
    if (error.status === 400) return t.invalidInput;
    if (error.code === 'network') return strings.networkError;
  }
  return strings.genericError;
}

export function PasswordStep({
  notice,
  onAccepted,
}: {
  notice: string | null;
  onAccepted: (answer: SignInAnswer) => void;
}) {
  const { api } = useCare();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  return (
    <SignInCard
      title={t.title}
      intro={t.intro}
      error={error}
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        if (!email.trim() || !password) {
          setError(t.invalidInput);
          return;
        }
        setBusy(true);
        setError(null);
        signIn(api, email.trim(), password).then(
          (answer) => {
            setBusy(false);
            onAccepted(answer);
          },
          (failure: unknown) => {
            setBusy(false);
            setError(passwordError(failure));
          },
        );
      }}
    >
      {notice && <Alert severity="info">{notice}</Alert>}
      <TextField
        label={t.email}
        name="email"
        type="email"
        autoComplete="username"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        label={t.password}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <SubmitButton loading={busy}>{t.submit}</SubmitButton>
    </SignInCard>
  );
}
