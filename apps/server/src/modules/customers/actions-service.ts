import type { CreateCustomerActionInput, CustomerActionStatus } from '@portal/domain';
import type { Db } from '../../db/client';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Work } from '../../platform/unit-of-work';
import { CustomerActionStore, type CustomerActionRecord } from './actions-store';

export type { CustomerActionRecord };

/**
 * Customer actions (spec 01 §3, §7: "customer action by id", "all customer actions"): what
 * the care team asks a customer to do. Reads are the customer's own only and are audited
 * (a bulk order charge is payment data).
 */
export class CustomerActionService {
  constructor(
    private readonly store: CustomerActionStore,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  private async audited(actor: AuditActor, customerId: string, operation: string, ids: string[]) {
    await this.audit.record(actor, {
      action: 'read',
      entity: 'customer_action',
      entityId: customerId,
      details: { operation, ids },
    });
  }

  /** customer action by id: undefined for an id of another customer's action, or none. */
  async byId(
    customerId: string,
    id: string,
    actor: AuditActor,
  ): Promise<CustomerActionRecord | undefined> {
    const row = await this.store.findOwn(customerId, id);
    if (row) await this.audited(actor, customerId, 'customerActionById', [row.id]);
    return row;
  }

  /** all customer actions: own, newest first, optionally in one status. */
  async list(
    customerId: string,
    actor: AuditActor,
    status?: CustomerActionStatus,
  ): Promise<CustomerActionRecord[]> {
    const rows = await this.store.listOwn(customerId, status);
    await this.audited(
      actor,
      customerId,
      'allCustomerActions',
      rows.map((r) => r.id),
    );
    return rows;
  }

  /**
   * For the bulk module: an action by id whoever owns it, read in `db` when given. Only for a
   * caller that proved the owner another way (a signed gateway webhook); not audited here.
   */
  findAny(id: string, db?: Db): Promise<CustomerActionRecord | undefined> {
    return (db ? this.store.in(db) : this.store).findById(id);
  }

  /** One of the customer's actions, read in the caller's transaction; the caller audits. */
  findOwnIn(customerId: string, id: string, db?: Db): Promise<CustomerActionRecord | undefined> {
    return (db ? this.store.in(db) : this.store).findOwn(customerId, id);
  }

  /**
   * Update customer action status to complete (spec 02 §7), in the caller's unit of work: only
   * a pending action completes, so of racing callers exactly one gets true.
   */
  async complete(customerId: string, id: string, work: Work): Promise<boolean> {
    const row = await this.store.in(work.tx).completePending(customerId, id, this.clock.now());
    if (!row) return false;
    await work.audit({
      action: 'update',
      entity: 'customer_action',
      entityId: id,
      details: { operation: 'updateCustomerActionStatus', status: 'complete' },
    });
    return true;
  }

  /** Staff API: an action for a customer, in the caller's unit of work; audited. */
  async create(
    customerId: string,
    input: CreateCustomerActionInput,
    work: Work,
  ): Promise<CustomerActionRecord> {
    const store = this.store.in(work.tx);
    const now = this.clock.now();
    const row = await store.insert({
      customerId,
      actionTypeId: await store.typeId(input.typeCode),
      status: input.status,
      metadata: input.metadata,
      createdAt: now,
      updatedAt: now,
    });
    await work.audit({
      action: 'create',
      entity: 'customer_action',
      entityId: row.id,
      details: { customerId, typeCode: input.typeCode, status: input.status },
    });
    const created = await store.findOwn(customerId, row.id);
    if (!created) throw new Error('customer action not found after insert');
    return created;
  }
}

/** Builds the service over its own store (called by the composition root). */
export function createCustomerActionService(deps: {
  db: Db;
  audit: AuditLog;
  clock: Clock;
}): CustomerActionService {
  return new CustomerActionService(new CustomerActionStore(deps.db), deps.audit, deps.clock);
}
