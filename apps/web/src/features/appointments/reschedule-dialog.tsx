import { rescheduleWindow } from '@portal/domain';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { useAlerts } from '../../components/alerts/alert-context';
import { errorCodeOf } from '../../lib/api/error-code';
import type { AppointmentView } from '../../lib/appointments/use-appointments';
import { ConfirmLeaveDialog } from './confirm-leave-dialog';
import { FlowDialog } from './flow-dialog';
import { useDisplayTimeZone } from './display-time-zone';
import { formatClockWithZone, formatDay } from './format-time';
import { ANY_PROVIDER, SlotPicker } from './slot-picker';
import { SlotLoadError } from './slot-load-error';
import { SlotAlternatives } from './slot-alternatives';
import { SlotReview } from './slot-review';
import { useHoldFlow } from './use-hold-flow';
import { SlotVanished, useRescheduleAppointment } from './use-reschedule-appointment';
import { useAvailability, useSlotsErrorAlert } from './use-slots';

interface Props {
  appointment: AppointmentView;
  state: string;
  /** The customer's own zone: offered in the zone picker (the device's zone is the default). */
  customerTimeZone: string | null;
  previousProviderIds: readonly string[];
  /** A reschedule request of the viewer's to mark SCHEDULED on success. */
  rescheduleRequestId: string | null;
  onClose: () => void;
  onDone: () => void;
}

/**
 * Spec 01 §2, §4: provider select (the provider preference: the current provider, another,
 * or Any available provider), day strip, grouped times, review, confirm; the time is checked
 * again to still exist with the same provider before the move.
 */
export function RescheduleDialog(props: Props) {
  const { appointment, state } = props;
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const provider = appointment.raw.provider;
  const treatment = appointment.raw.treatment;
  const [providerId, setProviderId] = useState(provider?.id ?? ANY_PROVIDER);
  const [leaving, setLeaving] = useState(false);
  const [timeZone, setTimeZone] = useDisplayTimeZone();
  const search = useMemo(
    () =>
      treatment
        ? {
            state,
            treatmentId: treatment.id,
            window: rescheduleWindow(new Date(), treatment.shortId),
            forReschedule: true,
          }
        : null,
    [state, treatment],
  );
  const slots = useAvailability({
    search,
    providerId,
    previousProviderIds: props.previousProviderIds,
    timeZone,
  });
  useSlotsErrorAlert(slots.error);
  const { refetch } = slots;

  const onHoldError = useCallback(
    (error: unknown) => {
      showAlert({ code: errorCodeOf(error, ['A102'], 'A100') });
      void refetch();
    },
    [showAlert, refetch],
  );
  // Issue 43: the picked time is held for the customer while they review it.
  const flow = useHoldFlow({
    treatmentShortId: treatment?.shortId ?? '',
    appointmentId: appointment.id,
    onHoldError,
  });
  const { step } = flow;
  const review = step.kind === 'review' ? step : null;

  const move = useRescheduleAppointment({
    appointment,
    state,
    rescheduleRequestId: props.rescheduleRequestId,
    onSuccess: () => {
      flow.booked();
      showAlert({ messageKey: 'appointments.reschedule.success', severity: 'success' });
      props.onDone();
    },
    onError: async (error) => {
      // A taken time offers the nearest free ones (issue 43); anything else alerts.
      if (!flow.bookingFailed(error)) {
        showAlert({
          code: error instanceof SlotVanished ? 'A102' : errorCodeOf(error, ['A102'], 'A100'),
        });
      }
      await slots.refetch();
    },
  });

  const extraProviders = provider ? [{ id: provider.id, name: provider.displayName }] : [];
  return (
    <>
      <FlowDialog
        title={
          review
            ? t('appointments.review.title')
            : step.kind === 'taken'
              ? t('appointments.taken.title')
              : t('appointments.reschedule.title')
        }
        onClose={() => setLeaving(true)}
      >
        {review ? (
          <SlotReview
            slot={review.slot}
            timeZone={timeZone}
            treatmentName={treatment?.displayName ?? null}
            confirmLabel={t('appointments.reschedule.confirm')}
            busy={move.isPending}
            heldUntil={review.heldUntil}
            onPickAgain={flow.backToSlots}
            onConfirm={() => move.mutate({ ...review.slot, holdId: review.holdId })}
            onCancel={flow.backToSlots}
          />
        ) : step.kind === 'taken' ? (
          <SlotAlternatives
            alternatives={step.alternatives}
            timeZone={timeZone}
            busy={flow.pending}
            onChoose={flow.pick}
            onPickAgain={flow.backToSlots}
          />
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('appointments.reschedule.current', {
              date: formatDay(appointment.start, timeZone),
              time: formatClockWithZone(appointment.start, timeZone),
            })}
          </Typography>
        )}
        {slots.isError && step.kind === 'slots' ? (
          <SlotLoadError error={slots.error} onRetry={() => void slots.refetch()} />
        ) : null}
        {!slots.isError ? (
          // Kept mounted under the review, so cancelling it comes back to the same day.
          <SlotPicker
            availability={slots}
            hidden={step.kind !== 'slots'}
            timeZone={timeZone}
            onTimeZoneChange={setTimeZone}
            customerTimeZone={props.customerTimeZone}
            providerId={providerId}
            onProviderChange={setProviderId}
            extraProviders={extraProviders}
            onSelect={flow.pick}
          />
        ) : null}
      </FlowDialog>
      <ConfirmLeaveDialog
        kind="reschedule"
        open={leaving}
        onStay={() => setLeaving(false)}
        onLeave={() => {
          flow.release();
          props.onClose();
        }}
      />
    </>
  );
}
