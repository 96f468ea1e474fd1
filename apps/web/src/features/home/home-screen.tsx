import { FEATURE_FLAGS, greetingName } from '@portal/domain';
import { useBooleanFlagValue } from '@openfeature/react-sdk';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorScreen } from '../../components/error-screen';
import { useHasAppointments } from '../../lib/appointments/use-has-appointments';
import { useCustomerQuery } from '../../lib/customer/use-customer';
import { useNotificationsQuery } from '../../lib/notifications/use-notifications';
import { useServices } from '../../lib/services';
import { readGreetingIndex } from '../../lib/session/greeting';
import { HomeBanners } from './home-banners';
import { orderHomeModules } from './home-modules';
import { HomeTour } from './home-tour';
import { MessagingCard } from './messaging-card';
import { ModuleCard } from './module-cards';
import { NotificationCards } from './notification-cards';
import { FlaggedAlerts, HealthCoachCard } from './promo-cards';
import { useSduiHomeModules } from './use-sdui-home-modules';

function WelcomeBanner() {
  const { t } = useTranslation();
  const { storage } = useServices();
  const { data: customer } = useCustomerQuery();
  const name = greetingName(customer?.preferred_name, customer?.first_name);
  return (
    <Card
      data-tour="welcome"
      sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', border: 'none' }}
    >
      <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {name ? t('home.welcomeName', { name }) : t('home.welcome')}
        </Typography>
        <Typography sx={{ fontSize: '1.125rem' }}>
          {t(`home.greetings.${readGreetingIndex(storage)}`)}
        </Typography>
      </CardContent>
    </Card>
  );
}

function ModulesSkeleton() {
  const { t } = useTranslation();
  return (
    <Box
      aria-busy="true"
      aria-label={t('home.loading')}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}
    >
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} variant="rounded" height={92} />
      ))}
    </Box>
  );
}

/** Home (spec 01 §2): greeting, messages, notifications, calls to action and modules. */
export function HomeScreen() {
  const { t } = useTranslation();
  const customer = useCustomerQuery().data;
  const messaging = useBooleanFlagValue(FEATURE_FLAGS.oneWayMessaging, false);
  const referralEligible = useBooleanFlagValue(FEATURE_FLAGS.referralProgram, false);
  const notifications = useNotificationsQuery();
  const sdui = useSduiHomeModules();
  const appointments = useHasAppointments();

  const loading = notifications.isPending || sdui.isPending || appointments.isPending;
  const failed = notifications.isError && sdui.isError;
  const modules = orderHomeModules(sdui.data, {
    hasAppointments: appointments.data ?? false,
    // Weight tracking is for customers in active care; the weight area (spec 02) refines it.
    weightTrackerAllowed: (customer?.subscriptions ?? []).some((s) => s.status === 'active'),
    referralEligible,
  });
  const retry = () => {
    void notifications.refetch();
    void sdui.refetch();
    void appointments.refetch();
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <HomeBanners />
      <WelcomeBanner />
      {loading ? (
        <>
          <Skeleton variant="rounded" height={120} />
          <ModulesSkeleton />
        </>
      ) : failed || modules.length === 0 ? (
        <ErrorScreen
          titleKey="home.fallbackTitle"
          actions={
            <Button variant="contained" onClick={retry}>
              {t('home.retry')}
            </Button>
          }
        />
      ) : (
        <>
          <FlaggedAlerts />
          {messaging && <MessagingCard />}
          <NotificationCards notifications={notifications.data ?? []} />
          <HealthCoachCard />
          <Box
            component="section"
            aria-label={t('home.modulesLabel')}
            data-tour="modules"
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}
          >
            {modules.map((module) => (
              <ModuleCard key={module} module={module} />
            ))}
          </Box>
          <HomeTour />
        </>
      )}
    </Box>
  );
}
