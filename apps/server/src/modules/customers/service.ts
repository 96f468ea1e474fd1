import type { AuditActor, AuditLog } from '../../platform/audit';
import type { CustomerRecord, CustomerStore } from './store';

export class CustomerService {
  constructor(
    private readonly store: CustomerStore,
    private readonly audit: AuditLog,
  ) {}

  /** The signed-in customer's record; reading it is audited (health and payment data). */
  async getOwnRecord(customerId: string, actor: AuditActor): Promise<CustomerRecord | undefined> {
    const record = await this.store.loadRecord(customerId);
    if (record) {
      await this.audit.record(actor, {
        action: 'read',
        entity: 'customer',
        entityId: customerId,
        details: { operation: 'GetCustomerData' },
      });
    }
    return record;
  }
}
