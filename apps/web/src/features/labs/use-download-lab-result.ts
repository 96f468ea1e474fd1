import { LAB_DOCUMENT_CATEGORY } from '@portal/domain';
import { useMutation } from '@tanstack/react-query';
import { GetSignedDownloadUrlDocument } from '../../gql/graphql';
import { useServices } from '../../lib/services';

/** The answer had an errorMessage or the file did not come: spec 02 §7 and §8, C105. */
export class LabDownloadError extends Error {
  readonly code = 'C105';
}

/** Hands the bytes to the browser as a file download under its name. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * GetSignedDownloadUrl {fileName, category} then the download itself: one signed URL per
 * click (they live five minutes), fetched here so a refused or failed download is C105 rather
 * than a broken page.
 */
export function useDownloadLabResult() {
  const { graphql } = useServices();
  return useMutation({
    mutationFn: async (fileName: string) => {
      const { signedDownloadUrl } = await graphql.request(GetSignedDownloadUrlDocument, {
        fileName,
        category: LAB_DOCUMENT_CATEGORY,
      });
      if (signedDownloadUrl.errorMessage || !signedDownloadUrl.downloadUrl) {
        throw new LabDownloadError(signedDownloadUrl.errorMessage ?? 'No download URL.');
      }
      let response: Response;
      try {
        response = await fetch(signedDownloadUrl.downloadUrl, { cache: 'no-store' });
      } catch (error) {
        throw new LabDownloadError(error instanceof Error ? error.message : 'Download failed.');
      }
      if (!response.ok) throw new LabDownloadError(`Download answered ${response.status}.`);
      saveFile(await response.blob(), fileName);
    },
  });
}
