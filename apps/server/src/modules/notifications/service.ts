import {
  NOTIFICATION_TYPE,
  type NotificationStatus,
  type NotificationStatusUpdate,
} from '@portal/domain';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Events } from '../../platform/events';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import type { CustomerService } from '../customers/service';
import type { Db } from '../../db/client';
import { NotificationStore, type NotificationInsert, type NotificationRow } from './store';

export type { NotificationRow };

/** Spec 01 §7: the customer sends read or completed; completed is stored as action_completed. */
export const STATUS_FOR_UPDATE: Record<NotificationStatusUpdate, NotificationStatus> = {
  read: 'read',
  completed: 'action_completed',
};

/** A contract-expiry notice with the subscription it is about and that contract's end. */
export interface ContractExpirationNotice {
  notification: NotificationRow;
  subscriptionId: string | null;
  contractEndDate: string | null;
}

/**
 * Spec 01 §4, spec 02 §4: when several subscriptions tie to one contract-expiry notice, the
 * earliest-expiring one is chosen. Ids that are not the customer's are ignored; ties on the
 * date keep the order the notice lists them in.
 */
export function earliestExpiring(
  subscriptionIds: readonly string[],
  ends: readonly { subscriptionId: string; endDate: string }[],
): { subscriptionId: string; endDate: string } | null {
  let best: { subscriptionId: string; endDate: string } | null = null;
  for (const id of subscriptionIds) {
    const end = ends.find((e) => e.subscriptionId === id);
    // yyyy-MM-dd strings order as dates.
    if (end && (!best || end.endDate < best.endDate)) best = end;
  }
  return best;
}

