import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from '../../lib/i18n-react';

/** Shaped like the home content: a heading, a banner card and two module cards. */
export function ShellSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-label={t('common.loading')} aria-busy="true">
      <Skeleton variant="text" width="40%" height={48} />
      <Skeleton variant="rounded" height={120} sx={{ my: 2, borderRadius: 3 }} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <Skeleton variant="rounded" height={160} sx={{ borderRadius: 3 }} />
        <Skeleton variant="rounded" height={160} sx={{ borderRadius: 3 }} />
      </Box>
    </Box>
  );
}
