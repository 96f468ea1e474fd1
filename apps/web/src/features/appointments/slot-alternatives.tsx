import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from '../../lib/i18n-react';
import { formatClockWithZone, formatDay } from './format-time';
import type { SlotView } from './use-slots';

interface Props {
  alternatives: readonly SlotView[];
  timeZone: string;
  /** A choice is being held: the buttons wait. */
  busy: boolean;
  onChoose: (slot: SlotView) => void;
  onPickAgain: () => void;
}

/**
 * Issue 43: the time went to someone else; the nearest free times (the same provider's first)
 * as one-click choices that hold the time and go on to the review.
 */
export function SlotAlternatives({ alternatives, timeZone, busy, onChoose, onPickAgain }: Props) {
  const { t } = useTranslation();
  return (
    <Box>
      <Alert severity="info" sx={{ mb: 2 }}>
        {alternatives.length > 0 ? t('appointments.taken.intro') : t('appointments.taken.none')}
      </Alert>
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {alternatives.map((slot) => (
          <li key={`${slot.providerId}-${slot.start.getTime()}`}>
            <Button
              variant="outlined"
              fullWidth
              disabled={busy}
              onClick={() => onChoose(slot)}
              sx={{ justifyContent: 'flex-start', textAlign: 'left' }}
            >
              {t('appointments.taken.choice', {
                day: formatDay(slot.start, timeZone),
                time: formatClockWithZone(slot.start, timeZone),
                provider: slot.providerName,
              })}
            </Button>
          </li>
        ))}
      </Stack>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button onClick={onPickAgain} disabled={busy}>
          {t('appointments.taken.pickAgain')}
        </Button>
      </Box>
    </Box>
  );
}
