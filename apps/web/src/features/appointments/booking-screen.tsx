import {
  bookingBlockReason,
  bulkVialOption,
  canReschedule,
  isExcludedStatus,
} from '@portal/domain';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAlerts } from '../../components/alerts/alert-context';
import { useAppointments } from '../../lib/appointments/use-appointments';
import { useCustomerQuery } from '../../lib/customer/use-customer';
import { type Customer } from '../../lib/customer/customer';
import { PATHS } from '../../lib/routes';
import type { BookingTarget } from './availability-dialog';
import { ContactStep, type TreatmentOption } from './contact-step';
import { lazyComponent } from '../../components/lazy-dialog';
import { useActiveTreatments } from './use-active-treatments';
import { useDisplayTimeZoneQuery } from './display-time-zone';
import { useFollowUp } from './use-follow-up';
import { usePreviousProviders } from './use-previous-providers';
import { useRescheduleRequest } from './use-reschedule-request';
import { BulkBookingNotice } from '../../components/bulk-booking-notice';

/** The customer's state of residence: the shipping address's, else any address's. */
const AvailabilityDialog = lazyComponent(
  () => import('./availability-dialog'),
  'AvailabilityDialog',
);
const BlockingDialog = lazyComponent(() => import('./blocking-dialog'), 'BlockingDialog');
const RescheduleDialog = lazyComponent(() => import('./reschedule-dialog'), 'RescheduleDialog');

function residenceState(customer: Customer): string {
  const addresses = customer.shippingAddresses;
  const shipping = addresses.find((a) => a.address_type === 'SHIPPING') ?? addresses[0];
  return shipping?.state_code ?? '';
}

function ScreenSkeleton() {
  const { t } = useTranslation();
  return (
    <Card aria-busy="true" aria-label={t('appointments.loading')}>
      <CardContent sx={{ p: { xs: 2, sm: 4 } }}>
        <Skeleton variant="text" width="50%" height={36} />
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} variant="text" width="70%" />
        ))}
        <Skeleton variant="rounded" height={40} sx={{ mt: 2 }} />
      </CardContent>
    </Card>
  );
}

/**
 * The bulk order's hand-off (spec 02 §4, §7): /bulk-order step 2 sends `vialCount` (2 to 6),
 * `treatmentShortId` and an optional `subscriptionId`. Anything else is ignored.
 */
function bulkHandOff(params: URLSearchParams) {
  const raw = params.get('vialCount');
  const option = raw && /^\d+$/.test(raw) ? bulkVialOption(Number(raw)) : undefined;
  return {
    vialCount: option?.vials ?? null,
    subscriptionId: option ? params.get('subscriptionId') : null,
    treatmentShortId: params.get('treatmentShortId'),
  };
}

/**
 * /book-appointment (spec 01 §2, §4): the blocking dialogs, then contact details, then the
 * availability dialog; `followUpId` names a follow-up. `rescheduleId` opens the reschedule
 * dialog of the appointment it names: a care team's reschedule request names its appointment
 * (and is marked SCHEDULED once moved); the list's Reschedule button and the blocking dialog
 * name the appointment itself. An id that is neither goes back to the list with A100.
 */
