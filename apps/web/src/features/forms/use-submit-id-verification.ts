import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SubmitIdVerificationDocument } from '../../gql/graphql';
import { useServices } from '../../lib/services';
import { ID_VERIFICATION_KEY } from './use-id-verification';

/** Sends the three images to the care team (requested → in_review). */
export function useSubmitIdVerification() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await graphql.request(SubmitIdVerificationDocument, {})).SubmitIdVerification.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ID_VERIFICATION_KEY }),
  });
}
