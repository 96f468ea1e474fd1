import { answersOf, attachmentIds, type QuestionnaireResponse } from '@portal/domain';
import type { AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { UNATTACHED_UPLOAD_TTL_MS, type DocumentRow, type FileService } from '../files/service';
import { formsLock } from './save';
import type { FormStore } from './store';

/** The scheduled job's name and period (services.ts registers it). */
export const UPLOAD_CLEANUP_JOB = 'unattached-uploads';
export const UPLOAD_CLEANUP_EVERY_MS = 60 * 60_000;

/** How many uploads one page of a run looks at. */
const PAGE = 500;
/**
 * How far back a run looks. Uploads in use stay in the documents for good, so a run looks at
 * the last week's only, not at every upload ever: an unused one is removed by one of the
 * hourly runs of its second day, and only jobs stopped for a week could let one stay (the
 * daily quota bounds how much).
 */
const LOOKBACK_MS = 7 * 24 * 60 * 60_000;

const SYSTEM: AuditActor = { type: 'system', id: 'upload-cleanup' };

export interface UploadCleanupDeps {
  uow: UnitOfWork;
  clock: Clock;
  files: FileService;
}

/**
 * Removes customer uploads that nothing uses a day after they came (issue 45): a signed upload
 * URL stores a file at once, and the form answer or ID check that uses it comes after, or
 * never (a closed tab, a retake, a script filling the store). In use means a form answer of
 * the customer's or one of their ID checks names it: the forms area owns both, so it judges,
 * per customer under the lock every save of answers and every ID check change takes. Each
 * removal is audited in its transaction; the bytes go once it commits.
 */
export async function removeUnattachedUploads(
  store: FormStore,
  deps: UploadCleanupDeps,
): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - UNATTACHED_UPLOAD_TTL_MS);
  const range = { from: new Date(before.getTime() - LOOKBACK_MS), before };
  let removed = 0;
  let after: DocumentRow | null = null;
  for (;;) {
    const page = await deps.files.uploadsBetween(range, after, PAGE);
    removed += await removeUnused(store, deps, page);
    if (page.length < PAGE) break;
    after = page[page.length - 1] ?? null;
  }
  return removed;
}

/** The uploads of a page that nothing uses, removed customer by customer. */
async function removeUnused(
  store: FormStore,
  deps: UploadCleanupDeps,
  page: DocumentRow[],
): Promise<number> {
  const byCustomer = new Map<string, string[]>();
  for (const d of page)
    byCustomer.set(d.customerId, [...(byCustomer.get(d.customerId) ?? []), d.id]);
  let removed = 0;
  for (const [customerId, ids] of byCustomer) {
    const { unused, removeBytes } = await deps.uow.run(
      SYSTEM,
      async (work) => {
        const locked = store.in(work.tx);
        const inUse = new Set(await locked.idCheckDocumentIds(customerId));
        for (const { response } of await locked.responseBodies(customerId)) {
          for (const id of attachmentIds(answersOf(response as QuestionnaireResponse)))
            inUse.add(id);
        }
        const stale = ids.filter((id) => !inUse.has(id));
        return {
          unused: stale.length,
          removeBytes: await deps.files.deleteDocuments(customerId, stale, work),
        };
      },
      { lock: formsLock(customerId) },
    );
    await removeBytes();
    removed += unused;
  }
  return removed;
}
