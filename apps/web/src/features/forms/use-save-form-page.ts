import type { FormAnswerInput } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UpsertIntakeFormDocument } from '../../gql/graphql';
import { useServices } from '../../lib/services';
import { APPOINTMENTS_QUERY_KEY } from '../../lib/appointments/use-appointments';
import { FORMS_KEY } from './keys';

/**
 * UpsertIntakeForm: one page of answers to the customer's open response of the form (started
 * on the newest version on the first page). Failures are A103 with field keys.
 */
export function useSaveFormPage() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      shortId: string;
      appointmentId: string | null;
      followUpId: string | null;
      treatmentShortId: string | null;
      /** null starts (or finds) the open response without moving its page. */
      page: string | null;
      answers: FormAnswerInput[];
    }) =>
      (
        await graphql.request(UpsertIntakeFormDocument, {
          form_short_id: input.shortId,
          appointment_id: input.appointmentId,
          follow_up_id: input.followUpId,
          treatment_short_id: input.treatmentShortId,
          page: input.page,
          answers: input.answers,
        })
      ).UpsertIntakeForm.data,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: FORMS_KEY });
      await queryClient.invalidateQueries({ queryKey: APPOINTMENTS_QUERY_KEY });
    },
  });
}
