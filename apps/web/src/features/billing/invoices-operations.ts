import type { GraphqlDocument } from '../../lib/api/graphql-client';

// GetInvoices (limit 50) and GetInvoicePdfUrl {invoiceId} (spec 02 §3, §7). The server's
// operations come from another piece of issue 11 that was not merged when this screen was
// built, so the documents are written here against the spec's shape. When the server has them,
// move each into its own .graphql file beside its hook and run codegen (the lead's merge).

export interface Invoice {
  id: string;
  invoice_number: string;
  description: string | null;
  date: string;
  total: number;
  status: string;
  subscription_id: string | null;
  updated_at: string;
}

export const INVOICES_LIMIT = 50;

export const GetInvoicesDocument = {
  toString: () => `query GetInvoices($limit: Int) {
  invoices(limit: $limit) {
    id
    invoice_number
    description
    date
    total
    status
    subscription_id
    updated_at
  }
}`,
} as GraphqlDocument<{ invoices: Invoice[] }, { limit?: number }>;

export const GetInvoicePdfUrlDocument = {
  toString: () => `query GetInvoicePdfUrl($invoiceId: ID!) {
  invoicePdfUrl(invoiceId: $invoiceId) {
    downloadUrl
    errorMessage
  }
}`,
} as GraphqlDocument<
  { invoicePdfUrl: { downloadUrl: string | null; errorMessage: string | null } },
  { invoiceId: string }
>;
