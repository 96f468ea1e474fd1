import type { FormAnswerInput } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UpdateExistingFormDocument } from '../../gql/graphql';
import { useServices } from '../../lib/services';
import { APPOINTMENTS_QUERY_KEY } from '../../lib/appointments/use-appointments';
import { FORMS_KEY } from './keys';

/**
 * UpdateExistingForm with complete: the last page's answers, then the server checks every
 * answer and branch and marks the response completed (read-only from then on).
 */
export function useSubmitForm() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: string; page: string; answers: FormAnswerInput[] }) =>
      (
        await graphql.request(UpdateExistingFormDocument, {
          id: input.id,
          page: input.page,
          answers: input.answers,
          complete: true,
        })
      ).UpdateExistingForm.data,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: FORMS_KEY });
      await queryClient.invalidateQueries({ queryKey: APPOINTMENTS_QUERY_KEY });
    },
  });
}
