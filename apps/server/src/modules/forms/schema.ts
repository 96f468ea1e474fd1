import {
  formShortIdSchema,
  idCheckUploadSchema,
  insertDocumentSchema,
  removeDocumentSchema,
  updateExistingFormSchema,
  upsertIntakeFormSchema,
  type SideEffectAssessment,
} from '@portal/domain';
import { z } from 'zod';
import { builder } from '../../graphql/builder';
import { payloadType } from '../../graphql/payload-type';
import { parseArgs, requireCustomer } from '../../graphql/guards';
import { ok } from '../../graphql/payload';
import type { IdVerificationRow } from './id-verification';
import type { DefinitionRow, FormResponseView } from './service';
import type { FormService } from './service';
import type { IdVerificationService } from './id-verification';

declare module '../../graphql/context' {
  interface Services {
    forms: FormService;
    idVerification: IdVerificationService;
  }
}

// Forms and ID checks of the signed-in customer (spec 02 §7, issue 15). A definition and a
// response travel as FHIR JSON (Questionnaire, QuestionnaireResponse) in a string field, so
// the renderer reads the standard's own shape. Loads fail as F101, saves as A103 with one
// message key per refused question in extensions.fields.

const FormDefinitionType = builder.objectRef<DefinitionRow>('FormDefinition').implement({
  description: 'A form definition: one version of a FHIR R4 Questionnaire.',
  fields: (t) => ({
    id: t.exposeID('id'),
    short_id: t.exposeString('shortId'),
    url: t.exposeString('url'),
    version: t.exposeString('version'),
    kind: t.exposeString('kind'),
    title: t.exposeString('title'),
    questionnaire: t.string({
      description: 'The Questionnaire resource as JSON.',
      resolve: (d) => JSON.stringify(d.questionnaire),
    }),
  }),
});

const SideEffectOutcome = builder.objectRef<SideEffectAssessment>('SideEffectOutcome').implement({
  description: 'What the side-effect check-in rules concluded (urgent shows the urgent banner).',
  fields: (t) => ({
    level: t.exposeString('level'),
    rules: t.exposeStringList('rules'),
    guidance: t.exposeStringList('guidance'),
    task: t.exposeString('task', { nullable: true }),
  }),
});

const IntakeForm = builder.objectRef<FormResponseView>('IntakeForm').implement({
  description: "A customer's answers to a form, pinned to one definition version.",
  fields: (t) => ({
    id: t.id({ resolve: (v) => v.row.id }),
    short_id: t.string({ resolve: (v) => v.row.shortId }),
    questionnaire: t.string({
      description: 'The canonical url|version the answers belong to.',
      resolve: (v) => `${v.definition.url}|${v.definition.version}`,
    }),
    status: t.string({ description: 'in-progress or completed.', resolve: (v) => v.row.status }),
    appointment_id: t.id({ nullable: true, resolve: (v) => v.row.appointmentId }),
    follow_up_id: t.id({ nullable: true, resolve: (v) => v.row.followUpId }),
    treatment_short_id: t.string({ nullable: true, resolve: (v) => v.row.treatmentShortId }),
    last_page: t.string({ nullable: true, resolve: (v) => v.row.lastPage }),
    resume_page: t.string({ nullable: true, resolve: (v) => v.resumePage }),
    response: t.string({
      description: 'The QuestionnaireResponse resource as JSON.',
      resolve: (v) => JSON.stringify(v.response),
    }),
    definition: t.field({ type: FormDefinitionType, resolve: (v) => v.definition }),
    outcome: t.field({
      type: SideEffectOutcome,
      nullable: true,
      resolve: (v) => (v.row.outcome as SideEffectAssessment | null) ?? null,
    }),
    created_at: t.field({ type: 'DateTime', resolve: (v) => v.row.createdAt }),
    updated_at: t.field({ type: 'DateTime', resolve: (v) => v.row.updatedAt }),
    completed_at: t.field({ type: 'DateTime', nullable: true, resolve: (v) => v.row.completedAt }),
  }),
});

const FormPrefill = builder
  .objectRef<{ linkId: string; json: string }>('FormPrefillAnswer')
  .implement({
    fields: (t) => ({
      linkId: t.exposeString('linkId'),
      answer: t.exposeString('json', { description: 'One FormAnswerInput as JSON.' }),
    }),
  });

const FormAnswerInput = builder.inputType('FormAnswerInput', {
  description:
    "One answer: a question's linkId and one value (a multi-choice question gets one entry per option).",
  fields: (t) => ({
    linkId: t.string({ required: true }),
    valueString: t.string(),
    valueInteger: t.int(),
    valueDecimal: t.float(),
    valueDate: t.field({ type: 'Date' }),
    valueBoolean: t.boolean(),
    valueCoding: t.string({ description: 'The code of the chosen option.' }),
    valueAttachmentId: t.id({ description: 'A document uploaded through a signed upload URL.' }),
  }),
});

