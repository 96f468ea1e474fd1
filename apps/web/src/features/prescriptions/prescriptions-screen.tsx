import MedicationOutlinedIcon from '@mui/icons-material/MedicationOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { StatusCard } from '../../components/status-card';
import { Link as RouterLink } from 'react-router';
import { useAlerts } from '../../components/alerts/alert-context';
import { useCustomerQuery } from '../../lib/customer/use-customer';
import { PATHS } from '../../lib/routes';
import { usePrescriptions } from '../../lib/treatment/use-prescriptions';
import { useTreatmentRecordsLive } from '../../lib/treatment/use-treatment-records-live';
import { currentRunway } from './current-runway';
import { PrescriptionCard } from './prescription-card';
import { BulkSupplyCard } from '../../components/bulk-supply-card';
import { CheckInCard } from '../../components/check-in-card';
import { useCheckInOffer } from '../../lib/check-in/use-check-in-due';

function CardSkeletons() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} aria-busy="true" aria-label={t('prescriptions.loading')}>
      {[0, 1].map((i) => (
        <Card key={i}>
          <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
              <Box sx={{ flex: 1 }}>
                <Skeleton variant="text" width="55%" height={32} />
                <Skeleton variant="text" width="35%" />
              </Box>
              <Skeleton variant="rounded" width={88} height={24} />
            </Box>
            <Skeleton variant="rounded" height={150} />
            <Skeleton variant="rounded" width={150} height={44} />
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/** Spec 02 §2 /prescriptions: each prescription with its status and a shipping tracker card. */
export function PrescriptionsScreen() {
  const { t } = useTranslation();
  const prescriptions = usePrescriptions();
  const customer = useCustomerQuery();
  const timeZone = customer.data?.time_zone;
  const { showAlert } = useAlerts();
  useTreatmentRecordsLive();
  useEffect(() => {
    if (prescriptions.isError) showAlert({ code: 'P100' });
  }, [prescriptions.isError, showAlert]);

  // Asked for now, beside the list: the list waits for its first answer, so the offer above the
  // list paints with it and nothing moves (issue 46: the card used to arrive later, CLS 0.23).
  const checkIn = useCheckInOffer(prescriptions.data);
  const loaded = prescriptions.data;
  const list = checkIn.settled || loaded?.length === 0 ? loaded : undefined;
  const runway = useMemo(() => (list ? currentRunway(list) : null), [list]);
  return (
    <>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('prescriptions.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('prescriptions.intro')}
      </Typography>
      {prescriptions.isPending || (loaded && !list) ? <CardSkeletons /> : null}
      {prescriptions.isError ? (
        <StatusCard
          title={t('prescriptions.errorTitle')}
          message={t('errors.P100')}
          action={
            <Button variant="outlined" onClick={() => void prescriptions.refetch()}>
              {t('prescriptions.retry')}
            </Button>
          }
        />
      ) : null}
      {list && list.length === 0 ? (
        <StatusCard
          icon={<MedicationOutlinedIcon color="primary" sx={{ fontSize: 40, mb: 1 }} aria-hidden />}
          message={t('prescriptions.empty')}
          action={
            <Button variant="contained" component={RouterLink} to={PATHS.appointments}>
              {t('prescriptions.emptyAction')}
            </Button>
          }
        />
      ) : null}
      {list && list.length > 0 ? (
        <Stack spacing={2}>
          <CheckInCard reason={checkIn.reason} />
          {list.map((prescription) => (
            <PrescriptionCard
              key={prescription.id}
              prescription={prescription}
              timeZone={timeZone}
              runway={runway}
            />
          ))}
          <BulkSupplyCard />
        </Stack>
      ) : null}
    </>
  );
}
