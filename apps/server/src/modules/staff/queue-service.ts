import {
  claimIsLive,
  NO_WEIGHT_DAYS,
  QUEUE_KINDS,
  SHIPMENT_STALLED_DAYS,
  type QueueKind,
  type QueueQuery,
} from '@portal/domain';
import type { Db } from '../../db/client';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Events } from '../../platform/events';
import { QueueStore, type QueueRowJson } from './queue-store';

/** The automation key's actor id (auth.ts), shown to people under this name. */
const API_KEY_ID = 'api-key';
const API_KEY_NAME = 'Automation';

export interface QueueClaim {
  staffId: string;
  staffName: string;
  at: string;
}

export interface QueueItem {
  key: string;
  kind: QueueKind;
  urgent: boolean;
  title: string;
  detail: string | null;
  customer: { id: string; firstName: string; lastName: string; email: string };
  since: string;
  claim: QueueClaim | null;
  ref: Record<string, string | null>;
}

export interface QueuePage {
  items: QueueItem[];
  total: number;
  page: number;
  pageSize: number;
  counts: Record<QueueKind, number>;
}

export type ClaimOutcome =
  | { status: 'claimed'; claim: QueueClaim }
  | { status: 'held'; claim: QueueClaim }
  | { status: 'not-found' };

export interface QueueServiceDeps {
  db: Db;
  audit: AuditLog;
  clock: Clock;
  /** Tells the patient's open console pages that an item was claimed or released (patient-stream-route.ts). */
  events?: Events;
}

const iso = (value: string | Date): string => new Date(value).toISOString();

/**
 * What a row says to the care team, and the ids its action needs. Titles name the work, never
 * a symptom or an amount; the customer's name sits beside it, not in it.
 */
function describe(row: QueueRowJson): {
  title: string;
  detail: string | null;
  ref: Record<string, string | null>;
} {
  const id = row.source_id;
  switch (row.kind) {
    case 'side_effect':
      return {
        ...(row.urgent
          ? { title: 'Urgent side-effect check-in', detail: 'Triaged urgent: contact the patient' }
          : { title: 'Side-effect check-in to review', detail: null }),
        ref: { taskId: id, responseId: row.a },
      };
    case 'id_verification':
      return { title: 'ID verification to review', detail: null, ref: { verificationId: id } };
    case 'bulk_order':
      return {
        title: 'Bulk order to approve',
        detail: `${String(row.n)} vials, ${row.t === 'sync' ? 'live visit' : 'async review'}`,
        ref: { bulkOrderId: id },
      };
    case 'form_review':
      // The form's title (its definition's, never an answer).
      return { title: 'Form to review', detail: row.t, ref: { responseId: id } };
    case 'shipment':
      return {
        ...(row.f
          ? { title: 'Shipment returned to sender', detail: `Carrier: ${String(row.t)}` }
          : {
              title: 'Shipment stalled',
              detail: `No carrier event for ${String(SHIPMENT_STALLED_DAYS)} days or more`,
            }),
        ref: { shipmentId: id, prescriptionId: row.a },
      };
    case 'renewal_failed':
      if (row.t === 'declined') {
        return {
          title: 'Renewal payment failed',
          detail: 'Still due',
          ref: { chargeId: id, invoiceId: row.a, subscriptionId: row.b },
        };
      }
      return {
        title: 'Payment needs attention',
        detail:
          row.t === 'creditsShort'
            ? 'Credits could not all be taken again'
            : 'Paid for nothing payable: refunded',
        ref: { chargeId: id },
      };
    case 'no_weight':
      return {
        title: `No weight for ${String(NO_WEIGHT_DAYS)} days`,
        detail: row.t ? `Last weight ${row.t}` : 'Never',
        ref: { customerId: id },
      };
  }
}

/** The care queue (issue 41): a derived list, and who is on each item. */
export class QueueService {
  private readonly store: QueueStore;

  constructor(private readonly deps: QueueServiceDeps) {
    this.store = new QueueStore(deps.db);
  }