function subscriptionIdsOf(row: NotificationRow): string[] {
  const ids = row.metadata.subscriptionIds;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

export class NotificationService {
  constructor(
    private readonly store: NotificationStore,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly events: Events,
    private readonly customers: CustomerService,
  ) {}

  private async audited<T extends { id: string }[]>(
    actor: AuditActor,
    customerId: string,
    operation: string,
    rows: T,
  ): Promise<T> {
    await this.audit.record(actor, {
      action: 'read',
      entity: 'customer_notification',
      entityId: customerId,
      details: { operation, ids: rows.map((r) => r.id) },
    });
    return rows;
  }

  /** GetCustomerNotifications: own, shown now, newest first. */
  async list(customerId: string, actor: AuditActor): Promise<NotificationRow[]> {
    const rows = await this.store.listVisible(customerId, this.clock.now());
    return this.audited(actor, customerId, 'GetCustomerNotifications', rows);
  }

  /** GetLabResultNotifications. */
  async labResults(customerId: string, actor: AuditActor): Promise<NotificationRow[]> {
    const rows = await this.store.listVisible(
      customerId,
      this.clock.now(),
      NOTIFICATION_TYPE.labResult,
    );
    return this.audited(actor, customerId, 'GetLabResultNotifications', rows);
  }

  /** GetContractExpirationBannerNotifications, each with its earliest-expiring subscription. */
  async contractExpirations(
    customerId: string,
    actor: AuditActor,
  ): Promise<ContractExpirationNotice[]> {
    const rows = await this.store.listVisible(
      customerId,
      this.clock.now(),
      NOTIFICATION_TYPE.contractExpire,
    );
    await this.audited(actor, customerId, 'GetContractExpirationBannerNotifications', rows);
    if (rows.length === 0) return [];
    const ends = await this.customers.contractEndDates(customerId);
    return rows.map((notification) => {
      const chosen = earliestExpiring(subscriptionIdsOf(notification), ends);
      return {
        notification,
        subscriptionId: chosen?.subscriptionId ?? null,
        contractEndDate: chosen?.endDate ?? null,
      };
    });
  }

  /** One own notification shown now (what a subscription event re-reads), audited. */
  async findVisible(
    customerId: string,
    id: string,
    actor: AuditActor,
  ): Promise<NotificationRow | undefined> {
    const row = await this.store.findVisible(customerId, id, this.clock.now());
    if (row) await this.audited(actor, customerId, 'notificationsChanged', [row]);
    return row;
  }

  /**
   * UpdateCustomerNotificationStatus on an own notification; undefined (not found) for an id
   * of another customer, a deleted one, or none.
   */
  async updateStatus(
    customerId: string,
    id: string,
    newStatus: NotificationStatusUpdate,
    actor: AuditActor,
  ): Promise<NotificationRow | undefined> {
    const status = STATUS_FOR_UPDATE[newStatus];
    const row = await this.uow.run(actor, async ({ tx, audit }) => {
      const updated = await this.store
        .in(tx)
        .updateStatus(customerId, id, status, this.clock.now());
      if (updated) {
        await audit({
          action: 'update',
          entity: 'customer_notification',
          entityId: id,
          details: { operation: 'UpdateCustomerNotificationStatus', status },
        });
      }
      return updated;
    });
    if (!row) return undefined;
    await this.events.notificationChanged(customerId, id, 'updated');
    return row;
  }

  /**
   * Issue 9: reading a provider message reads the new-message notices that open it, in the
   * caller's unit of work, so the bell, the nav badge and the messages card agree. The caller
   * publishes the rows (`published`) once the transaction has committed.
   */
  async readNoticesOfMessage(
    customerId: string,
    messageId: string,
    work: Work,
  ): Promise<NotificationRow[]> {
    const rows = await this.store
      .in(work.tx)
      .markReadByActionUrl(
        customerId,
        NOTIFICATION_TYPE.providerMessage,
        `/messages/${messageId}`,
        this.clock.now(),
      );
    for (const row of rows) {
      await work.audit({
        action: 'update',
        entity: 'customer_notification',
        entityId: row.id,
        details: { operation: 'updateProviderMessageRead', status: 'read' },
      });
    }
    return rows;
  }

  /**
   * Removes the notices of a type that open `url` (a bulk payment notice once its action is
   * no longer pending), in the caller's unit of work; the caller publishes after the commit.
   */
  async removeNoticesFor(
    customerId: string,
    type: string,
    url: string,
    work: Work,
  ): Promise<NotificationRow[]> {
    const rows = await this.store
      .in(work.tx)
      .deleteByActionUrl(customerId, type, url, this.clock.now());
    for (const row of rows) {
      await work.audit({
        action: 'update',
        entity: 'customer_notification',
        entityId: row.id,
        details: { operation: 'removeNotices', status: 'deleted' },
      });
    }
    return rows;
  }

  /**
   * Creates a notification (staff API) as part of the caller's unit of work, audit row
   * included. The caller publishes the event once the transaction has committed.
   */
  async create(values: NotificationInsert, work: Work): Promise<NotificationRow> {
    const row = await this.store.in(work.tx).insert({
      ...values,
      date: values.date ?? this.clock.now(),
      createdAt: this.clock.now(),
      updatedAt: this.clock.now(),
    });
    await work.audit({
      action: 'create',
      entity: 'customer_notification',
      entityId: row.id,
      details: { customerId: row.customerId, type: row.type },
    });
    return row;
  }

  /**
   * Issue 15: the customer's open notices of a type (henryForms-intake, dl) completed, in the
   * caller's unit of work; the caller publishes the rows once it has committed.
   */
  async completeByType(customerId: string, type: string, work: Work): Promise<NotificationRow[]> {
    const rows = await this.store
      .in(work.tx)
      .settleByType(customerId, type, 'action_completed', this.clock.now());
    for (const row of rows) {
      await work.audit({
        action: 'update',
        entity: 'customer_notification',
        entityId: row.id,
        details: { status: 'action_completed', type },
      });
    }
    return rows;
  }

  /** Publishes a created or changed notification to its customer's subscriptions. */
  published(row: NotificationRow, change: 'created' | 'updated'): Promise<void> {
    return this.events.notificationChanged(row.customerId, row.id, change);
  }
}

/** Builds the service over its own store (called by the composition root). */
export function createNotificationService(deps: {
  db: Db;
  uow: UnitOfWork;
  audit: AuditLog;
  clock: Clock;
  events: Events;
  customers: CustomerService;
}): NotificationService {
  return new NotificationService(
    new NotificationStore(deps.db),
    deps.uow,
    deps.audit,
    deps.clock,
    deps.events,
    deps.customers,
  );
}
