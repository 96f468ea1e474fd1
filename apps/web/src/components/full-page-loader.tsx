import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

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