  /** A page of the queue, urgent first, then oldest first; the read is audited. */
  async page(query: QueueQuery, actor: AuditActor): Promise<QueuePage> {
    const { page, pageSize } = query;
    const found = await this.store.page(query, this.deps.clock.now());
    const rows = found.items ?? [];
    const names = await this.names(rows.flatMap((r) => (r.claim ? [r.claim.staffId] : [])));
    const counts = Object.fromEntries(
      QUEUE_KINDS.map((kind) => [kind, found.counts?.[kind] ?? 0]),
    ) as Record<QueueKind, number>;
    const total = query.kind
      ? counts[query.kind]
      : Object.values(counts).reduce((sum, n) => sum + n, 0);
    const items = rows.map((row): QueueItem => {
      const key = `${row.kind}:${row.source_id}`;
      return {
        key,
        kind: row.kind,
        urgent: row.urgent,
        ...describe(row),
        customer: row.customer,
        since: iso(row.since),
        claim: row.claim
          ? {
              staffId: row.claim.staffId,
              staffName: names.get(row.claim.staffId) ?? 'A former staff member',
              at: iso(row.claim.claimedAt),
            }
          : null,
      };
    });
    // Which patients were listed, never the search text (it is a patient's name or email).
    await this.deps.audit.record(actor, {
      action: 'read',
      entity: 'care_queue',
      details: {
        kind: query.kind ?? null,
        page,
        customerIds: [...new Set(items.map((i) => i.customer.id))],
      },
    });
    return { items, total, page, pageSize, counts };
  }

  /**
   * Claims the item for the staff member (or renews their claim). Another member's live claim
   * is answered as held unless `takeOver`. An item not in the queue now is not found.
   */
  async claim(
    key: string,
    actor: AuditActor,
    takeOver: boolean,
    retried = false,
  ): Promise<ClaimOutcome> {
    const now = this.deps.clock.now();
    const staffId = actor.id ?? API_KEY_ID;
    const customerId = await this.store.itemCustomer(key, now);
    if (!customerId) return { status: 'not-found' };
    const row = await this.store.claim(key, staffId, now, takeOver);
    if (!row) {
      const held = await this.store.claimOf(key);
      // The other claim ran out or went between the two statements: claim again.
      const gone = !held || !claimIsLive(held.claimedAt, now);
      if (gone && !retried) return this.claim(key, actor, takeOver, true);
      if (!held) return { status: 'not-found' };
      return { status: 'held', claim: await this.claimView(held.staffId, held.claimedAt) };
    }
    await this.deps.audit.record(actor, {
      action: 'update',
      entity: 'care_queue_claim',
      entityId: key,
      details: { customerId, fields: takeOver ? ['staffId', 'claimedAt'] : ['claimedAt'] },
    });
    await this.deps.events?.staffCustomerChanged(customerId, 'claim');
    return { status: 'claimed', claim: await this.claimView(row.staffId, row.claimedAt) };
  }

  /**
   * Drops the staff member's own claim; false when they hold none on the item. Other consoles
   * open on the patient hear it, as they hear a claim, so "X is on it" goes from their screens.
   */
  async release(key: string, actor: AuditActor): Promise<boolean> {
    const released = await this.store.release(key, actor.id ?? API_KEY_ID);
    if (!released) return false;
    const customerId = await this.store.itemCustomer(key, this.deps.clock.now());
    await this.deps.audit.record(actor, {
      action: 'delete',
      entity: 'care_queue_claim',
      entityId: key,
      details: { customerId: customerId ?? null, fields: ['staffId', 'claimedAt'] },
    });
    if (customerId) await this.deps.events?.staffCustomerChanged(customerId, 'release');
    return true;
  }

  /** The item's action was taken: it has left the queue, so its claim goes too. */
  done(key: string): Promise<void> {
    return this.store.clear(key);
  }

  /** After an action that may or may not have ended the item: its claim goes if it did. */
  async settle(key: string): Promise<void> {
    if (!(await this.store.itemCustomer(key, this.deps.clock.now()))) await this.store.clear(key);
  }

  /** A staff member's name as the console shows it (their email when they have no name). */
  async staffName(staffId: string | null): Promise<string> {
    if (!staffId) return 'someone';
    return (await this.names([staffId])).get(staffId) ?? 'A former staff member';
  }

  private async claimView(staffId: string, at: Date): Promise<QueueClaim> {
    return { staffId, staffName: await this.staffName(staffId), at: at.toISOString() };
  }

  private async names(ids: string[]): Promise<Map<string, string>> {
    const names = await this.store.staffNames([...new Set(ids)]);
    if (ids.includes(API_KEY_ID)) names.set(API_KEY_ID, API_KEY_NAME);
    return names;
  }
}

export function createQueueService(deps: QueueServiceDeps): QueueService {
  return new QueueService(deps);
}
