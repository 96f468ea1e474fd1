import { useQuery } from '@tanstack/react-query';
import { IntakeSearchesDocument, type IntakeFormFieldsFragment } from '../../gql/graphql';
import { useServices } from '../../lib/services';
import { formResponsesKey } from './keys';

export type FormResponse = IntakeFormFieldsFragment;

/**
 * IntakeSearches: the customer's responses to this form (for that appointment or follow-up),
 * newest first, so a form left on one device resumes on another.
 */
export function useFormResponses(
  shortId: string,
  appointmentId: string | null,
  followUpId: string | null,
) {
  const { graphql } = useServices();
  return useQuery({
    queryKey: formResponsesKey(shortId, appointmentId, followUpId),
    queryFn: async () =>
      (
        await graphql.request(IntakeSearchesDocument, {
          short_id: shortId,
          appointment_id: appointmentId,
          follow_up_id: followUpId,
        })
      ).intakeSearches,
    retry: 1,
  });
}
