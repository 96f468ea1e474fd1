import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InsertDocumentDocument, SignedUploadUrlDocument } from '../../gql/graphql';
import { useServices } from '../../lib/services';
import { attachmentFileName, attachmentProblem, uploadStatusProblem } from './attachment-file';
import { FORMS_KEY } from './keys';

/** A refusal the control shows beside the question (a locale key). */
export class AttachmentError extends Error {
  constructor(readonly key: string) {
    super(key);
  }
}

/**
 * An attachment answer: a signed upload URL (category FormAttachment), the PUT of the file
 * (the server checks type and size by the bytes), then InsertDocument on the response.
 */
export function useAttachFormFile() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      formId,
      linkId,
      file,
    }: {
      formId: string;
      linkId: string;
      file: File;
    }) => {
      const problem = attachmentProblem(file);
      if (problem) throw new AttachmentError(problem);
      const { signedUploadUrl } = await graphql.request(SignedUploadUrlDocument, {
        category: 'FormAttachment',
        fileName: attachmentFileName(file.name, Date.now()),
      });
      if (!signedUploadUrl.uploadUrl) throw new AttachmentError('forms.uploadFailed');
      const put = await fetch(signedUploadUrl.uploadUrl, {
        method: 'PUT',
        headers: { 'content-type': file.type || 'application/octet-stream' },
        body: file,
      });
      if (!put.ok) throw new AttachmentError(uploadStatusProblem(put.status));
      const { id } = (await put.json()) as { id: string };
      return (
        await graphql.request(InsertDocumentDocument, {
          form_id: formId,
          link_id: linkId,
          document_id: id,
        })
      ).InsertDocument.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FORMS_KEY }),
  });
}