const IntakeFormPayload = payloadType('IntakeFormPayload', IntakeForm);

/** GraphQL gives null for a value not sent; the zod schema wants it absent. */
const answersOf = (answers: readonly Record<string, unknown>[]) =>
  answers.map((a) => Object.fromEntries(Object.entries(a).filter(([, v]) => v != null)));

const filterArgs = z.object({
  shortId: formShortIdSchema.optional(),
  appointmentId: z.uuid().optional(),
  followUpId: z.uuid().optional(),
  status: z.enum(['in-progress', 'completed']).optional(),
});

builder.queryField('getTypeformByShortId', (t) =>
  t.field({
    type: FormDefinitionType,
    description:
      'GetTypeformByShortId {short_id}: the newest version of a form; F101 when there is none.',
    authScopes: { customer: true },
    args: { short_id: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => {
      requireCustomer(ctx);
      const shortId = parseArgs(formShortIdSchema, args.short_id, 'F101');
      return ctx.services.forms.definitionByShortId(shortId, ctx.actor);
    },
  }),
);

builder.queryField('formPrefill', (t) =>
  t.field({
    type: [FormPrefill],
    description:
      "What the portal knows for a form's prefilled questions (name, date of birth, weight, height, current medication).",
    authScopes: { customer: true },
    args: { short_id: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const shortId = parseArgs(formShortIdSchema, args.short_id, 'F101');
      const definition = await ctx.services.forms.definitionByShortId(shortId, ctx.actor);
      const answers = await ctx.services.forms.prefill(customerId, definition, ctx.actor);
      return answers.map((a) => ({ linkId: a.linkId, json: JSON.stringify(a) }));
    },
  }),
);

builder.queryField('intakeSearches', (t) =>
  t.field({
    type: [IntakeForm],
    description:
      "IntakeSearches: the viewer's responses, newest first, by form short id, appointment, follow-up or status.",
    authScopes: { customer: true },
    args: {
      short_id: t.arg.string(),
      appointment_id: t.arg.id(),
      follow_up_id: t.arg.id(),
      status: t.arg.string(),
    },
    resolve: (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const filter = parseArgs(
        filterArgs,
        {
          shortId: args.short_id ?? undefined,
          appointmentId: args.appointment_id != null ? String(args.appointment_id) : undefined,
          followUpId: args.follow_up_id != null ? String(args.follow_up_id) : undefined,
          status: args.status ?? undefined,
        },
        'F101',
      );
      return ctx.services.forms.responses(customerId, filter, ctx.actor);
    },
  }),
);

builder.queryField('intakeForms', (t) =>
  t.field({
    type: [IntakeForm],
    description: "Intake forms: all of the viewer's responses, newest first.",
    authScopes: { customer: true },
    resolve: (_root, _args, ctx) =>
      ctx.services.forms.responses(requireCustomer(ctx), {}, ctx.actor),
  }),
);

builder.queryField('intakeForm', (t) =>
  t.field({
    type: IntakeForm,
    description: "One of the viewer's responses; another customer's id is F101 (not found).",
    authScopes: { customer: true },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const id = parseArgs(z.uuid(), String(args.id), 'F101');
      return ctx.services.forms.response(customerId, id, ctx.actor);
    },
  }),
);

