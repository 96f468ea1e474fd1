import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { useServedVersionChange } from '../../lib/version/use-version-check';

/** Spec 01 §2, §4: a newer version is served; offer Refresh and Dismiss. */
export function UpdateBanner() {
  const { t } = useTranslation();
  const served = useServedVersionChange();
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!served || dismissed === served) return null;
  return (
    <Box
      role="region"
      aria-label={t('update.label')}
      sx={{
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        px: { xs: 2, sm: 3 },
        py: 1,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 1.5,
      }}
    >
      <SystemUpdateAltIcon aria-hidden />
      <Typography component="p" sx={{ fontWeight: 500 }}>
        {t('update.message')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button
          variant="contained"
          size="small"
          onClick={() => window.location.reload()}
          sx={{
            bgcolor: 'common.white',
            color: 'primary.main',
            '&:hover': { bgcolor: 'grey.100' },
          }}
        >
          {t('update.refresh')}
        </Button>
        <Button
          size="small"
          onClick={() => setDismissed(served)}
          sx={{ color: 'inherit', textDecoration: 'underline' }}
        >
          {t('update.dismiss')}
        </Button>
      </Box>
    </Box>
  );
}
