import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { Navigate, Link as RouterLink, useLocation } from 'react-router';
import { useCustomerQuery } from '../../lib/customer/use-customer';
import { formatCalendarDate, formatDate } from '../../lib/format';
import { PATHS } from '../../lib/routes';
import { usePrescriptions, type Prescription } from '../../lib/treatment/use-prescriptions';
import { useTreatmentRecordsLive } from '../../lib/treatment/use-treatment-records-live';
import { currentRunway, type CurrentRunway } from './current-runway';
import { MedicationRunway } from './medication-runway';
import { prescriptionName } from './prescription-name';
import { DosingInstructions, KitList } from './rx-kits';
import { RxResources } from './rx-resources';
import { useDosingGuideSwap } from './use-dosing-guide-swap';
import { handedOverPrescription } from './rx-details-state';
import { StatusChip } from './status-chip';
import { TrackerOrNote } from './tracker-or-note';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={id} variant="h3" component="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function DetailRow({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: 0.5 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 500 }}>
        {value}
      </Typography>
    </Box>
  );
}

function RxDetails({
  prescription,
  runway,
}: {
  prescription: Prescription;
  runway: CurrentRunway | null;
}) {
  const { t } = useTranslation();
  const timeZone = useCustomerQuery().data?.time_zone;
  const localGuide = useDosingGuideSwap(prescription.treatment?.id);
  const name = prescriptionName(prescription) ?? t('prescriptions.fallbackName');
  const medications = prescription.kit_snapshots.filter((k) => k.internal_type !== 'supply');
  const supplies = prescription.kit_snapshots.filter((k) => k.internal_type === 'supply');
  const notGiven = t('prescriptions.details.notGiven');
  return (
    <>
      <Button
        component={RouterLink}
        to={PATHS.prescriptions}
        startIcon={<ArrowBackIcon aria-hidden />}
        sx={{ mb: 1, ml: -1.5 }}
      >
        {t('prescriptions.details.back')}
      </Button>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
        <Typography variant="h1">{name}</Typography>
        <StatusChip status={prescription.status.name} />
      </Box>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {[
          prescription.treatment?.display_name,
          t('prescriptions.writtenOn', {
            date: formatDate(prescription.created_at, 'date', timeZone),
          }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 2 }}>
          <TrackerOrNote prescription={prescription} timeZone={timeZone} headingLevel="h2" />
          <Section title={t('prescriptions.details.items')}>
            <KitList kits={prescription.kit_snapshots} />
          </Section>
          <Section title={t('prescriptions.details.dosing')}>
            <DosingInstructions kits={medications} />
          </Section>
          {prescription.runway && runway?.prescriptionId === prescription.id ? (
            <Card>
              <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
                <MedicationRunway
                  runway={prescription.runway}
                  refillInFlight={runway.refillInFlight}
                />
              </CardContent>
            </Card>
          ) : null}
        </Box>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Accordion
            disableGutters
            variant="outlined"
            sx={{ borderRadius: 3, '&::before': { display: 'none' } }}
          >
            <AccordionSummary
              expandIcon={<ExpandMoreIcon aria-hidden />}
              id="rx-details-summary"
              aria-controls="rx-details-panel"
              sx={{ px: { xs: 2, sm: 3 } }}
            >
              <Typography component="h2" variant="h3">
                {t('prescriptions.details.accordion')}
              </Typography>
            </AccordionSummary>
            <AccordionDetails id="rx-details-panel" sx={{ px: { xs: 2, sm: 3 }, pb: 3 }}>
              <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5 }}>
                <DetailRow
                  label={t('prescriptions.details.patient')}
                  value={prescription.customer.full_name}
                />
                <DetailRow
                  label={t('prescriptions.details.dob')}
                  value={
                    prescription.customer.dob
                      ? formatCalendarDate(prescription.customer.dob)
                      : notGiven
                  }
                />
                <DetailRow
                  label={t('prescriptions.details.provider')}
                  value={prescription.provider?.display_name ?? notGiven}
                />
              </Box>
            </AccordionDetails>
          </Accordion>
          <Section title={t('prescriptions.details.supplies')}>
            {supplies.length ? (
              <KitList kits={supplies} />
            ) : (
              <Typography color="text.secondary">
                {t('prescriptions.details.noSupplies')}
              </Typography>
            )}
          </Section>
          <Section title={t('prescriptions.details.resources')}>
            <RxResources assets={prescription.media_assets} localGuide={localGuide} />
          </Section>
        </Box>
      </Box>
    </>
  );
}

/**
 * Spec 02 §2 /rx-details: the prescription handed over from the list (without it, back to
 * /prescriptions), kept current from the prescriptions read while the page is open.
 */
export function RxDetailsScreen() {
  const location = useLocation() as { state: unknown };
  const handed = handedOverPrescription(location.state);
  const prescriptions = usePrescriptions();
  useTreatmentRecordsLive();
  if (!handed) return <Navigate to={PATHS.prescriptions} replace />;
  const list = prescriptions.data;
  const current = list?.find((p) => p.id === handed.id) ?? handed;
  return <RxDetails prescription={current} runway={currentRunway(list ?? [current])} />;
}