builder.mutationField('UpsertIntakeForm', (t) =>
  t.field({
    type: IntakeFormPayload,
    description:
      "Saves one page of answers to the viewer's open response of a form (for that appointment or follow-up), starting one on the newest version. A103 when refused.",
    authScopes: { customer: true },
    args: {
      form_short_id: t.arg.string({ required: true }),
      appointment_id: t.arg.id(),
      follow_up_id: t.arg.id(),
      treatment_short_id: t.arg.string(),
      page: t.arg.string(),
      answers: t.arg({ type: [FormAnswerInput], required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const input = parseArgs(
        upsertIntakeFormSchema,
        {
          formShortId: args.form_short_id,
          appointmentId: args.appointment_id != null ? String(args.appointment_id) : null,
          followUpId: args.follow_up_id != null ? String(args.follow_up_id) : null,
          treatmentShortId: args.treatment_short_id ?? null,
          page: args.page ?? null,
          answers: answersOf(args.answers),
        },
        'A103',
      );
      const view = await ctx.services.forms.upsert(customerId, input, ctx.actor);
      return ok('IntakeFormSaved', 'Answers saved.', view);
    },
  }),
);

builder.mutationField('UpdateExistingForm', (t) =>
  t.field({
    type: IntakeFormPayload,
    description:
      "Saves a page of answers to one of the viewer's in-progress responses; complete: true submits it after checking every answer and branch. A completed response is read-only. A103 when refused.",
    authScopes: { customer: true },
    args: {
      id: t.arg.id({ required: true }),
      page: t.arg.string(),
      answers: t.arg({ type: [FormAnswerInput], required: true }),
      complete: t.arg.boolean(),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const input = parseArgs(
        updateExistingFormSchema,
        {
          id: String(args.id),
          page: args.page ?? null,
          answers: answersOf(args.answers),
          complete: args.complete ?? false,
        },
        'A103',
      );
      const view = await ctx.services.forms.update(customerId, input, ctx.actor);
      return ok(
        input.complete ? 'IntakeFormSubmitted' : 'IntakeFormSaved',
        input.complete ? 'Form submitted.' : 'Answers saved.',
        view,
      );
    },
  }),
);

builder.mutationField('InsertDocument', (t) =>
  t.field({
    type: IntakeFormPayload,
    description:
      'An uploaded file (signed upload URL, category FormAttachment) as the answer to an attachment question; images and PDF up to 10 MB. A103 when refused.',
    authScopes: { customer: true },
    args: {
      form_id: t.arg.id({ required: true }),
      link_id: t.arg.string({ required: true }),
      document_id: t.arg.id({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const input = parseArgs(
        insertDocumentSchema,
        {
          formId: String(args.form_id),
          linkId: args.link_id,
          documentId: String(args.document_id),
        },
        'A103',
      );
      const view = await ctx.services.forms.insertDocument(customerId, input, ctx.actor);
      return ok('DocumentInserted', 'File attached.', view);
    },
  }),
);

builder.mutationField('RemoveDocument', (t) =>
  t.field({
    type: IntakeFormPayload,
    description:
      'Takes the file off an attachment question of an open form and deletes it. A103 when the form is not yours or is submitted.',
    authScopes: { customer: true },
    args: {
      form_id: t.arg.id({ required: true }),
      link_id: t.arg.string({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const input = parseArgs(
        removeDocumentSchema,
        { formId: String(args.form_id), linkId: args.link_id },
        'A103',
      );
      const view = await ctx.services.forms.removeDocument(customerId, input, ctx.actor);
      return ok('DocumentRemoved', 'File removed.', view);
    },
  }),
);

// ID checks

const IdVerification = builder.objectRef<IdVerificationRow>('IdVerification').implement({
  description:
    'An ID check: requested (upload the images), in_review, verified or rejected (with a reason to act on).',
  fields: (t) => ({
    id: t.exposeID('id'),
    status: t.exposeString('status'),
    front_uploaded: t.boolean({ resolve: (v) => v.frontDocumentId !== null }),
    back_uploaded: t.boolean({ resolve: (v) => v.backDocumentId !== null }),
    selfie_uploaded: t.boolean({ resolve: (v) => v.selfieDocumentId !== null }),
    rejection_reason: t.exposeString('rejectionReason', { nullable: true }),
    rejection_note: t.exposeString('rejectionNote', { nullable: true }),
    submitted_at: t.field({ type: 'DateTime', nullable: true, resolve: (v) => v.submittedAt }),
    decided_at: t.field({ type: 'DateTime', nullable: true, resolve: (v) => v.decidedAt }),
    updated_at: t.field({ type: 'DateTime', resolve: (v) => v.updatedAt }),
  }),
});

const IdVerificationPayload = payloadType('IdVerificationPayload', IdVerification);

builder.queryField('idVerification', (t) =>
  t.field({
    type: IdVerification,
    nullable: true,
    description: "The viewer's newest ID check; null when none was started.",
    authScopes: { customer: true },
    resolve: (_root, _args, ctx) => ctx.services.idVerification.current(requireCustomer(ctx)),
  }),
);

builder.mutationField('UploadIdVerificationImage', (t) =>
  t.field({
    type: IdVerificationPayload,
    description:
      'One image of the ID check (front, back or selfie): a JPEG, PNG or WebP uploaded to category Identification. After a rejection it starts a new check. A103 when refused.',
    authScopes: { customer: true },
    args: {
      side: t.arg.string({ required: true }),
      document_id: t.arg.id({ required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const customerId = requireCustomer(ctx);
      const input = parseArgs(
        idCheckUploadSchema,
        { side: args.side, documentId: String(args.document_id) },
        'A103',
      );
      const row = await ctx.services.idVerification.upload(customerId, input, ctx.actor);
      return ok('IdImageSaved', 'Image saved.', row);
    },
  }),
);

builder.mutationField('SubmitIdVerification', (t) =>
  t.field({
    type: IdVerificationPayload,
    description:
      'Sends the three images to the care team (requested → in_review). A103 when refused.',
    authScopes: { customer: true },
    resolve: async (_root, _args, ctx) => {
      const row = await ctx.services.idVerification.submit(requireCustomer(ctx), ctx.actor);
      return ok('IdCheckSubmitted', 'Sent to the care team.', row);
    },
  }),
);
