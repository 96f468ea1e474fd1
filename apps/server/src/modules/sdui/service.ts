import { DEFAULT_ACCOUNT_MODULES, DEFAULT_HOME_MODULES } from '@portal/domain';
import type { AuditActor } from '../../platform/audit';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { Db } from '../../db/client';
import { SduiStore, type SduiRow, type SduiSurface } from './store';

export interface SduiLists {
  home: string[];
  account: string[];
}

const BUILT_IN: Record<SduiSurface, readonly string[]> = {
  home: DEFAULT_HOME_MODULES,
  account: DEFAULT_ACCOUNT_MODULES,
};

/** Spec 01 §2: the customer's row, else the default row, else the spec's built-in list. */
export function chooseModules(rows: readonly SduiRow[], surface: SduiSurface): string[] {
  const own = rows.find((r) => r.surface === surface && r.customerId !== null);
  const fallback = rows.find((r) => r.surface === surface && r.customerId === null);
  return [...((own ?? fallback)?.modules ?? BUILT_IN[surface])];
}

export class SduiService {
  constructor(
    private readonly store: SduiStore,
    private readonly uow: UnitOfWork,
  ) {}

  /** GetSduiModules for the signed-in customer. */
  async listsFor(customerId: string): Promise<SduiLists> {
    const rows = await this.store.rowsFor(customerId);
    return { home: chooseModules(rows, 'home'), account: chooseModules(rows, 'account') };
  }

  /** Staff API: sets a surface's list for a customer, or the default with customerId null. */
  async setModules(
    surface: SduiSurface,
    customerId: string | null,
    modules: string[],
    actor: AuditActor,
  ): Promise<void> {
    await this.uow.run(actor, async ({ tx, audit }) => {
      await this.store.in(tx).upsert(surface, customerId, modules);
      await audit({
        action: 'update',
        entity: 'sdui_modules',
        entityId: customerId,
        // The patient and the field's name, never the list (issue 41).
        details: { customerId, surface, fields: ['modules'] },
      });
    });
  }
}

/** Builds the service over its own store (called by the composition root). */
export function createSduiService(deps: { db: Db; uow: UnitOfWork }): SduiService {
  return new SduiService(new SduiStore(deps.db), deps.uow);
}
