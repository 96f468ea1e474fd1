import { useMutation, useQuery } from '@tanstack/react-query';
import { useServices, useSession } from '../../lib/services';
import { INVOICES_KEY } from './keys';
import {
  GetInvoicePdfUrlDocument,
  GetInvoicesDocument,
  InvoiceDocument,
  type GetInvoicesQuery,
} from '../../gql/graphql';

export type Invoice = GetInvoicesQuery['invoices'][number];

/** GetInvoices (spec 02 §7, §9): the newest 50 (the server applies the limit). */
export function useInvoices(enabled = true) {
  const { graphql } = useServices();
  const { status } = useSession();
  return useQuery({
    queryKey: INVOICES_KEY,
    queryFn: async () => (await graphql.request(GetInvoicesDocument)).invoices,
    enabled: enabled && status === 'authenticated',
    retry: 1,
  });
}

/** The answer had an errorMessage or no URL: C107 (spec 02 §8). */
export class InvoiceDownloadError extends Error {
  readonly code = 'C107';
}

/** Which PDF of an invoice: the invoice itself, or its HSA/FSA itemized receipt (spec 02 §2). */
export interface InvoiceDownload {
  invoiceId: string;
  document: 'invoice' | 'receipt';
}

/**
 * GetInvoicePdfUrl: a signed URL per click, opened in a new tab (the browser shows the PDF
 * and can save it). The tab is opened before the request so pop-up blockers allow it.
 */
export function useDownloadInvoice() {
  const { graphql } = useServices();
  return useMutation({
    mutationFn: async ({ invoiceId, document }: InvoiceDownload) => {
      const { invoicePdfUrl } = await graphql.request(GetInvoicePdfUrlDocument, {
        invoiceId,
        document: document === 'receipt' ? InvoiceDocument.HsaFsaReceipt : InvoiceDocument.Invoice,
      });
      if (invoicePdfUrl.errorMessage || !invoicePdfUrl.downloadUrl) {
        throw new InvoiceDownloadError(invoicePdfUrl.errorMessage ?? 'No download URL.');
      }
      return invoicePdfUrl.downloadUrl;
    },
  });
}
