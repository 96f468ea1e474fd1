import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CreateBulkAsyncAppointmentDocument } from '../../gql/graphql';
import { APPOINTMENTS_KEY } from '../../lib/appointments/use-appointments';
import { useServices } from '../../lib/services';

/**
 * CreateAsyncAppointment (spec 01 §7, spec 02 §4): the async visit an async bulk order asks
 * for; A103 when it fails. The customer's appointments are stale afterwards.
 */
export function useCreateAsyncAppointment() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (visit: { providerId: string; treatmentId: string }) =>
      (await graphql.request(CreateBulkAsyncAppointmentDocument, visit)).createAsyncAppointment
        .data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: APPOINTMENTS_KEY }),
  });
}
