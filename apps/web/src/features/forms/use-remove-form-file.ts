import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RemoveDocumentDocument } from '../../gql/graphql';
import { useServices } from '../../lib/services';
import { FORMS_KEY } from './keys';

/** RemoveDocument: takes the file off an attachment question; the server deletes the file. */
export function useRemoveFormFile() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ formId, linkId }: { formId: string; linkId: string }) =>
      (await graphql.request(RemoveDocumentDocument, { form_id: formId, link_id: linkId }))
        .RemoveDocument.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FORMS_KEY }),
  });
}
