import AddIcon from '@mui/icons-material/Add';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { Link as RouterLink } from 'react-router';
import { useAlerts } from '../../components/alerts/alert-context';
import { appointmentTabs } from '../../lib/appointments/appointment-tabs';
import { useAppointments } from '../../lib/appointments/use-appointments';
import { EXTERNAL_LINKS } from '../../lib/links';
import { PATHS } from '../../lib/routes';
import { AppointmentCard } from './appointment-card';
import { useDisplayTimeZone, useDisplayTimeZoneQuery } from './display-time-zone';
import { TimeZoneSelect } from './time-zone-select';
import { useActiveTreatments } from './use-active-treatments';
import { useNow } from './use-now';

type TabKey = 'upcoming' | 'past';

function EmptyState({ messageKey, noTreatments }: { messageKey: string; noTreatments: boolean }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardContent sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
        <EventAvailableOutlinedIcon color="primary" sx={{ fontSize: 40, mb: 1 }} aria-hidden />
        <Typography sx={{ mb: 2 }}>{t(messageKey)}</Typography>
        {noTreatments ? (
          <Button variant="contained" href={EXTERNAL_LINKS.treatments}>
            {t('appointments.empty.subscribe')}
          </Button>
        ) : (
          <Button variant="contained" component={RouterLink} to={PATHS.bookAppointment}>
            {t('appointments.book')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function CardSkeletons() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} aria-busy="true" aria-label={t('appointments.loading')}>
      {[0, 1].map((i) => (
        <Card key={i}>
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Skeleton variant="text" width="40%" height={32} />
            <Skeleton variant="text" width="30%" />
            <Skeleton variant="text" width="50%" />
            <Box sx={{ display: 'flex', gap: 1, mt: 2 }}>
              <Skeleton variant="rounded" width={140} height={36} />
              <Skeleton variant="rounded" width={140} height={36} />
            </Box>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/** Spec 01 §2, §4: /appointments with Upcoming and Past tabs; async visits listed apart. */
export function AppointmentsScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabKey>('upcoming');
  const now = useNow();
  const appointments = useAppointments();
  const treatments = useActiveTreatments();
  // Issue 43: the one zone (the device's until the customer chooses), as mails and files use.
  const [timeZone, setTimeZone] = useDisplayTimeZone();
  const { showAlert } = useAlerts();
  useEffect(() => {
    if (appointments.isError) showAlert({ code: 'A100' });
  }, [appointments.isError, showAlert]);

  // The server splits by its clock; re-classify by ours so a visit moves to Past (and its
  // join button goes) while the page stays open. Async visits go by the same rule, each
  // under its own tab.
  const tabs = useMemo(() => {
    const data = appointments.data;
    if (!data) return null;
    return appointmentTabs([...data.upcoming, ...data.previous, ...data.async], now);
  }, [appointments.data, now]);

  // The zone is known before the cards show, so their times do not jump (issue 43).
  const zoneLoading = useDisplayTimeZoneQuery().isLoading;
  const loading = appointments.isPending || treatments.isPending || zoneLoading;
  const noTreatments = (treatments.data?.length ?? 0) === 0;
  const none = tabs?.none ?? false;
  const lists = tabs ? (tab === 'upcoming' ? tabs.upcoming : tabs.past) : null;
  const shown = lists?.visits ?? [];
  const shownAsync = lists?.async ?? [];

  let emptyKey: string | null = null;
  if (lists && !shown.length && !shownAsync.length) {
    if (none && noTreatments) emptyKey = 'appointments.empty.noTreatments';
    else if (none) emptyKey = 'appointments.empty.all';
    else emptyKey = tab === 'upcoming' ? 'appointments.empty.upcoming' : 'appointments.empty.past';
  }

  return (
    <>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          gap: 2,
          flexWrap: 'wrap',
          mb: 2,
        }}
      >
        <Typography variant="h1">{t('appointments.title')}</Typography>
        {!noTreatments ? (
          <Button
            variant="contained"
            startIcon={<AddIcon aria-hidden />}
            component={RouterLink}
            to={PATHS.bookAppointment}
          >
            {t('appointments.book')}
          </Button>
        ) : null}
      </Box>
      {shown.length ? (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 2 }}>
          <TimeZoneSelect timeZone={timeZone} onChange={setTimeZone} at={shown[0]?.start ?? now} />
        </Box>
      ) : null}
      <Tabs
        value={tab}
        onChange={(_e, value: TabKey) => setTab(value)}
        aria-label={t('appointments.tabsLabel')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          value="upcoming"
          label={t('appointments.tabs.upcoming')}
          id="appointments-tab-upcoming"
          aria-controls="appointments-panel"
        />
        <Tab
          value="past"
          label={t('appointments.tabs.past')}
          id="appointments-tab-past"
          aria-controls="appointments-panel"
        />
      </Tabs>
      <Box role="tabpanel" id="appointments-panel" aria-labelledby={`appointments-tab-${tab}`}>
        {loading ? <CardSkeletons /> : null}
        {appointments.isError ? (
          <Card>
            <CardContent sx={{ textAlign: 'center' }}>
              <Typography sx={{ mb: 2 }}>{t('errors.A100')}</Typography>
              <Button variant="outlined" onClick={() => void appointments.refetch()}>
                {t('appointments.retry')}
              </Button>
            </CardContent>
          </Card>
        ) : null}
        {!loading && emptyKey ? (
          <EmptyState messageKey={emptyKey} noTreatments={Boolean(none && noTreatments)} />
        ) : null}
        {!loading && shown.length ? (
          <Stack spacing={2}>
            {shown.map((appointment) => (
              <AppointmentCard
                key={appointment.id}
                appointment={appointment}
                now={now}
                timeZone={timeZone}
                actions={tab === 'upcoming'}
                headingLevel="h2"
              />
            ))}
          </Stack>
        ) : null}
        {!loading && shownAsync.length ? (
          <Box
            component="section"
            aria-labelledby="async-visits-heading"
            sx={{ mt: shown.length ? 4 : 0 }}
          >
            <Typography id="async-visits-heading" variant="h2" sx={{ mb: 1 }}>
              {t('appointments.async.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('appointments.async.body')}
            </Typography>
            <Stack spacing={2}>
              {shownAsync.map((appointment) => (
                <AppointmentCard
                  key={appointment.id}
                  appointment={appointment}
                  now={now}
                  timeZone={timeZone}
                  actions={false}
                />
              ))}
            </Stack>
          </Box>
        ) : null}
      </Box>
    </>
  );
}
