import Box from '@mui/material/Box';
import { useTranslation } from '../../lib/i18n-react';

/** The portal's mark and name; the text carries the meaning, the mark is decorative. */
export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <Box
        component="svg"
        viewBox="0 0 32 32"
        aria-hidden
        sx={{ width: 32, height: 32, flex: 'none' }}
      >
        <rect width="32" height="32" rx="8" fill="#0b5c7a" />
        <path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" fill="#fff" />
      </Box>
      <Box
        component="span"
        sx={{
          fontWeight: 700,
          fontSize: '1.125rem',
          color: 'text.primary',
          display: compact ? { xs: 'none', sm: 'inline' } : 'inline',
        }}
      >
        {t('app.name')}
      </Box>
    </Box>
  );
}
