import type {
  ConsentType,
  NotificationChannel,
  NotificationPreferenceCategory,
  TosConsentInput,
} from '@portal/domain';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { Db } from '../../db/client';
import { PreferenceStore } from './store';

/**
 * Consents and notification preferences (spec 01 §4 terms consent, spec 02 §3 notification
 * preference). Issue "Account" grows the preference screens on this module.
 */
export class PreferenceService {
  constructor(
    private readonly store: PreferenceStore,
    private readonly uow: UnitOfWork,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  async consentsAndPreferences(customerId: string, actor: AuditActor) {
    const result = await this.store.consentsAndPreferences(customerId);
    await this.audit.record(actor, {
      action: 'read',
      entity: 'consent',
      entityId: customerId,
      details: { operation: 'customer_consent' },
    });
    return result;
  }

  /** Upsert TOS consent and the marketing email preference together; affected_rows counts both. */
  saveTosAndMarketing(customerId: string, input: TosConsentInput, actor: AuditActor) {
    const now = this.clock.now();
    return this.uow.run(actor, async ({ tx, audit }) => {
      const consent = await this.store.upsertConsent(
        tx,
        customerId,
        'TOS' satisfies ConsentType,
        input.tosStatus,
        now,
      );
      const marketing = await this.store.upsertPreference(
        tx,
        customerId,
        {
          type: 'Marketing' satisfies NotificationPreferenceCategory,
          channel: 'email' satisfies NotificationChannel,
          status: input.marketingContentStatus,
        },
        now,
      );
      await audit({
        action: 'update',
        entity: 'consent',
        entityId: customerId,
        details: { tosStatus: input.tosStatus, marketing: input.marketingContentStatus },
      });
      return consent + marketing;
    });
  }
}

/** Builds the service over its own store (called by the composition root). */
export function createPreferenceService(deps: {
  db: Db;
  uow: UnitOfWork;
  audit: AuditLog;
  clock: Clock;
}): PreferenceService {
  return new PreferenceService(new PreferenceStore(deps.db), deps.uow, deps.audit, deps.clock);
}
