import type { IdCheckSide } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SignedUploadUrlDocument, UploadIdVerificationImageDocument } from '../../gql/graphql';
import { useServices } from '../../lib/services';
import { ID_VERIFICATION_KEY } from './use-id-verification';

/**
 * One image of the ID check: a signed upload URL (category Identification), the PUT of the
 * file (the server takes JPEG, PNG or WebP by their bytes), then UploadIdVerificationImage.
 */
export function useUploadIdImage() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ side, file }: { side: IdCheckSide; file: File }) => {
      const fileName = `${side}-${Date.now()}.${file.type === 'image/png' ? 'png' : file.type === 'image/webp' ? 'webp' : 'jpg'}`;
      const { signedUploadUrl } = await graphql.request(SignedUploadUrlDocument, {
        category: 'Identification',
        fileName,
      });
      if (!signedUploadUrl.uploadUrl) throw new Error(signedUploadUrl.errorMessage ?? 'upload');
      const put = await fetch(signedUploadUrl.uploadUrl, {
        method: 'PUT',
        headers: { 'content-type': file.type || 'application/octet-stream' },
        body: file,
      });
      if (!put.ok) throw new Error(`upload answered ${put.status}`);
      const { id } = (await put.json()) as { id: string };
      return (await graphql.request(UploadIdVerificationImageDocument, { side, document_id: id }))
        .UploadIdVerificationImage.data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ID_VERIFICATION_KEY }),
  });
}
