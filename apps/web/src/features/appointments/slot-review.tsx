import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n-react';
import { formatDay, formatVisitTime } from './format-time';
import { HoldCountdown } from './hold-countdown';
import type { SlotView } from './use-slots';

interface Props {
  slot: SlotView;
  timeZone: string;
  treatmentName: string | null;
  confirmLabel: string;
  busy: boolean;
  /** Issue 43: when the time is held for the viewer until then, the countdown shows. */
  heldUntil?: Date | null;
  /** Back to the times (offered once the hold has lapsed). */
  onPickAgain?: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The review step: the chosen time and provider, how long it is held for the viewer (issue
 * 43), with Book (or Reschedule) and Cancel.
 */
export function SlotReview({
  slot,
  timeZone,
  treatmentName,
  confirmLabel,
  busy,
  heldUntil,
  onPickAgain,
  ...actions
}: Props) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('appointments.review.date'), formatDay(slot.start, timeZone)],
    [t('appointments.review.time'), formatVisitTime(slot.start, slot.end, timeZone)],
    [t('appointments.review.provider'), slot.providerName],
  ];
  if (treatmentName) rows.push([t('appointments.review.treatment'), treatmentName]);
  return (
    <Box>
      <Typography sx={{ mb: 2 }}>{t('appointments.review.intro')}</Typography>
      {heldUntil ? (
        <HoldCountdown expiresAt={heldUntil} onPickAgain={onPickAgain ?? actions.onCancel} />
      ) : null}
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: 1, m: 0 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 3, flexWrap: 'wrap' }}>
        <Button onClick={actions.onCancel} disabled={busy}>
          {t('appointments.review.cancel')}
        </Button>
        <Button variant="contained" onClick={actions.onConfirm} loading={busy}>
          {confirmLabel}
        </Button>
      </Box>
    </Box>
  );
}
