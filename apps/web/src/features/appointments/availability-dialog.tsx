import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import { bookingWindow } from '@portal/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react';
import { useAlerts } from '../../components/alerts/alert-context';
import { errorCodeOf } from '../../lib/api/error-code';
import { ConfirmLeaveDialog } from './confirm-leave-dialog';
import { FlowDialog } from './flow-dialog';
import { useDisplayTimeZone } from './display-time-zone';
import { formatClockWithZone, formatDay } from './format-time';
import { ANY_PROVIDER, SlotPicker } from './slot-picker';
import { SlotLoadError } from './slot-load-error';
import { SlotReview } from './slot-review';
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

type Step =
  { kind: 'slots' } | { kind: 'review'; slot: SlotView } | { kind: 'booked'; slot: SlotView };

/** Spec 01 §2 step 2 and 3: pick a provider, a day and a time, review, book, confirmation. */
export function AvailabilityDialog({
  target,
  customerTimeZone,
  previousProviderIds,
  onClose,
  onDone,
}: Props) {
  const { t } = useTranslation();
  const { showAlert } = useAlerts();
  const [step, setStep] = useState<Step>({ kind: 'slots' });
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

  const book = useScheduleAppointment(target, {
    onSuccess: (slot) => {
      setStep({ kind: 'booked', slot });
      showAlert({ messageKey: 'appointments.booking.success', severity: 'success' });
    },
    onError: async (error) => {
      showAlert({ code: errorCodeOf(error, ['A102', 'A100', 'T101'], 'A102') });
      // Spec 01 §4: errors return to slot selection, with fresh times.
      setStep({ kind: 'slots' });
      await slots.refetch();
    },
  });

  const requestClose = () => {
    if (step.kind === 'booked') onDone();
    else setLeaving(true);
  };

  return (
    <>
      <FlowDialog
        title={
          step.kind === 'booked'
            ? t('appointments.booking.confirmedTitle')
            : step.kind === 'review'
              ? t('appointments.review.title')
              : t('appointments.booking.slotsTitle')
        }
        onClose={requestClose}
      >
        {step.kind !== 'booked' ? (
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
                hidden={step.kind === 'review'}
                timeZone={timeZone}
                onTimeZoneChange={setTimeZone}
                customerTimeZone={customerTimeZone}
                providerId={providerId}
                onProviderChange={setProviderId}
                onSelect={(slot) => setStep({ kind: 'review', slot })}
              />
            ) : null}
          </>
        ) : null}
        {step.kind === 'review' ? (
          <SlotReview
            slot={step.slot}
            timeZone={timeZone}
            treatmentName={target.treatment.displayName}
            confirmLabel={t('appointments.review.book')}
            busy={book.isPending}
            onConfirm={() => book.mutate(step.slot)}
            onCancel={() => setStep({ kind: 'slots' })}
          />
        ) : null}
        {step.kind === 'booked' ? (
          <Box sx={{ textAlign: 'center', py: 2 }}>
            <CheckCircleOutlineIcon color="success" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
            <Typography sx={{ mb: 1 }}>
              {t('appointments.booking.confirmedBody', {
                date: formatDay(step.slot.start, timeZone),
                time: formatClockWithZone(step.slot.start, timeZone),
                provider: step.slot.providerName,
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
        onLeave={onClose}
      />
    </>
  );
}
