import { FEATURE_FLAGS, greetingName, hasActiveSubscription } from '@portal/domain';
import { useBooleanFlagValue } from '@openfeature/react-sdk';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../lib/i18n-react';
import { ErrorScreen } from '../../components/error-screen';
import { useAppointmentPresence } from '../../lib/appointments/use-has-appointments';
import { useCustomerQuery } from '../../lib/customer/use-customer';
import { useShownNotifications } from '../../lib/notifications/use-shown-notifications';
import { useReferralEligibility } from '../../lib/referrals/use-referral-eligibility';
import { useServices } from '../../lib/services';
import { readGreetingIndex } from '../../lib/session/greeting';
import { useFirstVisit } from './first-visit';
import { orderHomeModules } from './home-modules';
import { HomeTour } from './home-tour';
import { MessagingCard } from './messaging-card';
import { ModuleCard } from './module-cards';
import { useCheckInDue } from '../../lib/check-in/use-check-in-due';
import { homeNextStep } from './next-step';
import { NextStepCard } from './next-step-card';
import { NotificationCards } from './notification-cards';
import { FlaggedAlerts, HealthCoachCard } from './promo-cards';
import { BulkSupplyCard } from '../../components/bulk-supply-card';
import { CorporateHealthNotice } from '../../components/corporate-health-notice';
import { useCorporateHealth } from '../../lib/customer/use-corporate-health';
import { useSduiHomeModules } from './use-sdui-home-modules';
import { WeightHomeEffects } from './weight-home-effects';

function WelcomeBanner({ firstVisit }: { firstVisit: boolean }) {
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
          {firstVisit
            ? t('home.firstVisitLine')
            : t(`home.greetings.${readGreetingIndex(storage)}`)}
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

/**
 * Home (spec 01 §2): greeting, the one next step of a customer not yet in care, messages,
 * notifications, calls to action and modules. The regulation and plan-expiration banners sit
 * in the shell's layout, above every page.
 */
export function HomeScreen() {
  const { t } = useTranslation();
  const customer = useCustomerQuery().data;
  const messaging = useBooleanFlagValue(FEATURE_FLAGS.oneWayMessaging, false);
  const corporate = useCorporateHealth() === true;
  const referrals = useReferralEligibility();
  const notifications = useShownNotifications();
  const sdui = useSduiHomeModules();
  const appointments = useAppointmentPresence();
  const firstVisit = useFirstVisit(customer ?? undefined);

  const subscriptions = customer?.subscriptions ?? [];
  const hasActiveTreatment = hasActiveSubscription(subscriptions);
  const checkInDue = useCheckInDue(hasActiveTreatment);
  const loading = notifications.isPending || sdui.isPending || appointments.isPending;
  const failed = notifications.isError && sdui.isError;
  const modules = orderHomeModules(sdui.data, {
    hasTreatmentHistory: subscriptions.length > 0,
    hasAppointments: appointments.data?.hasAppointments ?? false,
    // Weight tracking is for customers in active care; the weight area (spec 02) refines it.
    weightTrackerAllowed: hasActiveTreatment,
    referralEligible: referrals.eligible,
  });
  // Without the appointment read there is no telling which step is next; none is shown.
  const nextStep = appointments.data
    ? homeNextStep({
        hasActiveTreatment,
        intakeNeeded: appointments.data.intakeNeeded,
        hasAppointments: appointments.data.hasAppointments,
        checkInDue,
      })
    : null;
  const retry = () => {
    void notifications.refetch();
    void sdui.refetch();
    void appointments.refetch();
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <WelcomeBanner firstVisit={firstVisit} />
      <WeightHomeEffects />
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
          {nextStep && <NextStepCard step={nextStep} />}
          <FlaggedAlerts />
          {corporate ? <CorporateHealthNotice /> : null}
          <BulkSupplyCard />
          {messaging && <MessagingCard />}
          <NotificationCards
            notifications={notifications.data ?? []}
            messagesCardShown={messaging}
          />
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
