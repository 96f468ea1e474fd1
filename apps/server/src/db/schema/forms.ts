import { FORM_KINDS, ID_CHECK_STATUSES } from '@portal/domain';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { customers } from './customers';
import { documents } from './files';

// Issue 15: form definitions (FHIR R4 Questionnaires, one row per url and version), the
// customers' responses pinned to one of them, the care team's tasks raised by a check-in, and
// ID checks.

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** A Questionnaire as written; a new version is a new row, never an update. */
export const formDefinitions = pgTable(
  'form_definitions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The short id the portal's links use (/forms/{formId}). */
    shortId: text('short_id').notNull(),
    url: text('url').notNull(),
    version: text('version').notNull(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    questionnaire: jsonb('questionnaire').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('form_definitions_url_version_uq').on(t.url, t.version),
    index('form_definitions_short_id_idx').on(t.shortId, t.createdAt),
    check('form_definitions_kind_ck', sql`${t.kind} in (${list(FORM_KINDS)})`),
  ],
);

/** A QuestionnaireResponse, pinned to the definition row (url|version) it answers. */
export const formResponses = pgTable(
  'form_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    definitionId: uuid('definition_id')
      .notNull()
      .references(() => formDefinitions.id),
    shortId: text('short_id').notNull(),
    status: text('status').notNull().default('in-progress'),
    appointmentId: uuid('appointment_id').references(() => appointments.id, {
      onDelete: 'set null',
    }),
    followUpId: uuid('follow_up_id'),
    treatmentShortId: text('treatment_short_id'),
    /** The last page saved, so another device resumes after it. */
    lastPage: text('last_page'),
    response: jsonb('response').notNull(),
    /** What the check-in rules concluded, kept with the answers they read. */
    outcome: jsonb('outcome'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * Who of the care team read a submitted intake or follow-up (a staff user id, or null for
     * the API key) and when (issue 41: until then it waits in the care queue as form_review).
     */
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('form_responses_customer_idx').on(t.customerId, t.shortId, t.updatedAt),
    // The care queue's form_review branch: the submitted forms nobody has read yet.
    index('form_responses_unreviewed_idx')
      .on(t.completedAt)
      .where(sql`${t.status} = 'completed' and ${t.reviewedAt} is null`),
    check('form_responses_status_ck', sql`${t.status} in ('in-progress', 'completed')`),
  ],
);

/** Work for the care team a form raised (a side-effect check-in's urgent or routine review). */
export const formCareTasks = pgTable(
  'form_care_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    responseId: uuid('response_id')
      .notNull()
      .references(() => formResponses.id, { onDelete: 'cascade' }),
    priority: text('priority').notNull(),
    status: text('status').notNull().default('open'),
    summary: jsonb('summary').notNull(),
    /** Who marked the task done (a staff user id, or 'api-key') and when (issue 41). */
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('form_care_tasks_response_uq').on(t.responseId),
    index('form_care_tasks_open_idx').on(t.status, t.priority, t.createdAt),
    check('form_care_tasks_priority_ck', sql`${t.priority} in ('urgent', 'routine')`),
  ],
);

/** An ID check: the photo ID's front and back and a selfie, decided by the care team. */
export const idVerifications = pgTable(
  'id_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('requested'),
    // Set null: the images are deleted once the care team has decided.
    frontDocumentId: uuid('front_document_id').references(() => documents.id, {
      onDelete: 'set null',
    }),
    backDocumentId: uuid('back_document_id').references(() => documents.id, {
      onDelete: 'set null',
    }),
    selfieDocumentId: uuid('selfie_document_id').references(() => documents.id, {
      onDelete: 'set null',
    }),
    rejectionReason: text('rejection_reason'),
    rejectionNote: text('rejection_note'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: text('decided_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('id_verifications_customer_idx').on(t.customerId, t.createdAt),
    index('id_verifications_status_idx').on(t.status, t.submittedAt),
    check('id_verifications_status_ck', sql`${t.status} in (${list(ID_CHECK_STATUSES)})`),
  ],
);
