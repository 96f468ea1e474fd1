import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import { bookingWindow } from '@portal/domain';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { useAlerts } from '../../components/alerts/alert-context';
import { errorCodeOf } from '../../lib/api/error-code';
import { ConfirmLeaveDialog } from './confirm-leave-dialog';
import { FlowDialog } from './flow-dialog';
import { useDisplayTimeZone } from './display-time-zone';
import { formatClockWithZone, formatDay } from './format-time';
import { ANY_PROVIDER, SlotPicker } from './slot-picker';
import { SlotLoadError } from './slot-load-error';
import { SlotAlternatives } from './slot-alternatives';
import { SlotReview } from './slot-review';
import { useHoldFlow } from './use-hold-flow';
import { useScheduleAppointment, type BookingTarget } from './use-schedule-appointment';
import { useAvailability, useSlotsErrorAlert, type SlotView } from './use-slots';

export type { BookingTarget };

interface Props {
  target: BookingTarget;
  /** The customer's own zone: offered in the zone picker (the device's zone is the default). */
  customerTimeZone: string | null;
  previousProviderIds: readonly string[];
  onClose: () => void;
  onDone: () => void;
}

/**
 * Spec 01 §2 step 2 and 3: pick a provider, a day and a time, review, book, confirmation.
 * Issue 43: the picked time is held for the customer while they review it; a taken time offers
 * the nearest free ones; leaving gives the hold back.
 */
export function AvailabilityDialog({
  target,
  customerTimeZone,
  previousProviderIds,
  onClose,
  onDone,
}: Props) {
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const [booked, setBooked] = useState<SlotView | null>(null);
  const [providerId, setProviderId] = useState(previousProviderIds[0] ?? ANY_PROVIDER);
  const [leaving, setLeaving] = useState(false);
  const [timeZone, setTimeZone] = useDisplayTimeZone();
  // The window is fixed when the dialog opens, so the query key stays put while it is open.
  const search = useMemo(
    () => ({
      state: target.state,
      treatmentId: target.treatment.id,
      window: bookingWindow(new Date()),
      forReschedule: false,
    }),
    [target.state, target.treatment.id],
  );
  const slots = useAvailability({
    search,
    providerId,
    previousProviderIds,
    timeZone,
  });
  useSlotsErrorAlert(slots.error);
  const { refetch } = slots;

  const onHoldError = useCallback(
    (error: unknown) => {
      showAlert({ code: errorCodeOf(error, ['A102', 'A100', 'T101'], 'A102') });
      void refetch();
    },
    [showAlert, refetch],
  );
  const flow = useHoldFlow({ treatmentShortId: target.treatment.shortId, onHoldError });
  const { step } = flow;

  const book = useScheduleAppointment(target, {
    onSuccess: (slot) => {
      flow.booked();
      setBooked(slot);
      showAlert({ messageKey: 'appointments.booking.success', severity: 'success' });
    },
    onError: async (error) => {
      // Issue 43: a taken time offers the nearest free ones; any other failure returns to
      // slot selection (spec 01 §4), with fresh times.
      if (!flow.bookingFailed(error)) {
        showAlert({ code: errorCodeOf(error, ['A102', 'A100', 'T101'], 'A102') });
      }
      await slots.refetch();
    },
  });

  const requestClose = () => {
    if (booked) onDone();
    else setLeaving(true);
  };

  return (
    <>
      <FlowDialog
        title={
          booked
            ? t('appointments.booking.confirmedTitle')
            : step.kind === 'review'
              ? t('appointments.review.title')
              : step.kind === 'taken'
                ? t('appointments.taken.title')
                : t('appointments.booking.slotsTitle')
        }
        onClose={requestClose}
      >
        {!booked ? (
          <>
            {slots.isError && step.kind === 'slots' ? (
              <SlotLoadError
                error={slots.error}
                onRetry={() => void slots.refetch()}
                sx={{ mb: 2 }}
              />
            ) : null}
            {!slots.isError ? (
              <SlotPicker
                availability={slots}
                hidden={step.kind !== 'slots'}
                timeZone={timeZone}
                onTimeZoneChange={setTimeZone}
                customerTimeZone={customerTimeZone}
                providerId={providerId}
                onProviderChange={setProviderId}
                onSelect={flow.pick}
              />
            ) : null}
          </>
        ) : null}
        {!booked && step.kind === 'review' ? (
          <SlotReview
            slot={step.slot}
            timeZone={timeZone}
            treatmentName={target.treatment.displayName}
            confirmLabel={t('appointments.review.book')}
            busy={book.isPending}
            heldUntil={step.heldUntil}
            onPickAgain={flow.backToSlots}
            onConfirm={() => book.mutate({ ...step.slot, holdId: step.holdId })}
            onCancel={flow.backToSlots}
          />
        ) : null}
        {!booked && step.kind === 'taken' ? (
          <SlotAlternatives
            alternatives={step.alternatives}
            timeZone={timeZone}
            busy={flow.pending}
            onChoose={flow.pick}
            onPickAgain={flow.backToSlots}
          />
        ) : null}
        {booked ? (
          <Box sx={{ textAlign: 'center', py: 2 }}>
            <CheckCircleOutlineIcon color="success" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
            <Typography sx={{ mb: 1 }}>
              {t('appointments.booking.confirmedBody', {
                date: formatDay(booked.start, timeZone),
                time: formatClockWithZone(booked.start, timeZone),
                provider: booked.providerName,
              })}
            </Typography>
            <Button variant="contained" onClick={onDone} sx={{ mt: 2 }}>
              {t('appointments.booking.viewAppointments')}
            </Button>
          </Box>
        ) : null}
      </FlowDialog>
      <ConfirmLeaveDialog
        kind="booking"
        open={leaving}
        onStay={() => setLeaving(false)}
        onLeave={() => {
          flow.release();
          onClose();
        }}
      />
    </>
  );
}
