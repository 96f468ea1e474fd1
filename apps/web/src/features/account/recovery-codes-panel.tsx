import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';

/** Ten recovery codes, shown once (issue 42): a list to copy or write down. */
export function RecoveryCodesPanel({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
    } catch {
      // Without clipboard access the codes stay on screen to be written down.
    }
  };
  return (
    <>
      <Alert severity="warning">{t('account.security.codes.onlyOnce')}</Alert>
      <Typography>{t('account.security.codes.intro')}</Typography>
      <Box
        component="ol"
        aria-label={t('account.security.codes.listLabel')}
        sx={{
          m: 0,
          p: 2,
          pl: 5,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, max-content)' },
          columnGap: 7,
          rowGap: 0.5,
          bgcolor: 'grey.100',
          borderRadius: 2,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace',
          fontSize: 16,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Box>
        <Button variant="outlined" onClick={() => void copy()}>
          {copied ? t('account.security.codes.copied') : t('account.security.codes.copy')}
        </Button>
      </Box>
    </>
  );
}
