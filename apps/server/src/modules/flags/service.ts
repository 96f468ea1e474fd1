import type { AuditActor } from '../../platform/audit';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { Db } from '../../db/client';
import { FlagStore } from './store';

/** Feature flags: the table's defaults, overridden per customer. */
export class FlagService {
  constructor(
    private readonly store: FlagStore,
    private readonly uow: UnitOfWork,
  ) {}

  /** Every stored flag value as it applies to this customer (null: a signed-out visitor). */
  flagsFor(customerId: string | null): Promise<Map<string, boolean>> {
    return this.store.flagsFor(customerId);
  }

  /** Staff API: sets a flag for one customer, or the default with customerId null. */
  setFlag(name: string, customerId: string | null, enabled: boolean, actor: AuditActor) {
    return this.uow.run(actor, async ({ tx, audit }) => {
      await this.store.in(tx).setFlag(name, customerId, enabled);
      await audit({
        action: 'update',
        entity: 'feature_flag',
        entityId: name,
        details: { customerId, enabled },
      });
    });
  }
}

/** Builds the service over its own store (called by the composition root). */
export function createFlagService(deps: { db: Db; uow: UnitOfWork }): FlagService {
  return new FlagService(new FlagStore(deps.db), deps.uow);
}
