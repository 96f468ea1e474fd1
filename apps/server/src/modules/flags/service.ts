import { FEATURE_FLAGS, type FeatureFlag } from '@portal/domain';
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

  /** Every flag the spec names, on or off for this customer; a flag without a row is off. */
  async namedFlagsFor(
    customerId: string | null,
  ): Promise<{ name: FeatureFlag; enabled: boolean }[]> {
    const values = await this.store.flagsFor(customerId);
    return Object.values(FEATURE_FLAGS).map((name) => ({
      name,
      enabled: values.get(name) ?? false,
    }));
  }

  /**
   * What a signed-out visitor sees: the table's defaults, never a customer's own value. Public
   * (served in /config.json), so the sign-in screen can follow google-sso.
   */
  async visitorFlags(): Promise<Record<string, boolean>> {
    const flags = await this.namedFlagsFor(null);
    return Object.fromEntries(flags.map((flag) => [flag.name, flag.enabled]));
  }

  /** Staff API: sets a flag for one customer, or the default with customerId null. */
  setFlag(name: string, customerId: string | null, enabled: boolean, actor: AuditActor) {
    return this.uow.run(actor, async ({ tx, audit }) => {
      await this.store.in(tx).setFlag(name, customerId, enabled);
      await audit({
        action: 'update',
        entity: 'feature_flag',
        entityId: name,
        // The patient and the field's name, never its value (issue 41).
        details: { customerId, fields: ['enabled'] },
      });
    });
  }
}

/** Builds the service over its own store (called by the composition root). */
export function createFlagService(deps: { db: Db; uow: UnitOfWork }): FlagService {
  return new FlagService(new FlagStore(deps.db), deps.uow);
}
