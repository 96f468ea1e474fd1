import { rescheduleWindow } from '@portal/domain';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
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
import { SlotReview } from './slot-review';
import { SlotVanished, useRescheduleAppointment } from './use-reschedule-appointment';
import { useAvailability, useSlotsErrorAlert, type SlotView } from './use-slots';

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
  const [review, setReview] = useState<SlotView | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [timeZone, setTimeZone] = useDisplayTimeZone();
  const search = useMemo(
    () =>
      treatment
        ? {
            state,
            treatmentId: treatment.id,
            window: rescheduleWindow(new Date()),
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

  const move = useRescheduleAppointment({
    appointment,
    state,
    rescheduleRequestId: props.rescheduleRequestId,
    onSuccess: () => {
      showAlert({ messageKey: 'appointments.reschedule.success', severity: 'success' });
      props.onDone();
    },
    onError: async (error) => {
      showAlert({
        code: error instanceof SlotVanished ? 'A102' : errorCodeOf(error, ['A102'], 'A100'),
      });
      setReview(null);
      await slots.refetch();
    },
  });

  const extraProviders = provider ? [{ id: provider.id, name: provider.displayName }] : [];
  return (
    <>
      <FlowDialog
        title={review ? t('appointments.review.title') : t('appointments.reschedule.title')}
        onClose={() => setLeaving(true)}
      >
        {review ? (
          <SlotReview
            slot={review}
            timeZone={timeZone}
            treatmentName={treatment?.displayName ?? null}
            confirmLabel={t('appointments.reschedule.confirm')}
            busy={move.isPending}
            onConfirm={() => move.mutate(review)}
            onCancel={() => setReview(null)}
          />
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('appointments.reschedule.current', {
              date: formatDay(appointment.start, timeZone),
              time: formatClockWithZone(appointment.start, timeZone),
            })}
          </Typography>
        )}
        {slots.isError && !review ? (
          <SlotLoadError error={slots.error} onRetry={() => void slots.refetch()} />
        ) : null}
        {!slots.isError ? (
          // Kept mounted under the review, so cancelling it comes back to the same day.
          <SlotPicker
            availability={slots}
            hidden={Boolean(review)}
            timeZone={timeZone}
            onTimeZoneChange={setTimeZone}
            customerTimeZone={props.customerTimeZone}
            providerId={providerId}
            onProviderChange={setProviderId}
            extraProviders={extraProviders}
            onSelect={setReview}
          />
        ) : null}
      </FlowDialog>
      <ConfirmLeaveDialog
        kind="reschedule"
        open={leaving}
        onStay={() => setLeaving(false)}
        onLeave={props.onClose}
      />
    </>
  );
}
