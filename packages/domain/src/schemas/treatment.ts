import { z } from 'zod';
import { CARRIERS, LAB_DOCUMENT_CATEGORY } from '../constants';
import { treatmentShortIdSchema } from '../appointments/schemas';
import { PRESCRIPTION_SNACKBAR_STATUSES } from '../vocabularies';

// Inputs of the treatment records (issue 10): the customer's signed file URLs, and the care
// team's prescriptions, shipments, carrier events and lab results on the staff API. Staff
// messages are plain English, as in schemas/staff.ts; the customer's are catalogue keys.

/** Spec 02 §3, §7: the categories of a customer's documents. */
export const FILE_CATEGORIES = [LAB_DOCUMENT_CATEGORY, 'Identification', 'FormAttachment'] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];
/** What a customer may upload through a signed upload URL (lab results come from the lab). */
export const CUSTOMER_UPLOAD_CATEGORIES = [
  'Identification',
  'FormAttachment',
] as const satisfies readonly FileCategory[];

/** Signed download and upload URLs live this long (DESIGN §4: short-lived). */
export const SIGNED_URL_TTL_SECONDS = 300;
/** The largest file a signed upload URL takes. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** A file name without a path: letters, digits, space, . _ - ( ), not starting with a dot. */
export const fileNameSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 ._()-]{0,199}$/, 'files.invalidFileName');

/** GetSignedDownloadUrl {fileName, category}. */
export const signedDownloadArgsSchema = z.object({
  fileName: fileNameSchema,
  category: z.enum(FILE_CATEGORIES, { message: 'files.invalidCategory' }),
});

/** The signed upload URL {category, fileName}. */
export const signedUploadArgsSchema = z.object({
  fileName: fileNameSchema,
  category: z.enum(CUSTOMER_UPLOAD_CATEGORIES, { message: 'files.invalidCategory' }),
});

const instant = z.iso.datetime({ offset: true }).transform((v) => new Date(v));
const text = (max: number) => z.string().trim().min(1).max(max);

/** A URL a resource may point at: an https address or a path in the portal. */
const resourceUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^\/(?!\/)/.test(v) || /^https:\/\/[^\s]+$/i.test(v), {
    message: 'must be a path starting with / or an https URL',
  });

/** Spec 02 §3: a kit snapshot, plus the dose figures the runway and syringe units need. */
export const kitSnapshotInputSchema = z.strictObject({
  catalogName: text(200),
  kitName: text(200),
  directions: text(4000),
  /** How many of the form (vials, pens, tablets, supplies). */
  quantity: z.number().positive().max(10_000),
  strength: z.string().trim().max(100).default(''),
  form: text(100),
  /** medication or supply. */
  internalType: z.enum(['medication', 'supply']).default('medication'),
  refills: z.number().int().min(0).max(99).default(0),
  /** ml in one vial of an injectable. */
  volumeMl: z.number().positive().max(1000).optional(),
  /** The prescribed weekly dose of an injectable, in mg. */
  weeklyDoseMg: z.number().positive().max(1000).optional(),
});
export type KitSnapshotInput = z.output<typeof kitSnapshotInputSchema>;

/** Spec 02 §3: a media asset (reference image, dosing PDF, tutorial video). */
export const mediaAssetInputSchema = z.strictObject({
  src: resourceUrl,
  altText: text(300),
  mimeType: z
    .string()
    .trim()
    .regex(/^[a-z]+\/[a-z0-9.+-]+$/i, 'must be a MIME type such as application/pdf'),
});
export type MediaAssetInput = z.output<typeof mediaAssetInputSchema>;

export const shipmentInputSchema = z.strictObject({
  carrier: z.enum(CARRIERS, { message: 'must be ups, fedex or usps' }),
  trackingNumber: z.string().trim().min(1).max(64).optional(),
});
export type ShipmentInput = z.output<typeof shipmentInputSchema>;

/** POST /staff/customers/:customerId/prescriptions: the care team writes a prescription. */
export const createPrescriptionSchema = z.strictObject({
  providerId: z.uuid().optional(),
  treatmentShortId: treatmentShortIdSchema.optional(),
  status: z.enum(PRESCRIPTION_SNACKBAR_STATUSES).default('received'),
  kits: z.array(kitSnapshotInputSchema).min(1).max(20),
  mediaAssets: z.array(mediaAssetInputSchema).max(20).default([]),
  shipment: shipmentInputSchema.optional(),
  /** When it was written, for records brought over from before (defaults to now). */
  writtenAt: instant.optional(),
  /** Raise prescription_submitted_v1 (the default). */
  notify: z.boolean().default(true),
});
export type CreatePrescriptionInput = z.output<typeof createPrescriptionSchema>;

export const prescriptionParamSchema = z.object({ prescriptionId: z.uuid() });
export const shipmentParamSchema = z.object({ shipmentId: z.uuid() });

/** PUT /staff/prescriptions/:prescriptionId/status */
export const prescriptionStatusSchema = z.strictObject({
  status: z.enum(PRESCRIPTION_SNACKBAR_STATUSES),
});

export const shipmentEventInputSchema = z.strictObject({
  /** As the carrier or pharmacy spells it; spec 02 §4 decides its stage. */
  status: text(100),
  occurredAt: instant,
  message: z.string().trim().max(500).optional(),
  location: z.string().trim().max(200).optional(),
});
export type ShipmentEventInput = z.output<typeof shipmentEventInputSchema>;

/** POST /staff/shipments/:shipmentId/events */
export const shipmentEventsSchema = z.strictObject({
  events: z.array(shipmentEventInputSchema).min(1).max(100),
});

/**
 * POST /staff/carrier-webhook: a tracking service's event (EasyPost's tracker.updated shape);
 * unknown fields are ignored, as a webhook's sender adds fields over time.
 */
export const carrierWebhookSchema = z.object({
  id: z.string().min(1).max(200),
  description: z.string().max(100).optional(),
  result: z.object({
    tracking_code: z.string().trim().min(1).max(64),
    carrier: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(CARRIERS, { message: 'must be ups, fedex or usps' })),
    status: z.string().max(100).optional(),
    tracking_details: z
      .array(
        z.object({
          status: z.string().trim().min(1).max(100),
          datetime: instant,
          message: z.string().max(500).nullish(),
          tracking_location: z
            .object({
              city: z.string().max(100).nullish(),
              state: z.string().max(100).nullish(),
              zip: z.string().max(20).nullish(),
            })
            .nullish(),
        }),
      )
      .max(500)
      .default([]),
  }),
});
export type CarrierWebhookEvent = z.output<typeof carrierWebhookSchema>;

/** A PDF, base64-encoded, at most 5 MB decoded. */
const pdfBase64 = z
  .string()
  .max(7_000_000)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64')
  .refine((v) => v.startsWith('JVBERi0'), { message: 'must be a PDF (%PDF-)' });

/** POST /staff/customers/:customerId/lab-results: a lab result file for a lab order. */
export const labResultSchema = z
  .strictObject({
    fileName: fileNameSchema.refine((v) => /\.pdf$/i.test(v), { message: 'must end in .pdf' }),
    contentBase64: pdfBase64,
    orderedAt: instant,
    receivedAt: instant.optional(),
    providerId: z.uuid().optional(),
    treatmentShortId: treatmentShortIdSchema.optional(),
    notify: z.boolean().default(true),
  })
  .refine((l) => !l.receivedAt || l.receivedAt >= l.orderedAt, {
    message: 'must not be before orderedAt',
    path: ['receivedAt'],
  });
export type LabResultInput = z.output<typeof labResultSchema>;
