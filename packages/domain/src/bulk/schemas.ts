import { z } from 'zod';
import { BULK_TREATMENT_SHORT_IDS } from '../constants';
import { BULK_MESSAGES, isBulkVialCount } from './bulk';

// The bulk area's inputs (spec 02 §4, §5, §7), apart from its rules in bulk.ts: a screen that
// reads the vial table (the booking hand-off) loads no zod for them (issue 46).

const vialCount = z.number({ error: BULK_MESSAGES.vialCountRequired }).refine(isBulkVialCount, {
  error: BULK_MESSAGES.vialCountRequired,
});

/**
 * Spec 02 §4, §5: the bulk order form. 'Please select a vial count before submitting.' when
 * none (or one outside the table) is chosen. The form and SubmitBulkOrder share it.
 */
export const bulkOrderSchema = z.strictObject({
  vialCount,
  treatmentShortId: z.enum(BULK_TREATMENT_SHORT_IDS).default('weightmanagement_bulk'),
});
export type BulkOrderInput = z.output<typeof bulkOrderSchema>;

/**
 * Spec 02 §7: PurchaseBulkWithChargebee {customerActionId}. Strict: an amount or a vial count
 * sent by the client is refused, never read (the server prices from the action).
 */
export const purchaseBulkSchema = z.strictObject({
  customerActionId: z.uuid({ error: BULK_MESSAGES.actionIdInvalid }),
});
export type PurchaseBulkInput = z.output<typeof purchaseBulkSchema>;

/** Spec 02 §7: CreateBulkSubscription {customerId, treatmentShortId}. */
export const createBulkSubscriptionSchema = z.strictObject({
  customerId: z.uuid().nullish(),
  treatmentShortId: z.enum(BULK_TREATMENT_SHORT_IDS),
});
export type CreateBulkSubscriptionInput = z.output<typeof createBulkSubscriptionSchema>;

/**
 * Staff API: approve a customer's bulk order (by id; its vial count is used) or a vial count
 * the care team took another way. One of the two is needed.
 */
export const staffBulkApprovalSchema = z
  .strictObject({
    orderId: z.uuid().optional(),
    vialCount: vialCount.optional(),
  })
  .refine((v) => v.orderId !== undefined || v.vialCount !== undefined, {
    error: BULK_MESSAGES.vialCountRequired,
    path: ['vialCount'],
  });
export type StaffBulkApprovalInput = z.output<typeof staffBulkApprovalSchema>;
