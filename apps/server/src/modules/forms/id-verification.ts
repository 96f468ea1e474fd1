import {
  ID_CHECK_REQUIREMENT_TYPES,
  NOTIFICATION_TYPE,
  type IdCheckDecision,
  type IdCheckSide,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { codedError } from '../../platform/errors';
import type { AuditActor } from '../../platform/audit';
import type { Events } from '../../platform/events';
import type { Clock } from '../../platform/clock';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { AppointmentService } from '../appointments/service';
import type { FileService } from '../files/service';
import type { NotificationRow, NotificationService } from '../notifications/service';
import { formsLock } from './save';
import { FormStore, type IdVerificationRow } from './store';

export type { IdVerificationRow };

/** The ID images are photos: JPEG, PNG or WebP (the upload checked the bytes). */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp']);
const SIDE_COLUMN = {
  front: 'frontDocumentId',
  back: 'backDocumentId',
  selfie: 'selfieDocumentId',
} as const satisfies Record<IdCheckSide, keyof IdVerificationRow>;

export interface IdVerificationDeps {
  db: Db;
  uow: UnitOfWork;
  clock: Clock;
  files: FileService;
  appointments: AppointmentService;
  notifications: NotificationService;
  /** Tells the care console's open patient page that an ID check was sent (issue 41). */
  events?: Events;
}

/** A decision that lost the race to another one (thrown to roll its transaction back). */
class DecidedMeanwhile extends Error {}

/**
 * ID checks (issue 15): the customer uploads the front and back of a photo ID and a selfie
 * (requested), submits them (in_review), and the care team verifies or rejects with a reason
 * the customer sees and acts on (a rejection opens a new check on the next upload). Verified
 * completes the typeform_dl / identification_check requirements and the dl notice. The images
 * are deleted at once when the care team decides, in the decision's transaction (bytes right
 * after it commits): nothing is kept longer than the decision needs. Saves fail as A103.
 */
export class IdVerificationService {
  constructor(
    private readonly store: FormStore,
    private readonly deps: IdVerificationDeps,
  ) {}

  /** The customer's newest check, or null when none was ever started. */
  async current(customerId: string): Promise<IdVerificationRow | null> {
    return (await this.store.latestIdVerification(customerId)) ?? null;
  }

  /** One image of the check: an uploaded image of the customer's, in category Identification. */
  async upload(
    customerId: string,
    input: { side: IdCheckSide; documentId: string },
    actor: AuditActor,
  ): Promise<IdVerificationRow> {
    const now = this.deps.clock.now();
    let replaced: string | null = null;
    const row = await this.deps.uow.run(
      actor,
      async (work) => {
        const store = this.store.in(work.tx);
        const [document] = await this.deps.files.ownDocuments(
          customerId,
          [input.documentId],
          work.tx,
        );
        if (!document || document.category !== 'Identification') {
          throw codedError('A103', 'The image could not be saved.', {
            fields: { documentId: 'forms.invalidFile' },
          });
        }
        if (!IMAGE_TYPES.has(document.contentType)) {
          throw codedError('A103', 'The image could not be saved.', {
            fields: { documentId: 'forms.fileType' },
          });
        }
        let check = await store.latestIdVerification(customerId);
        if (check?.status === 'in_review' || check?.status === 'verified') {
          throw codedError('A103', 'The ID check cannot change now.', { reason: check.status });
        }
        if (!check || check.status === 'rejected') {
          check = await store.insertIdVerification({
            customerId,
            status: 'requested',
            createdAt: now,
            updatedAt: now,
          });
        }
        const column = SIDE_COLUMN[input.side];
        replaced = check[column] !== input.documentId ? check[column] : null;
        const updated = await store.updateIdVerification(check.id, ['requested'], {
          [column]: input.documentId,
          updatedAt: now,
        });
        if (!updated)
          throw codedError('A103', 'The ID check cannot change now.', { reason: 'changed' });
        await work.audit({
          action: 'update',
          entity: 'id_verification',
          entityId: updated.id,
          details: { side: input.side, documentId: input.documentId },
        });
        return updated;
      },
      { lock: formsLock(customerId) },
    );
    // An image replaced before submitting is not needed any more.
    if (replaced) await this.deleteImages(customerId, [replaced], actor);
    return row;
  }

  /** Sends the three images to the care team (requested → in_review). */
  async submit(customerId: string, actor: AuditActor): Promise<IdVerificationRow> {
    const now = this.deps.clock.now();
    const sent = await this.deps.uow.run(
      actor,
      async (work) => {
        const store = this.store.in(work.tx);
        const check = await store.latestIdVerification(customerId);
        if (!check || check.status !== 'requested') {
          throw codedError('A103', 'There is no ID check to send.', {
            reason: check?.status ?? 'none',
          });
        }
        const missing = (Object.keys(SIDE_COLUMN) as IdCheckSide[]).filter(
          (s) => !check[SIDE_COLUMN[s]],
        );
        if (missing.length > 0) {
          throw codedError('A103', 'An image is missing.', {
            fields: Object.fromEntries(missing.map((s) => [s, 'idVerification.missingImage'])),
          });
        }
        const updated = await store.updateIdVerification(check.id, ['requested'], {
          status: 'in_review',
          submittedAt: now,
          updatedAt: now,
          rejectionReason: null,
          rejectionNote: null,
        });
        if (!updated)
          throw codedError('A103', 'The ID check cannot change now.', { reason: 'changed' });
        await work.audit({ action: 'submit', entity: 'id_verification', entityId: updated.id });
        return updated;
      },
      { lock: formsLock(customerId) },
    );
    await this.deps.events?.staffCustomerChanged(customerId, 'id_verification');
    return sent;
  }

  /**
   * The care team asks a customer for an ID check (staff API): a requested check, unless one
   * is open already, and a dl notice pointing at /id-verification.
   */
  async request(
    customerId: string,
    actor: AuditActor,
  ): Promise<{ check: IdVerificationRow; notification: NotificationRow | null }> {
    const now = this.deps.clock.now();
    const result = await this.deps.uow.run(
      actor,
      async (work) => {
        const store = this.store.in(work.tx);
        const open = await store.latestIdVerification(customerId);
        if (open && (open.status === 'requested' || open.status === 'in_review')) {
          return { check: open, notification: null };
        }
        const check = await store.insertIdVerification({
          customerId,
          status: 'requested',
          createdAt: now,
          updatedAt: now,
        });
        await work.audit({ action: 'create', entity: 'id_verification', entityId: check.id });
        const notification = await this.deps.notifications.create(
          {
            customerId,
            type: NOTIFICATION_TYPE.idCheck,
            title: 'Verify your identity',
            message: 'Upload a photo ID and a selfie so your provider can treat you.',
            severity: 'warning',
            status: 'requires_action',
            action: { label: 'Verify now', url: '/id-verification' },
          },
          work,
        );
        return { check, notification };
      },
      { lock: formsLock(customerId) },
    );
    if (result.notification)
      await this.deps.notifications.published(result.notification, 'created');
    return result;
  }

  /** One check as it stands (who decided it and when); undefined when there is none. */
  byId(id: string): Promise<IdVerificationRow | undefined> {
    return this.store.idVerificationById(id);
  }

  /** Checks the care team has to look at (or any status), newest first. */
  list(status: string | undefined): Promise<IdVerificationRow[]> {
    return this.store.idVerifications(status);
  }

  /**
   * The check's images for the care team to look at before deciding: short-lived signed URLs
   * (each audited), null for a side not uploaded or already deleted; undefined when there is
   * no check with that id.
   */
  async images(
    id: string,
    actor: AuditActor,
  ): Promise<{ check: IdVerificationRow; urls: Record<IdCheckSide, string | null> } | undefined> {
    const check = await this.store.idVerificationById(id);
    if (!check) return undefined;
    const ids = Object.fromEntries(
      (Object.keys(SIDE_COLUMN) as IdCheckSide[]).map((s) => [s, check[SIDE_COLUMN[s]]]),
    ) as Record<IdCheckSide, string | null>;
    const signed = await this.deps.files.signedDownloadUrlsByIds(
      check.customerId,
      Object.values(ids).filter((d): d is string => d !== null),
      'StaffIdVerificationImages',
      actor,
    );
    const url = (side: IdCheckSide) => {
      const documentId = ids[side];
      return documentId ? (signed.get(documentId) ?? null) : null;
    };
    return { check, urls: { front: url('front'), back: url('back'), selfie: url('selfie') } };
  }

  /**
   * The care team's decision on a check in review; undefined when there is none in review with
   * that id. The images go in the same transaction.
   */
  async decide(
    id: string,
    decision: IdCheckDecision,
    actor: AuditActor,
  ): Promise<IdVerificationRow | undefined> {
    const now = this.deps.clock.now();
    const settled: NotificationRow[] = [];
    let removeBytes: (() => Promise<void>) | null = null;
    const row = await this.deps.uow
      .run(actor, async (work) => {
        const store = this.store.in(work.tx);
        const check = await store.idVerificationById(id);
        if (!check || check.status !== 'in_review') return undefined;
        const images = [check.frontDocumentId, check.backDocumentId, check.selfieDocumentId].filter(
          (d): d is string => d !== null,
        );
        removeBytes = await this.deps.files.deleteDocuments(check.customerId, images, work);
        const verified = decision.decision === 'approve';
        const updated = await store.updateIdVerification(id, ['in_review'], {
          status: verified ? 'verified' : 'rejected',
          rejectionReason: verified ? null : (decision.reason ?? 'other'),
          rejectionNote: verified ? null : (decision.note ?? null),
          decidedAt: now,
          decidedBy: actor.id ?? null,
          frontDocumentId: null,
          backDocumentId: null,
          selfieDocumentId: null,
          updatedAt: now,
        });
        // Another decision committed after this one read the check: it stands, and this one's
        // deletions roll back with the transaction, so the images are removed once.
        if (!updated) throw new DecidedMeanwhile();
        await work.audit({
          action: 'update',
          entity: 'id_verification',
          entityId: id,
          details: {
            status: updated.status,
            reason: updated.rejectionReason,
            imagesDeleted: images.length,
          },
        });
        if (verified) {
          await this.deps.appointments.completeRequirements(
            check.customerId,
            ID_CHECK_REQUIREMENT_TYPES,
            null,
            work,
          );
          settled.push(
            ...(await this.deps.notifications.completeByType(
              check.customerId,
              NOTIFICATION_TYPE.idCheck,
              work,
            )),
          );
        }
        return updated;
      })
      .catch((error: unknown) => {
        if (error instanceof DecidedMeanwhile) return undefined;
        throw error;
      });
    if (!row) return undefined;
    const remove = removeBytes as (() => Promise<void>) | null;
    if (remove) await remove();
    for (const n of settled) await this.deps.notifications.published(n, 'updated');
    return row;
  }

  private async deleteImages(customerId: string, ids: string[], actor: AuditActor): Promise<void> {
    const remove = await this.deps.uow.run(actor, (work) =>
      this.deps.files.deleteDocuments(customerId, ids, work),
    );
    await remove();
  }
}

export function createIdVerificationService(deps: IdVerificationDeps): IdVerificationService {
  return new IdVerificationService(new FormStore(deps.db), deps);
}
