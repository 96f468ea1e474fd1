import { z } from 'zod';
import { QUEUE_KINDS, type QueueKind } from './queue';

// The care console's patient page, its actions (issue 41): the bodies of the staff routes the
// page posts, shared so the console's dialogs check what the server accepts.

/** What a decline or a message tells the patient: short text, never blank. */
export const DECLINE_REASON_MAX = 500;

/** POST /staff/customers/:customerId/bulk-orders/decline: the order and why (told to the patient). */
export const staffBulkDeclineSchema = z.strictObject({
  orderId: z.uuid(),
  reason: z.string().trim().min(1, { message: 'Say why' }).max(DECLINE_REASON_MAX),
});
export type StaffBulkDeclineInput = z.infer<typeof staffBulkDeclineSchema>;

/** GET /staff/customers/:customerId/invoices/:invoiceId/pdf: the invoice of that patient. */
export const customerInvoiceParamSchema = z.object({
  customerId: z.uuid(),
  invoiceId: z.uuid(),
});

/**
 * The queue kinds the console offers as filters: those with a source. form_review has none
 * (queue.ts says why: only a side-effect check-in's care task marks a submitted form as
 * waiting on a person, and that is side_effect), so it is not offered as an always-empty kind.
 */
export const QUEUE_FILTER_KINDS: readonly QueueKind[] = QUEUE_KINDS.filter(
  (k) => k !== 'form_review',
);
