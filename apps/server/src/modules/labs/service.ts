import { LAB_DOCUMENT_CATEGORY, type LabResultInput } from '@portal/domain';
import type { Db } from '../../db/client';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Work } from '../../platform/unit-of-work';
import type { DocumentRow, FileService } from '../files/service';
import { LabStore, type LabOrderRecord, type LabOrderRow } from './store';

export type { LabOrderRow };

/** Spec 02 §3: a lab order with its result document. */
export interface LabOrderView extends LabOrderRecord {
  document: DocumentRow | null;
}

export class LabService {
  constructor(
    private readonly store: LabStore,
    private readonly files: FileService,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  private async withDocuments(
    customerId: string,
    records: LabOrderRecord[],
  ): Promise<LabOrderView[]> {
    const ids = records.flatMap((r) => (r.order.documentId ? [r.order.documentId] : []));
    const documents = await this.files.ownDocuments(customerId, ids);
    return records.map((r) => ({
      ...r,
      document: documents.find((d) => d.id === r.order.documentId) ?? null,
    }));
  }

  /**
   * getLabOrders with the document filter on a category (spec 02 §7: LabResult): own orders
   * whose document is of that category, newest first; audited.
   */
  async list(customerId: string, category: string, actor: AuditActor): Promise<LabOrderView[]> {
    const views = (await this.withDocuments(customerId, await this.store.load(customerId))).filter(
      (v) => v.document?.category === category,
    );
    await this.audit.record(actor, {
      action: 'read',
      entity: 'lab_order',
      entityId: customerId,
      details: { operation: 'getLabOrders', category, ids: views.map((v) => v.order.id) },
    });
    return views;
  }

  /** One own lab order; undefined for another customer's id (reads as not found). */
  async findOwn(
    customerId: string,
    id: string,
    actor: AuditActor,
  ): Promise<LabOrderView | undefined> {
    const [record] = await this.store.load(customerId, id);
    if (!record) return undefined;
    await this.audit.record(actor, {
      action: 'read',
      entity: 'lab_order',
      entityId: id,
      details: { operation: 'LabOrder' },
    });
    const [view] = await this.withDocuments(customerId, [record]);
    return view;
  }

  /**
   * Staff API: a lab order with its result file, in the caller's unit of work; undefined when
   * the customer already has a lab result of that file name.
   */
  async attachResult(
    customerId: string,
    input: Omit<LabResultInput, 'treatmentShortId' | 'contentBase64'> & {
      treatmentId: string | null;
      bytes: Uint8Array;
    },
    work: Work,
  ): Promise<{ order: LabOrderRow; document: DocumentRow } | undefined> {
    const document = await this.files.storeDocument(
      customerId,
      {
        category: LAB_DOCUMENT_CATEGORY,
        fileName: input.fileName,
        contentType: 'application/pdf',
        bytes: input.bytes,
      },
      work,
    );
    if (!document) return undefined;
    const order = await this.store.in(work.tx).insert({
      customerId,
      documentId: document.id,
      providerId: input.providerId ?? null,
      treatmentId: input.treatmentId,
      orderedAt: input.orderedAt,
      receivedAt: input.receivedAt ?? this.clock.now(),
      createdAt: this.clock.now(),
    });
    await work.audit({
      action: 'create',
      entity: 'lab_order',
      entityId: order.id,
      details: { customerId, documentId: document.id },
    });
    return { order, document };
  }
}

/** Builds the service over its own store (called by the composition root). */
export function createLabService(deps: {
  db: Db;
  files: FileService;
  audit: AuditLog;
  clock: Clock;
}): LabService {
  return new LabService(new LabStore(deps.db), deps.files, deps.audit, deps.clock);
}
