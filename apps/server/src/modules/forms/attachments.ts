import {
  attachmentIds,
  toAnswerMap,
  type AnswerMap,
  type FormAnswerInput,
  type QuestionnaireResponseItemAnswer,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { codedError } from '../../platform/errors';
import type { Work } from '../../platform/unit-of-work';
import type { FileService } from '../files/service';

/** The upload category of a form's attachment answers (signed upload URL). */
const FORM_ATTACHMENT_CATEGORY = 'FormAttachment';

/**
 * A save's answers as FHIR values: an attachment answer is a document of the customer's (an
 * id of anyone else's, or none, is A103 forms.invalidFile); its type, size and name come from
 * the stored document, never from the caller, so validation judges what was really uploaded.
 */
export async function resolveAttachments(
  files: FileService,
  customerId: string,
  answers: FormAnswerInput[],
  tx: Db,
): Promise<AnswerMap> {
  const ids = answers.flatMap((a) => (a.valueAttachmentId ? [a.valueAttachmentId] : []));
  const documents = await files.ownDocuments(customerId, ids, tx);
  const byId = new Map(documents.map((d) => [d.id, d]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) {
    throw codedError('A103', 'Answers could not be saved.', {
      fields: { answers: 'forms.invalidFile' },
    });
  }
  return toAnswerMap(answers, (id): QuestionnaireResponseItemAnswer['valueAttachment'] => {
    const d = byId.get(id);
    return d
      ? {
          id: d.id,
          contentType: d.contentType,
          size: d.sizeBytes,
          title: d.fileName,
          url: `documents/${encodeURIComponent(d.category)}/${encodeURIComponent(d.fileName)}`,
        }
      : undefined;
  });
}

/**
 * Deletes the form uploads a save no longer answers with (removed, replaced, or on a page
 * saved or submitted without them), in the save's unit of work. Only the customer's own
 * FormAttachment documents go: a file of another kind stays where it belongs. Returns what to
 * call after the commit to remove the bytes.
 */
export async function dropUnusedAttachments(
  files: FileService,
  customerId: string,
  before: AnswerMap,
  after: AnswerMap,
  work: Work,
): Promise<() => Promise<void>> {
  const kept = new Set(attachmentIds(after));
  const dropped = attachmentIds(before).filter((id) => !kept.has(id));
  if (dropped.length === 0) return async () => {};
  const uploads = (await files.ownDocuments(customerId, dropped, work.tx))
    .filter((d) => d.category === FORM_ATTACHMENT_CATEGORY)
    .map((d) => d.id);
  return files.deleteDocuments(customerId, uploads, work);
}
