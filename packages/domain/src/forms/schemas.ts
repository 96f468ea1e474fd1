import { z } from 'zod';
import { formAnswersInputSchema, LINK_ID } from './answers';

// Inputs of the forms and ID check operations, shared by the renderer and the resolvers.

export const formShortIdSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'forms.unknownForm');
const pageSchema = z.string().regex(LINK_ID, 'forms.unknownPage').nullable().default(null);

/** UpsertIntakeForm: one page's answers to the customer's open response of a form. */
export const upsertIntakeFormSchema = z.object({
  formShortId: formShortIdSchema,
  appointmentId: z.uuid().nullish(),
  followUpId: z.uuid().nullish(),
  treatmentShortId: z.string().trim().max(64).nullish(),
  page: pageSchema,
  answers: formAnswersInputSchema,
});
export type UpsertIntakeFormInput = z.output<typeof upsertIntakeFormSchema>;

/** UpdateExistingForm: a page's answers to a response by id; `complete` submits it. */
export const updateExistingFormSchema = z.object({
  id: z.uuid(),
  page: pageSchema,
  answers: formAnswersInputSchema,
  complete: z.boolean().default(false),
});
export type UpdateExistingFormInput = z.output<typeof updateExistingFormSchema>;

/** InsertDocument: an uploaded file as the answer to an attachment question. */
export const insertDocumentSchema = z.object({
  formId: z.uuid(),
  linkId: z.string().regex(LINK_ID, 'forms.unknownQuestion'),
  documentId: z.uuid('forms.invalidFile'),
});

/** RemoveDocument: takes the file off an attachment question (the file is deleted). */
export const removeDocumentSchema = z.object({
  formId: z.uuid(),
  linkId: z.string().regex(LINK_ID, 'forms.unknownQuestion'),
});

export const ID_CHECK_SIDES = ['front', 'back', 'selfie'] as const;
export type IdCheckSide = (typeof ID_CHECK_SIDES)[number];
/** Spec 01 §3 types: requested (waiting for the customer), in review, verified, rejected. */
export const ID_CHECK_STATUSES = ['requested', 'in_review', 'verified', 'rejected'] as const;
export type IdCheckStatus = (typeof ID_CHECK_STATUSES)[number];
/** Why the care team turns a check down; each tells the customer what to retake. */
export const ID_CHECK_REJECTION_REASONS = [
  'document_unreadable',
  'document_expired',
  'document_incomplete',
  'selfie_mismatch',
  'selfie_unclear',
  'other',
] as const;
export type IdCheckRejectionReason = (typeof ID_CHECK_REJECTION_REASONS)[number];

/**
 * How often the ID check screen asks again while the care team reviews the check, so the
 * customer sees a rejection without reloading (a verification also arrives live, with the
 * `dl` notification).
 */
export const ID_CHECK_IN_REVIEW_REFRESH_MS = 10_000;

/** One image of the ID check: which side, and the uploaded document (category Identification). */
export const idCheckUploadSchema = z.object({
  side: z.enum(ID_CHECK_SIDES, { message: 'idVerification.invalidSide' }),
  documentId: z.uuid('forms.invalidFile'),
});

/** POST /staff/id-verifications/:id/decision */
export const idCheckDecisionSchema = z
  .strictObject({
    decision: z.enum(['approve', 'reject']),
    reason: z.enum(ID_CHECK_REJECTION_REASONS).optional(),
    /** Shown to the customer with the reason. */
    note: z.string().trim().max(500).optional(),
  })
  .refine((d) => d.decision === 'approve' || d.reason !== undefined, {
    message: 'a rejection needs a reason',
    path: ['reason'],
  });
export type IdCheckDecision = z.output<typeof idCheckDecisionSchema>;
