import DownloadIcon from '@mui/icons-material/Download';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { StatusCard } from '../../components/status-card';
import { Link as RouterLink } from 'react-router';
import type { LabSortOrder } from '../../gql/graphql';
import { useAlerts } from '../../components/alerts/alert-context';
import { useCustomerQuery } from '../../lib/customer/use-customer';
import { formatDate } from '../../lib/format';
import { PATHS } from '../../lib/routes';
import { useTreatmentRecordsLive } from '../../lib/treatment/use-treatment-records-live';
import { labTitle } from './lab-title';
import { useDownloadLabResult } from './use-download-lab-result';
import { useLabOrders, type LabOrder } from './use-lab-orders';
import { AccountBreadcrumbs } from '../../components/account-breadcrumbs';

function LabSkeletons() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} aria-busy="true" aria-label={t('labs.loading')}>
      {[0, 1, 2].map((i) => (
        <Card key={i}>
          <CardContent sx={{ p: { xs: 2, sm: 3 }, display: 'flex', gap: 2, alignItems: 'center' }}>
            <Skeleton variant="rounded" width={48} height={48} />
            <Box sx={{ flex: 1 }}>
              <Skeleton variant="text" width="50%" height={28} />
              <Skeleton variant="text" width="70%" />
            </Box>
            <Skeleton variant="rounded" width={120} height={44} />
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

function LabCard({
  lab,
  timeZone,
  busy,
  onDownload,
}: {
  lab: LabOrder;
  timeZone: string | null | undefined;
  busy: boolean;
  onDownload: (fileName: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const fileName = lab.document?.file_name;
  const title = fileName ? labTitle(fileName) : t('labs.fallbackName');
  const { order } = lab;
  const facts = [
    order.received_at
      ? t('labs.received', { date: formatDate(order.received_at, 'date', timeZone) })
      : t('labs.awaiting'),
    t('labs.ordered', { date: formatDate(order.ordered_at, 'date', timeZone) }),
    order.provider ? t('labs.orderedBy', { name: order.provider.display_name }) : null,
  ].filter(Boolean);
  return (
    <Card component="article" aria-labelledby={titleId}>
      <CardContent
        sx={{
          p: { xs: 2, sm: 3 },
          display: 'flex',
          gap: 2,
          alignItems: 'center',
          flexWrap: 'wrap',
        }}
      >
        <Box
          aria-hidden
          sx={{
            width: 48,
            height: 48,
            borderRadius: 2,
            bgcolor: 'primary.light',
            color: 'primary.main',
            display: 'grid',
            placeItems: 'center',
            flex: 'none',
          }}
        >
          <ScienceOutlinedIcon />
        </Box>
        <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
          <Typography id={titleId} variant="h3" component="h2">
            {title}
          </Typography>
          {order.treatment ? (
            <Typography variant="body2" color="text.secondary">
              {order.treatment.display_name}
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            {facts.join(' · ')}
          </Typography>
        </Box>
        {fileName ? (
          <Button
            variant="contained"
            onClick={() => onDownload(fileName)}
            disabled={busy}
            startIcon={
              busy ? (
                <CircularProgress size={18} color="inherit" aria-hidden />
              ) : (
                <DownloadIcon aria-hidden />
              )
            }
            aria-label={t('labs.downloadLabel', { name: title })}
            sx={{ flex: { xs: '1 1 100%', sm: 'none' } }}
          >
            {t('labs.download')}
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** Spec 02 §2 /labs: lab results sorted Newest or Oldest, one download button per lab. */
export function LabsScreen() {
  const { t } = useTranslation();
  const [sort, setSort] = useState<LabSortOrder>('newest');
  const labs = useLabOrders(sort);
  const timeZone = useCustomerQuery().data?.time_zone;
  const download = useDownloadLabResult();
  const { showAlert } = useAlerts();
  useTreatmentRecordsLive();
  // Spec 02 §8: the lab list is the customer's lab orders, so a failed list is C106 (cannot
  // load order history); C105 is the download's code alone.
  useEffect(() => {
    if (labs.isError) showAlert({ code: 'C106' });
  }, [labs.isError, showAlert]);

  const list = labs.data;
  const downloading = download.isPending ? download.variables : null;
  const onDownload = (fileName: string) =>
    download.mutate(fileName, { onError: () => showAlert({ code: 'C105' }) });

  return (
    <>
      <AccountBreadcrumbs current={t('labs.title')} />
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('labs.title')}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 2,
          flexWrap: 'wrap',
          mb: 3,
        }}
      >
        <Typography color="text.secondary">{t('labs.intro')}</Typography>
        {list && list.length > 1 ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography id="labs-sort-label" variant="body2" color="text.secondary">
              {t('labs.sortLabel')}
            </Typography>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={sort}
              onChange={(_e, value: LabSortOrder | null) => value && setSort(value)}
              aria-labelledby="labs-sort-label"
            >
              <ToggleButton value="newest">{t('labs.sort.newest')}</ToggleButton>
              <ToggleButton value="oldest">{t('labs.sort.oldest')}</ToggleButton>
            </ToggleButtonGroup>
          </Box>
        ) : null}
      </Box>
      {labs.isPending ? <LabSkeletons /> : null}
      {labs.isError && !list ? (
        <StatusCard
          title={t('labs.errorTitle')}
          action={
            <Button variant="outlined" onClick={() => void labs.refetch()}>
              {t('labs.retry')}
            </Button>
          }
        />
      ) : null}
      {list && list.length === 0 ? (
        <StatusCard
          icon={<ScienceOutlinedIcon color="primary" sx={{ fontSize: 40, mb: 1 }} aria-hidden />}
          message={t('labs.empty')}
          action={
            <Button variant="contained" component={RouterLink} to={PATHS.home}>
              {t('labs.emptyAction')}
            </Button>
          }
        />
      ) : null}
      {list && list.length > 0 ? (
        <Stack spacing={2} aria-busy={labs.isPlaceholderData ? 'true' : undefined}>
          {list.map((lab) => (
            <LabCard
              key={lab.lab_order_id}
              lab={lab}
              timeZone={timeZone}
              busy={downloading !== null && downloading === lab.document?.file_name}
              onDownload={onDownload}
            />
          ))}
        </Stack>
      ) : null}
    </>
  );
}
