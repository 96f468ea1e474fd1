import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ScheduleAdhocAppointmentV2Document } from '../../gql/graphql';
import { APPOINTMENTS_KEY } from '../../lib/appointments/use-appointments';
import { useServices } from '../../lib/services';
import type { SlotView } from './use-slots';

export interface BookingTarget {
  state: string;
  treatment: { id: string; shortId: string; displayName: string };
  followUpId: string | null;
  subscriptionId: string | null;
  /** A bulk order's vial count (spec 02 §7): the live visit that approves it carries it. */
  vialCount: number | null;
}

/** A slot to book, with the viewer's hold on it when there is one (issue 43). */
export type HeldSlot = SlotView & { holdId?: string | null };

interface Options {
  onSuccess: (slot: SlotView) => void;
  onError: (error: unknown) => Promise<void>;
}

/**
 * ScheduleAdhocAppointmentV2 (spec 01 §7), with the viewer's hold on the time (issue 43): a
 * live one always books. Makes the appointments list stale.
 */
export function useScheduleAppointment(target: BookingTarget, options: Options) {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slot: HeldSlot) =>
      graphql.request(ScheduleAdhocAppointmentV2Document, {
        providerId: slot.providerId,
        treatmentShortId: target.treatment.shortId,
        start: slot.start.toISOString(),
        end: slot.end.toISOString(),
        origin: 'patient_portal',
        followUpId: target.followUpId,
        subscriptionId: target.subscriptionId,
        vialCount: target.vialCount,
        holdId: slot.holdId ?? null,
      }),
    onSuccess: async (_data, slot) => {
      options.onSuccess(slot);
      await queryClient.invalidateQueries({ queryKey: APPOINTMENTS_KEY });
    },
    onError: options.onError,
  });
}
