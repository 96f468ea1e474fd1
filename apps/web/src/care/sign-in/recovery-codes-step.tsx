import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { strings } from '../strings';
import { SignInCard } from './sign-in-card';

const t = strings.signIn;

/** The recovery codes, shown once: copy or download them, say so, then continue. */
export function RecoveryCodesStep({
  codes,
  onContinue,
}: {
  codes: string[];
  onContinue: () => void;
}) {
  const [saved, setSaved] = useState(false);
  const [status, setStatus] = useState('');
  const text = codes.join('\n');

  return (
    <SignInCard
      title={t.codesTitle}
      intro={t.codesIntro}
      onSubmit={(event) => {
        event.preventDefault();
        if (saved) onContinue();
      }}
    >
      <Box
        component="ol"
        aria-label={t.codesTitle}
        sx={{
          m: 0,
          p: 2,
          pl: 5,
          bgcolor: 'grey.100',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
          columns: { xs: 1, sm: 2 },
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button
          variant="outlined"
          startIcon={<ContentCopyIcon aria-hidden />}
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setStatus(t.copied));
          }}
        >
          {t.copy}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon aria-hidden />}
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text + '\n')}`}
          download="care-console-recovery-codes.txt"
        >
          {t.download}
        </Button>
      </Stack>
      <Box role="status" aria-live="polite" sx={{ minHeight: 0 }}>
        {status}
      </Box>
      <FormControlLabel
        control={<Checkbox checked={saved} onChange={(event) => setSaved(event.target.checked)} />}
        label={t.saved}
      />
      <Button type="submit" variant="contained" size="large" disabled={!saved}>
        {t.continue}
      </Button>
    </SignInCard>
  );
}
