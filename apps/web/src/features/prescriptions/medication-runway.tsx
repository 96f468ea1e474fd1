import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { formatCalendarDate } from '../../lib/format';
import type { Prescription } from '../../lib/treatment/use-prescriptions';

type Runway = NonNullable<Prescription['runway']>;

/**
 * Doses left at the prescribed weekly dose and the day the refill must ship (the server's
 * reading of the domain's runway; calendar dates, so no zone shift).
 */
export function MedicationRunway({
  runway,
  refillInFlight,
}: {
  runway: Runway;
  refillInFlight: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const percent = runway.doses_total > 0 ? (runway.doses_left / runway.doses_total) * 100 : 0;
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'grid', gap: 1 }}>
      <Typography id={titleId} variant="h4" component="h3">
        {t('prescriptions.runway.title')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700, fontSize: '1.125rem' }}>
          {t('prescriptions.runway.dosesLeft', { count: runway.doses_left })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('prescriptions.runway.ofTotal', { total: runway.doses_total })}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={runway.refill_urgent && !refillInFlight ? 'warning' : 'primary'}
        aria-label={t('prescriptions.runway.progressLabel', {
          left: runway.doses_left,
          total: runway.doses_total,
        })}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="body2">
        {t('prescriptions.runway.runsOut', { date: formatCalendarDate(runway.runs_out_on) })}{' '}
        {refillInFlight
          ? t('prescriptions.runway.refillInFlight')
          : t('prescriptions.runway.mustShipBy', {
              date: formatCalendarDate(runway.refill_must_ship_by),
            })}
      </Typography>
      {runway.refill_urgent && !refillInFlight ? (
        <Alert severity="warning">{t('prescriptions.runway.urgent')}</Alert>
      ) : null}
    </Box>
  );
}
