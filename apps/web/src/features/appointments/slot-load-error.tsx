import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n-react';
import { errorCodeOf } from '../../lib/api/error-code';

/** The slot search failed: its catalogue message (T100/T101) and a retry, in both dialogs. */
export function SlotLoadError({
  error,
  onRetry,
  sx,
}: {
  error: unknown;
  onRetry: () => void;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={sx}>
      <Typography sx={{ mb: 1 }}>
        {t(`errors.${errorCodeOf(error, ['T100', 'T101'], 'T100')}`)}
      </Typography>
      <Button variant="outlined" onClick={onRetry}>
        {t('appointments.retry')}
      </Button>
    </Box>
  );
}
