import { z } from 'zod';
import type { FormKind } from '../forms/catalogue';

// The care team's queue (issue 41): one list of everything waiting on a person. The rules with
// numbers in them live here once, for the server's read model and the console's screens.

/**
 * What can wait on a person. form_review: a submitted form of a kind a provider must read
 * (FORM_REVIEW_KINDS) until a care-team member marks it reviewed; a side-effect check-in is
 * not one of them, its care task is side_effect.
 */
export const QUEUE_KINDS = [
  'side_effect',
  'id_verification',
  'bulk_order',
  'form_review',
  'shipment',
  'renewal_failed',
  'no_weight',
] as const;
export type QueueKind = (typeof QUEUE_KINDS)[number];

/**
 * The forms a provider reads before treating: the intake (medical history, medications, goals)
 * and the 6-month follow-up (new conditions, new medications, side effects). Provider forms are
 * the provider's own writing, and check-ins raise a care task of their own (side_effect).
 */
export const FORM_REVIEW_KINDS = ['intake', 'follow_up'] as const satisfies readonly FormKind[];

/** A shipment in transit with no carrier event for this many days is stalled. */
export const SHIPMENT_STALLED_DAYS = 5;
/** An active patient with no weight entry for this many days is listed. */
export const NO_WEIGHT_DAYS = 30;
/** A claim shows who is on an item for this long; claiming again renews it. */
export const QUEUE_CLAIM_TTL_MS = 15 * 60_000;
export const QUEUE_PAGE_SIZE_MAX = 100;
export const QUEUE_PAGE_SIZE_DEFAULT = 50;

/** A query string's boolean: only the words true and false, never "0" or "yes". */
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** GET /staff/queue's query string. */
export const queueQuerySchema = z.strictObject({
  kind: z.enum(QUEUE_KINDS).optional(),
  search: z.string().trim().min(1).max(100).optional(),
  urgentOnly: flag.optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(QUEUE_PAGE_SIZE_MAX, { message: `must be at most ${String(QUEUE_PAGE_SIZE_MAX)}` })
    .default(QUEUE_PAGE_SIZE_DEFAULT),
});
export type QueueQuery = z.infer<typeof queueQuerySchema>;

/** An item's key, `<kind>:<source id>` (the id is a uuid for every source). */
export const queueItemKeySchema = z
  .string()
  .max(200)
  .refine(
    (value) => {
      const at = value.indexOf(':');
      return (
        at > 0 &&
        (QUEUE_KINDS as readonly string[]).includes(value.slice(0, at)) &&
        z.uuid().safeParse(value.slice(at + 1)).success
      );
    },
    { message: 'must be <kind>:<id> of a queue item' },
  );

export const queueKeyParamSchema = z.strictObject({ key: queueItemKeySchema });

/** POST /staff/queue/:key/claim's body (none, or {takeOver}). */
export const queueClaimSchema = z.strictObject({ takeOver: z.boolean().optional() }).default({});
export type QueueClaimInput = z.infer<typeof queueClaimSchema>;

/** Whether a claim made at `claimedAt` still stands at `now`. */
export function claimIsLive(claimedAt: Date, now: Date): boolean {
  return now.getTime() - claimedAt.getTime() < QUEUE_CLAIM_TTL_MS;
}
