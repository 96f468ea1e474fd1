import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../lib/format';
import type { Prescription } from '../../lib/treatment/use-prescriptions';
import type { CurrentRunway } from './current-runway';
import { MedicationRunway } from './medication-runway';
import { prescriptionName } from './prescription-name';
import { RX_DETAILS_PATH, type RxDetailsState } from './rx-details-state';
import { StatusChip } from './status-chip';
import { TrackerOrNote } from './tracker-or-note';

/** One prescription on /prescriptions: its status, the tracker card and the medication runway. */
export function PrescriptionCard({
  prescription,
  timeZone,
  runway,
}: {
  prescription: Prescription;
  timeZone: string | null | undefined;
  /** Set on the one prescription whose supply is in use (see currentRunway). */
  runway: CurrentRunway | null;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const name = prescriptionName(prescription) ?? t('prescriptions.fallbackName');
  const kits = prescription.kit_snapshots.map((k) => k.kit_name).join(' · ');
  const state: RxDetailsState = { prescription };
  return (
    <Card component="article" aria-labelledby={titleId} data-prescription={prescription.id}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
            <Typography id={titleId} variant="h3" component="h2">
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {[
                prescription.treatment?.display_name,
                t('prescriptions.writtenOn', {
                  date: formatDate(prescription.created_at, 'date', timeZone),
                }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            {kits ? (
              <Typography variant="body2" color="text.secondary">
                {kits}
              </Typography>
            ) : null}
          </Box>
          <StatusChip status={prescription.status.name} />
        </Box>
        <TrackerOrNote prescription={prescription} timeZone={timeZone} />
        {prescription.runway && runway?.prescriptionId === prescription.id ? (
          <MedicationRunway runway={prescription.runway} refillInFlight={runway.refillInFlight} />
        ) : null}
        <Box>
          <Button
            variant="contained"
            component={RouterLink}
            to={RX_DETAILS_PATH}
            state={state}
            endIcon={<ChevronRightIcon aria-hidden />}
            aria-label={t('prescriptions.viewDetailsOf', { name })}
          >
            {t('prescriptions.viewDetails')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
