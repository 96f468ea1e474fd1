import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { totpCodeSchema } from '@portal/domain';
import { useState } from 'react';
import { SubmitButton } from '../../components/submit-button';
import { enroll } from '../api/auth';
import { useCare } from '../api/services';
import type { EnrollAnswer } from '../api/types';
import { strings } from '../strings';
import { CodeField, codeFailure } from './code-field';
import { svgDataUrl } from './sign-in-state';
import { SignInCard } from './sign-in-card';

const t = strings.signIn;

export function EnrollStep({
  challenge,
  secret,
  qrSvg,
  onEnrolled,
  onRestart,
}: {
  challenge: string;
  secret: string;
  qrSvg: string;
  onEnrolled: (answer: EnrollAnswer) => void;
  onRestart: (notice: string | null) => void;
}) {
  const { api } = useCare();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  return (
    <SignInCard
      title={t.enrollTitle}
      intro={t.enrollIntro}
      error={error}
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        const parsed = totpCodeSchema.safeParse(code);
        if (!parsed.success) {
          setError(t.codeFormat);
          return;
        }
        setBusy(true);
        setError(null);
        enroll(api, challenge, parsed.data).then(onEnrolled, (failure: unknown) => {
          setBusy(false);
          const outcome = codeFailure(failure);
          if ('restart' in outcome) onRestart(outcome.restart);
          else setError(outcome.error);
        });
      }}
    >
      <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1 }}>
        <Box
          component="img"
          src={svgDataUrl(qrSvg)}
          alt={t.qrAlt}
          sx={{ width: 200, height: 200, bgcolor: '#fff', p: 1, borderRadius: 1 }}
        />
        <Typography variant="body2" color="text.secondary">
          {t.manualSecret}
        </Typography>
        <Typography
          component="code"
          data-testid="totp-secret"
          sx={{
            fontFamily: 'monospace',
            fontSize: '1rem',
            letterSpacing: '0.08em',
            wordBreak: 'break-all',
            textAlign: 'center',
            bgcolor: 'grey.100',
            px: 1.5,
            py: 0.5,
            borderRadius: 1,
          }}
        >
          {secret}
        </Typography>
      </Box>
      <CodeField value={code} onChange={setCode} error={error !== null} />
      <SubmitButton loading={busy}>{t.verify}</SubmitButton>
      <Button onClick={() => onRestart(null)}>{t.back}</Button>
    </SignInCard>
  );
}
