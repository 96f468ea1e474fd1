import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from '../lib/i18n-react';

export function FullPageLoader() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ flex: 1, display: 'grid', placeItems: 'center', minHeight: '60vh' }}
    >
      <CircularProgress aria-label={t('common.loading')} />
    </Box>
  );
}
