import type { Db } from '../db/client';
import { auditLog } from '../db/schema/index';

export interface AuditActor {
  type: 'customer' | 'staff' | 'system' | 'anonymous';
  id: string | null;
  ip?: string | undefined;
  requestId?: string | undefined;
}

export interface AuditEntry {
  action: string;
  entity: string;
  entityId?: string | null;
  details?: Record<string, unknown>;
}

/** Append-only: the app inserts audit rows and never updates or deletes them. */
export class AuditLog {
  constructor(private readonly db: Db) {}

  async record(actor: AuditActor, entry: AuditEntry): Promise<void> {
    await this.db.insert(auditLog).values({
      actorType: actor.type,
      actorId: actor.id,
      ip: actor.ip ?? null,
      requestId: actor.requestId ?? null,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId ?? null,
      details: entry.details ?? {},
    });
  }
}
