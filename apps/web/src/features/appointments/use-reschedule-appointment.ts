import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RescheduleAppointmentV2Document } from '../../gql/graphql';
import { APPOINTMENTS_KEY, type AppointmentView } from '../../lib/appointments/use-appointments';
import { useServices } from '../../lib/services';
import { timeStillAvailableQueryOptions } from './check-time-still-available';
import { markRescheduleScheduled } from './update-reschedule';
import type { SlotView } from './use-slots';

/** The time went, or went to another provider, between picking it and confirming. */
export class SlotVanished extends Error {}

interface Options {
  appointment: AppointmentView;
  state: string;
  /** A reschedule request of the viewer's to mark SCHEDULED on success. */
  rescheduleRequestId: string | null;
  onSuccess: () => void;
  onError: (error: unknown) => Promise<void>;
}

/**
 * RescheduleAppointmentV2, after checking again that the time is still free with the same
 * provider (spec 01 §4). Makes the appointments list stale.
 */
export function useRescheduleAppointment(options: Options) {
  const { appointment, state, rescheduleRequestId } = options;
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  const treatment = appointment.raw.treatment;
  return useMutation({
    mutationFn: async (slot: SlotView & { holdId?: string | null }) => {
      if (!treatment) throw new SlotVanished();
      const free = await queryClient.fetchQuery(
        timeStillAvailableQueryOptions(graphql, {
          state,
          treatmentId: treatment.id,
          start: slot.start,
        }),
      );
      if (!free.some((s) => s.provider.id === slot.providerId)) throw new SlotVanished();
      await graphql.request(RescheduleAppointmentV2Document, {
        appointmentId: appointment.id,
        providerId: slot.providerId,
        start: slot.start.toISOString(),
        end: slot.end.toISOString(),
        holdId: slot.holdId ?? null,
      });
      if (rescheduleRequestId) {
        await markRescheduleScheduled(graphql, queryClient, rescheduleRequestId);
      }
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: APPOINTMENTS_KEY });
      options.onSuccess();
    },
    onError: options.onError,
  });
}