export function BookingScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { showAlert } = useAlerts();
  const [params, setParams] = useSearchParams();
  const rescheduleId = params.get('rescheduleId');
  const followUpId = params.get('followUpId');
  const bulk = bulkHandOff(params);
  const [target, setTarget] = useState<BookingTarget | null>(null);
  const now = useRef(new Date()).current;

  const customer = useCustomerQuery();
  const appointments = useAppointments();
  const treatments = useActiveTreatments();
  const previous = usePreviousProviders();
  const followUp = useFollowUp(followUpId);
  const reschedule = useRescheduleRequest(rescheduleId);
  const all = useMemo(
    () =>
      appointments.data
        ? [...appointments.data.upcoming, ...appointments.data.previous, ...appointments.data.async]
        : undefined,
    [appointments.data],
  );

  const failed = appointments.isError || treatments.isError;
  useEffect(() => {
    if (failed) showAlert({ code: 'A100' });
  }, [failed, showAlert]);

  const toList = () => void navigate(PATHS.appointments);
  const previousProviderIds = useMemo(
    () => (previous.data ?? []).map((p) => p.provider_id),
    [previous.data],
  );

  // Read before the dialog opens, so its times do not jump from one zone to another.
  const zone = useDisplayTimeZoneQuery();
  const loading =
    customer.isPending ||
    zone.isLoading ||
    appointments.isPending ||
    treatments.isPending ||
    (Boolean(followUpId) && followUp.isPending) ||
    (Boolean(rescheduleId) && reschedule.isPending);
  const data = customer.data;
  const state = data ? residenceState(data) : '';
  const customerTimeZone = data?.time_zone ?? null;

  const block = useMemo(
    () =>
      all && treatments.data
        ? bookingBlockReason({
            appointments: all,
            activeTreatmentCount: treatments.data.length,
            now,
          })
        : null,
    [all, treatments.data, now],
  );

  const firstMovable = all?.find(
    (a) => !a.isAsync && !isExcludedStatus(a.status) && canReschedule(a, now),
  );
  // A reschedule request of this customer's; a request of anyone else's is not followed.
  const request =
    reschedule.data && data && reschedule.data.customer_id === data.id ? reschedule.data : null;
  const movingId = rescheduleId
    ? request
      ? (request.appointment_id ?? firstMovable?.id ?? null)
      : rescheduleId
    : null;
  const moving = movingId ? all?.find((a) => a.id === movingId) : null;
  const movable = moving && !isExcludedStatus(moving.status) && canReschedule(moving, now);
  useEffect(() => {
    if (rescheduleId && !loading && all && !movable) {
      showAlert({ code: 'A100' });
      void navigate(PATHS.appointments, { replace: true });
    }
  }, [rescheduleId, loading, all, movable, navigate, showAlert]);

  const openReschedule = () => {
    if (!firstMovable) {
      toList();
      return;
    }
    const next = new URLSearchParams(params);
    next.set('rescheduleId', firstMovable.id);
    setParams(next);
  };

  const active = treatments.data ?? [];
  // A named treatment (the bulk hand-off) is offered first when it is one of the customer's.
  const named = active.filter((tr) => tr.shortId === bulk.treatmentShortId);
  const selectable: TreatmentOption[] = followUp.data?.treatment
    ? [followUp.data.treatment]
    : [...named, ...active.filter((tr) => tr.shortId !== bulk.treatmentShortId)];

  let body;
  if (loading || failed || !data) body = <ScreenSkeleton />;
  else if (rescheduleId) {
    body = (
      <Typography color="text.secondary">{t('appointments.reschedule.background')}</Typography>
    );
  } else if (block && !target) {
    body = <Typography color="text.secondary">{t('appointments.booking.blocked')}</Typography>;
  } else {
    body = (
      <ContactStep
        customer={data}
        state={state}
        treatments={selectable}
        onContinue={(treatment) =>
          setTarget({
            state,
            treatment,
            followUpId: followUp.data?.id ?? null,
            subscriptionId: bulk.subscriptionId,
            vialCount: bulk.vialCount,
          })
        }
      />
    );
  }

  return (
    <>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {rescheduleId ? t('appointments.reschedule.title') : t('appointments.booking.title')}
      </Typography>
      {rescheduleId ? null : <BulkBookingNotice />}
      <Box sx={{ maxWidth: 720 }}>{body}</Box>
      {/* Once the flow is under way, the booking it makes must not block its own confirmation. */}
      {/* The dialogs are chunks of their own (issue 46), each fetched when it first shows. */}
      <Suspense fallback={null}>
        {!loading && !rescheduleId && block && !target ? (
          <BlockingDialog reason={block} onKeep={toList} onReschedule={openReschedule} />
        ) : null}
        {!loading && moving && movable ? (
          <RescheduleDialog
            appointment={moving}
            state={state}
            customerTimeZone={customerTimeZone}
            previousProviderIds={previousProviderIds}
            rescheduleRequestId={request?.id ?? null}
            onClose={toList}
            onDone={() => void navigate(PATHS.appointments, { replace: true })}
          />
        ) : null}
        {target ? (
          <AvailabilityDialog
            target={target}
            customerTimeZone={customerTimeZone}
            previousProviderIds={previousProviderIds}
            onClose={() => setTarget(null)}
            onDone={() => void navigate(PATHS.appointments)}
          />
        ) : null}
      </Suspense>
    </>
  );
}
