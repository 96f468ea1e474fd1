import TextField from '@mui/material/TextField';
import { StaffApiError } from '../api/http';
import { strings } from '../strings';

const t = strings.signIn;

/** The authenticator's 6-digit code: numeric keyboard, and the browser's one-time-code fill. */
export function CodeField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: boolean;
}) {
  return (
    <TextField
      label={t.code}
      name="code"
      autoComplete="one-time-code"
      required
      value={value}
      error={error}
      helperText={t.codeHelp}
      onChange={(event) => onChange(event.target.value.replace(/\s/g, '').slice(0, 6))}
      slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 } }}
    />
  );
}

export type CodeOutcome = { error: string } | { restart: string };

/** What a refused second factor means for the person: try again, or start over. */
export function codeFailure(error: unknown): CodeOutcome {
  if (error instanceof StaffApiError) {
    if (error.code === 'challenge-expired' || error.status === 401) {
      return { restart: t.challengeExpired };
    }
    if (error.code === 'invalid-code' || error.status === 400) return { error: t.invalidCode };
    if (error.status === 429) return { error: t.limited };
    if (error.code === 'network') return { error: strings.networkError };
  }
  return { error: strings.genericError };
}
