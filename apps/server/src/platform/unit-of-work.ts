import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { AuditLog, type AuditActor, type AuditEntry } from './audit';

/** What a unit of work hands its body: the transaction, and the audit log inside it. */
export interface Work {
  tx: Db;
  /** Appends an audit row in this transaction: it commits, or rolls back, with the change. */
  audit: (entry: AuditEntry) => Promise<void>;
}

/**
 * The one transaction idiom (DESIGN.md section 4, "No lost writes" and "Audit"): every
 * multi-row change and every audited write runs in `run`, and its audit row is written in the
 * same transaction, so there is never a change without its audit row or the reverse. Events
 * for subscribers go out after `run` resolves, so a subscriber's re-read finds the rows.
 */
export class UnitOfWork {
  constructor(private readonly db: Db) {}

  run<T>(
    actor: AuditActor,
    body: (work: Work) => Promise<T>,
    options: { lock?: string } = {},
  ): Promise<T> {
    return this.db.transaction(async (tx) => {
      // A transaction-scoped advisory lock queues units of work on one key (a customer's
      // double click); it says nothing about rows, which constraints judge.
      if (options.lock) {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${options.lock}, 0))`);
      }
      const audit = new AuditLog(tx);
      return body({ tx, audit: (entry) => audit.record(actor, entry) });
    });
  }
}
