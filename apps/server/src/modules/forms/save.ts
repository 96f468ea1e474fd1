import {
  answersOf,
  assessSideEffects,
  buildResponse,
  canonicalOf,
  formPages,
  itemIndex,
  mergePage,
  validateAnswers,
  type FormAnswerInput,
  type FormDefinition,
  type FormIssue,
  type QuestionnaireResponse,
} from '@portal/domain';
import { codedError } from '../../platform/errors';
import type { AuditActor } from '../../platform/audit';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { FileService } from '../files/service';
import type { NotificationRow, NotificationService } from '../notifications/service';
import { dropUnusedAttachments, resolveAttachments } from './attachments';
import { onCompleted, type CompletionDeps } from './completion';
import type { DefinitionRow, FormStore, ResponseRow } from './store';

/**
 * The one lock of a customer's forms area: every save of answers, every ID check change and
 * the clean-up of unattached uploads take it, so whether an upload is in use is judged while
 * nothing can start using it.
 */
export const formsLock = (customerId: string) => `forms:${customerId}`;

/** A stored definition's questionnaire as the domain reads it. */
export const asDefinition = (row: DefinitionRow) => row.questionnaire as FormDefinition;

/** The customer's own response by id, for a save; another's or none is A103 (nothing saved). */
export async function ownResponse(
  store: FormStore,
  customerId: string,
  id: string,
): Promise<ResponseRow> {
  const row = await store.response(customerId, id);
  if (!row) throw codedError('A103', 'Answers could not be saved.', { reason: 'notFound' });
  return row;
}

/** A103 with one message key per refused question. */
function refused(issues: FormIssue[]) {
  return codedError('A103', 'Answers could not be saved.', {
    fields: Object.fromEntries(issues.map((i) => [i.linkId, i.code])),
  });
}

export interface SaveInput {
  page: string | null;
  answers: FormAnswerInput[];
  complete: boolean;
  /** An attachment question to clear (RemoveDocument). */
  remove?: string;
}

export interface SaveDeps extends CompletionDeps {
  uow: UnitOfWork;
  files: FileService;
  notifications: CompletionDeps['notifications'] & Pick<NotificationService, 'published'>;
}

/**
 * The one write path: load (or start) the response in the transaction, refuse a completed
 * one, merge the page, validate everything against the pinned version and store. Any refusal
 * throws before the write, so a refused save changes nothing.
 */
export async function saveResponse(
  deps: SaveDeps,
  formStore: FormStore,
  customerId: string,
  actor: AuditActor,
  locate: (store: FormStore) => Promise<ResponseRow>,
  input: SaveInput,
): Promise<ResponseRow> {
  const now = deps.clock.now();
  const settled: NotificationRow[] = [];
  let removeBytes = async () => {};
  const row = await deps.uow.run(
    actor,
    async (work) => {
      const store = formStore.in(work.tx);
      const current = await locate(store);
      if (current.status === 'completed') {
        throw codedError('A103', 'This form was submitted already.', { reason: 'completed' });
      }
      const definitionRow = await store.definitionById(current.definitionId);
      if (!definitionRow)
        throw codedError('F101', 'Cannot load form.', { reason: 'definitionMissing' });
      const definition = asDefinition(definitionRow);
      if (input.page !== null && !formPages(definition).some((p) => p.linkId === input.page)) {
        throw codedError('A103', 'Answers could not be saved.', {
          fields: { page: 'forms.unknownPage' },
        });
      }
      if (
        input.remove !== undefined &&
        itemIndex(definition).get(input.remove)?.type !== 'attachment'
      ) {
        throw refused([{ linkId: input.remove, code: 'forms.wrongType' }]);
      }
      const sent = await resolveAttachments(deps.files, customerId, input.answers, work.tx);
      const stored = answersOf(current.response as QuestionnaireResponse);
      const merged = mergePage(definition, stored, sent, input.page);
      if (input.remove !== undefined) merged.delete(input.remove);
      const issues = validateAnswers(definition, merged, { complete: input.complete });
      if (issues.length > 0) throw refused(issues);
      const status = input.complete ? 'completed' : 'in-progress';
      const outcome =
        input.complete && definitionRow.kind === 'check_in' ? assessSideEffects(merged) : null;
      const updated = await store.updateOpenResponse(customerId, current.id, {
        response: buildResponse(definition, merged, status, now.toISOString()),
        status,
        lastPage: input.page ?? current.lastPage,
        updatedAt: now,
        completedAt: input.complete ? now : null,
        outcome,
      });
      if (!updated)
        throw codedError('A103', 'This form was submitted already.', { reason: 'completed' });
      removeBytes = await dropUnusedAttachments(deps.files, customerId, stored, merged, work);
      await work.audit({
        action: input.complete ? 'submit' : 'update',
        entity: 'form_response',
        entityId: updated.id,
        details: { canonical: canonicalOf(definition), page: input.page, answered: merged.size },
      });
      if (input.complete) {
        settled.push(
          ...(await onCompleted(deps, formStore, updated, definitionRow, outcome, work)),
        );
      }
      return updated;
    },
    { lock: formsLock(customerId) },
  );
  await removeBytes();
  for (const n of settled) await deps.notifications.published(n, 'updated');
  return row;
}
