import { holdTimeLeft } from '@portal/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import { useEffect } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { useNow } from './use-now';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** "4:32": minutes and seconds left. */
export function formatTimeLeft(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

interface Props {
  expiresAt: Date;
  /** Back to the times, once the hold has lapsed. */
  onPickAgain: () => void;
  onExpire?: () => void;
}

/**
 * Issue 43: how long the picked time stays held. The visible countdown ticks every second; a
 * screen reader hears the polite live region, whose text changes once a minute (and once when
 * the hold ends), so it is not interrupted every second.
 */
export function HoldCountdown({ expiresAt, onPickAgain, onExpire }: Props) {
  const { t } = useTranslation();
  const now = useNow(1_000);
  const { seconds, minutes } = holdTimeLeft(expiresAt, now);
  const expired = seconds === 0;
  useEffect(() => {
    if (expired) onExpire?.();
  }, [expired, onExpire]);
  return (
    <Box sx={{ mb: 2 }}>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {expired
          ? t('appointments.hold.expired')
          : t('appointments.hold.heldForMinutes', { count: minutes })}
      </Box>
      {expired ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={onPickAgain}>
              {t('appointments.hold.pickAgain')}
            </Button>
          }
        >
          {t('appointments.hold.expired')}
        </Alert>
      ) : (
        <Typography
          aria-hidden
          color="text.secondary"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, fontVariantNumeric: 'tabular-nums' }}
        >
          <TimerOutlinedIcon fontSize="small" />
          {t('appointments.hold.heldFor', { time: formatTimeLeft(seconds) })}
        </Typography>
      )}
    </Box>
  );
}
