import {
  FORM_REVIEW_KINDS,
  SEEDED_FORMS,
  answersOf,
  buildResponse,
  formPages,
  isQuestion,
  walkItems,
  resumePage,
  type FormAnswerInput,
  type FormDefinition,
  type QuestionnaireItem,
  type QuestionnaireResponse,
  type QuestionnaireResponseItemAnswer,
  type UpdateExistingFormInput,
  type UpsertIntakeFormInput,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { codedError } from '../../platform/errors';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { AppointmentService } from '../appointments/service';
import type { CustomerService } from '../customers/service';
import type { FileService } from '../files/service';
import type { WeightService } from '../weight/service';
import type { NotificationService } from '../notifications/service';
import type { PrescriptionService } from '../prescriptions/service';
import { knownAnswers } from './prefill';
import { removeUnattachedUploads } from './upload-cleanup';
import { asDefinition, ownResponse, saveResponse, type SaveInput } from './save';
import { FormStore, type CareTaskRow, type DefinitionRow, type ResponseRow } from './store';

export type { CareTaskRow, DefinitionRow, ResponseRow };

/** A response with the definition version it is pinned to. */
export interface FormResponseView {
  row: ResponseRow;
  definition: DefinitionRow;
  response: QuestionnaireResponse;
  /** Where to go on: the page after the last one saved, or the first one still missing. */
  resumePage: string | null;
}

/** A submitted response as the care team reads it: answers as text, by question. */
export interface SubmittedFormView {
  id: string;
  formShortId: string;
  formName: string;
  status: string;
  submittedAt: Date;
  answers: { question: string; answer: string }[];
  /** Whether a provider reads this kind of form (FORM_REVIEW_KINDS), and who read it when. */
  review: { needed: boolean; reviewedAt: Date | null; reviewedBy: string | null };
}

/** One answer as text: a choice's display, a number with its unit, a file's name. */
function answerText(
  a: QuestionnaireResponseItemAnswer,
  choices?: QuestionnaireItem['answerOption'],
): string {
  if (a.valueCoding) {
    // The portal stores a choice's code; the care team reads the words the patient chose.
    const chosen = choices?.find((o) => o.valueCoding?.code === a.valueCoding?.code);
    return a.valueCoding.display ?? chosen?.valueCoding?.display ?? a.valueCoding.code ?? '';
  }
  if (a.valueQuantity)
    return `${String(a.valueQuantity.value ?? '')} ${a.valueQuantity.unit ?? ''}`.trim();
  if (a.valueAttachment) return a.valueAttachment.title ?? 'A file';
  if (a.valueBoolean !== undefined) return a.valueBoolean ? 'Yes' : 'No';
  const v = a.valueString ?? a.valueInteger ?? a.valueDecimal ?? a.valueDate ?? a.valueDateTime;
  return v === undefined ? '' : String(v);
}

export interface FormsDeps {
  db: Db;
  uow: UnitOfWork;
  audit: AuditLog;
  clock: Clock;
  files: FileService;
  appointments: AppointmentService;
  notifications: NotificationService;
  customers: CustomerService;
  weight: WeightService;
  prescriptions: PrescriptionService;
}

/**
 * Forms (issue 15): definitions are versioned Questionnaires; a response is saved page by page
 * while in-progress, resumes on any device, and is re-validated in full on submit against the
 * version it is pinned to; a completed one is read-only. Loads fail as F101, saves as A103.
 * Every save goes through save.ts; what a submitted intake or check-in sets off is completion.ts.
 */
export class FormService {
  constructor(
    private readonly store: FormStore,
    private readonly deps: FormsDeps,
  ) {}

  /** Seeds the portal's forms (each url|version once). */
  async seedDefinitions(): Promise<void> {
    for (const form of SEEDED_FORMS)
      await this.storeDefinition(form.shortId, form.kind, form.definition);
  }

  /** Stores a definition version (the demo seed and tests add versions this way). */
  async storeDefinition(
    shortId: string,
    kind: (typeof SEEDED_FORMS)[number]['kind'],
    definition: FormDefinition,
  ): Promise<void> {
    await this.store.insertDefinition({
      shortId,
      kind,
      url: definition.url,
      version: definition.version,
      title: definition.title ?? definition.name,
      questionnaire: definition,
      createdAt: this.deps.clock.now(),
    });
  }

  /** GetTypeformByShortId: the newest version of a form; F101 when there is none. */
  async definitionByShortId(shortId: string, actor: AuditActor): Promise<DefinitionRow> {
    const row = await this.store.latestDefinition(shortId);
    if (!row) throw codedError('F101', 'Cannot load form.', { reason: 'notFound' });
    await this.deps.audit.record(actor, {
      action: 'read',
      entity: 'form_definition',
      entityId: row.id,
      details: { operation: 'GetTypeformByShortId', canonical: `${row.url}|${row.version}` },
    });
    return row;
  }

  /** What the portal already knows for a form's prefill items (prefill.ts). */
  prefill(
    customerId: string,
    definition: DefinitionRow,
    actor: AuditActor,
  ): Promise<FormAnswerInput[]> {
    return knownAnswers(this.deps, customerId, asDefinition(definition), actor);
  }

  private async view(row: ResponseRow): Promise<FormResponseView> {
    const definition = await this.store.definitionById(row.definitionId);
    if (!definition) throw codedError('F101', 'Cannot load form.', { reason: 'definitionMissing' });
    const response = row.response as QuestionnaireResponse;
    const pages = formPages(asDefinition(definition)).map((p) => p.linkId);
    const after = row.lastPage ? pages[pages.indexOf(row.lastPage) + 1] : undefined;
    return {
      row,
      definition,
      response,
      resumePage:
        row.status === 'completed'
          ? null
          : (after ??
            resumePage(asDefinition(definition), answersOf(response)) ??
            pages[0] ??
            null),
    };
  }

  /** One of the customer's responses; another customer's id reads as not found (F101). */
  async response(customerId: string, id: string, actor: AuditActor): Promise<FormResponseView> {
    const row = await this.store.response(customerId, id);
    if (!row) throw codedError('F101', 'Cannot load form.', { reason: 'notFound' });
    await this.deps.audit.record(actor, { action: 'read', entity: 'form_response', entityId: id });
    return this.view(row);
  }

  /** IntakeSearches / intake forms: the customer's responses, newest first. */
  async responses(
    customerId: string,
    filter: { shortId?: string; appointmentId?: string; followUpId?: string; status?: string },
    actor: AuditActor,
  ): Promise<FormResponseView[]> {
    const rows = await this.store.responses(customerId, filter);
    await this.deps.audit.record(actor, {
      action: 'read',
      entity: 'form_response',
      entityId: customerId,
      details: { operation: 'IntakeSearches', ids: rows.map((r) => r.id) },
    });
    return Promise.all(rows.map((r) => this.view(r)));
  }

  /**
   * UpsertIntakeForm: one page's answers to the customer's open response of a form (for that
   * appointment or follow-up), started on the newest version when there is none.
   */
  async upsert(
    customerId: string,
    input: UpsertIntakeFormInput,
    actor: AuditActor,
  ): Promise<FormResponseView> {
    const definition = await this.store.latestDefinition(input.formShortId);
    if (!definition) throw codedError('F101', 'Cannot load form.', { reason: 'notFound' });
    if (
      input.appointmentId &&
      !(await this.deps.appointments.ownsAppointment(customerId, input.appointmentId))
    ) {
      throw codedError('A103', 'Answers could not be saved.', {
        fields: { appointmentId: 'forms.notFound' },
      });
    }
    // A follow-up is checked as the appointment is: answers pinned to another patient's
    // follow-up would be read by the care team as that patient's.
    if (
      input.followUpId &&
      !(await this.deps.appointments.ownsFollowUp(customerId, input.followUpId))
    ) {
      throw codedError('A103', 'Answers could not be saved.', {
        fields: { followUpId: 'forms.notFound' },
      });
    }
    return this.save(
      customerId,
      actor,
      async (store) => {
        const open = await store.openResponse(
          customerId,
          input.formShortId,
          input.appointmentId ?? null,
          input.followUpId ?? null,
        );
        if (open) return open;
        return store.insertResponse({
          customerId,
          definitionId: definition.id,
          shortId: input.formShortId,
          status: 'in-progress',
          appointmentId: input.appointmentId ?? null,
          followUpId: input.followUpId ?? null,
          treatmentShortId: input.treatmentShortId ?? null,
          response: buildResponse(
            asDefinition(definition),
            new Map(),
            'in-progress',
            this.deps.clock.now().toISOString(),
          ),
          createdAt: this.deps.clock.now(),
          updatedAt: this.deps.clock.now(),
        });
      },
      { page: input.page, answers: input.answers, complete: false },
    );
  }

  /** UpdateExistingForm: a page's answers to a response by id; `complete` submits it. */
  update(
    customerId: string,
    input: UpdateExistingFormInput,
    actor: AuditActor,
  ): Promise<FormResponseView> {
    return this.save(customerId, actor, (store) => ownResponse(store, customerId, input.id), input);
  }

  /** InsertDocument: an uploaded image or PDF of the customer's as an attachment answer. */
  insertDocument(
    customerId: string,
    input: { formId: string; linkId: string; documentId: string },
    actor: AuditActor,
  ): Promise<FormResponseView> {
    return this.update(
      customerId,
      {
        id: input.formId,
        page: null,
        complete: false,
        answers: [{ linkId: input.linkId, valueAttachmentId: input.documentId }],
      },
      actor,
    );
  }

  /**
   * RemoveDocument: takes the file off an attachment question of an open response; the file
   * itself is deleted with the save (row now, bytes after the commit).
   */
  removeDocument(
    customerId: string,
    input: { formId: string; linkId: string },
    actor: AuditActor,
  ): Promise<FormResponseView> {
    return this.save(customerId, actor, (store) => ownResponse(store, customerId, input.formId), {
      page: null,
      answers: [],
      complete: false,
      remove: input.linkId,
    });
  }

  /** Saves through the one write path (save.ts) and answers the saved response's view. */
  private async save(
    customerId: string,
    actor: AuditActor,
    locate: (store: FormStore) => Promise<ResponseRow>,
    input: SaveInput,
  ): Promise<FormResponseView> {
    return this.view(await saveResponse(this.deps, this.store, customerId, actor, locate, input));
  }

  /**
   * The care console's patient page (issue 41): the customer's submitted responses, newest
   * first, each with its form's title and its answers as question/answer text in the order of
   * the form. Not audited here: the patient overview audits its one read, naming the section.
   */
  async submittedForCareTeam(customerId: string): Promise<SubmittedFormView[]> {
    const rows = await this.store.responses(customerId, { status: 'completed' });
    const definitions = new Map<string, DefinitionRow | undefined>();
    for (const id of new Set(rows.map((r) => r.definitionId))) {
      definitions.set(id, await this.store.definitionById(id));
    }
    return rows.map((row) => {
      const definition = definitions.get(row.definitionId);
      const answers = answersOf(row.response as QuestionnaireResponse);
      const questions = definition
        ? walkItems(asDefinition(definition).item).filter(({ item }) => isQuestion(item))
        : [];
      return {
        id: row.id,
        formShortId: row.shortId,
        formName: definition?.title ?? row.shortId,
        status: row.status,
        submittedAt: row.completedAt ?? row.updatedAt,
        answers: questions.flatMap(({ item }) => {
          const given = answers.get(item.linkId);
          return given?.length
            ? [
                {
                  question: item.text ?? item.linkId,
                  answer: given.map((a) => answerText(a, item.answerOption)).join(', '),
                },
              ]
            : [];
        }),
        review: {
          needed: (FORM_REVIEW_KINDS as readonly string[]).includes(definition?.kind ?? ''),
          reviewedAt: row.reviewedAt,
          reviewedBy: row.reviewedBy,
        },
      };
    });
  }

  /** The care team's tasks from forms (staff API), newest first. */
  careTasks(filter: { status?: string; customerId?: string }): Promise<CareTaskRow[]> {
    return this.store.careTasks(filter);
  }

  /**
   * The care team has dealt with a task: open → done with who and when, audited with the
   * patient and the fields changed. `done` false, with the task as it stands, when it was not
   * open (another staff member resolved it first); undefined when there is no such task.
   */
  async resolveCareTask(
    id: string,
    actor: AuditActor,
  ): Promise<{ task: CareTaskRow; done: boolean } | undefined> {
    const resolved = await this.deps.uow.run(actor, async (work) => {
      const row = await this.store.in(work.tx).resolveCareTask(id, actor.id, this.deps.clock.now());
      if (row) {
        await work.audit({
          action: 'update',
          entity: 'form_care_task',
          entityId: row.id,
          details: { customerId: row.customerId, fields: ['status', 'resolvedBy', 'resolvedAt'] },
        });
      }
      return row;
    });
    if (resolved) return { task: resolved, done: true };
    const task = await this.store.careTaskById(id);
    return task ? { task, done: false } : undefined;
  }

  /**
   * A care-team member has read a submitted intake or follow-up (the care queue's form_review):
   * reviewed, with who and when, audited with the patient and the field names. `done` false,
   * with the response as it stands, when someone reviewed it first; undefined when there is no
   * submitted form of a reviewed kind with that id.
   */
  async markReviewed(
    id: string,
    actor: AuditActor,
  ): Promise<{ response: ResponseRow; done: boolean } | undefined> {
    const reviewed = await this.deps.uow.run(actor, async (work) => {
      const row = await this.store.in(work.tx).markReviewed(id, actor.id, this.deps.clock.now());
      if (row) {
        await work.audit({
          action: 'update',
          entity: 'form_response',
          entityId: row.id,
          details: { customerId: row.customerId, fields: ['reviewedAt', 'reviewedBy'] },
        });
      }
      return row;
    });
    if (reviewed) return { response: reviewed, done: true };
    const response = await this.store.responseById(id);
    return response?.reviewedAt ? { response, done: false } : undefined;
  }

  /** The scheduled clean-up of uploads nothing uses (upload-cleanup.ts); how many went. */
  removeUnattachedUploads(): Promise<number> {
    return removeUnattachedUploads(this.store, this.deps);
  }
}

export function createFormService(deps: FormsDeps): FormService {
  return new FormService(new FormStore(deps.db), deps);
}
