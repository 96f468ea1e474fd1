import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema/platform';

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

type AuditRow = typeof auditLog.$inferInsert;
/** An audit row's values, every column but its id and time given (null where none). */
export type AuditValues = Required<Omit<AuditRow, 'id' | 'at'>>;

/** The row an actor's entry is written as, by the log or inside another statement. */
export function auditValues(actor: AuditActor, entry: AuditEntry): AuditValues {
  return {
    actorType: actor.type,
    actorId: actor.id,
    ip: actor.ip ?? null,
    requestId: actor.requestId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    details: entry.details ?? {},
  };
}

/**
 * The audit row of a write, as part of the write's own statement, for a store that writes a
 * row and its audit row in one round trip (a data-modifying CTE: same transaction, one
 * statement). The SQL that names the audit table lives here, with the unit of work's log;
 * modules never write audit rows themselves (eslint.config.js).
 */
export const AUDIT_PLACEHOLDERS = {
  actorType: sql.placeholder('actorType'),
  actorId: sql.placeholder('actorId'),
  action: sql.placeholder('action'),
  entity: sql.placeholder('entity'),
  entityId: sql.placeholder('entityId'),
  ip: sql.placeholder('auditIp'),
  requestId: sql.placeholder('requestId'),
  details: sql.placeholder('details'),
};

/**
 * `with audited as (insert into audit_log …)` for a drizzle query builder's `.with(…)`, its
 * values from AUDIT_PLACEHOLDERS (a prepared statement's placeholders: actorType, actorId,
 * action, entity, entityId, auditIp, requestId, details).
 */
export function auditedCte(db: Db) {
  return db
    .$with('audited')
    .as(db.insert(auditLog).values(AUDIT_PLACEHOLDERS).returning({ id: auditLog.id }));
}

/**
 * The same with its values given: for a statement built on each call rather than prepared
 * once (a drizzle builder's `.with(…)`; the audit row's entity id must then be known before
 * the write, an id the caller makes).
 */
export function auditedCteOf(db: Db, actor: AuditActor, entry: AuditEntry) {
  return db
    .$with('audited')
    .as(db.insert(auditLog).values(auditValues(actor, entry)).returning({ id: auditLog.id }));
}

/**
 * The same for a statement written in SQL: one audit row for each row of `from`, its entity id
 * `entityId` (an expression over `from`), the other columns as given (typed SQL expressions).
 */
export function auditInsertSql(
  values: Record<
    'actorType' | 'actorId' | 'action' | 'entity' | 'ip' | 'requestId' | 'details',
    SQL
  >,
  rows: { from: SQL; entityId: SQL },
): SQL {
  return sql`insert into ${auditLog} (actor_type, actor_id, action, entity, entity_id, ip, request_id, details)
  select ${values.actorType}, ${values.actorId}, ${values.action}, ${values.entity}, ${rows.entityId},
    ${values.ip}, ${values.requestId}, ${values.details}
  from ${rows.from}
  returning id`;
}

/** Rows per batch insert (one JSON parameter, so only the statement's size bounds it). */
const MAX_ROWS_PER_INSERT = 1000;

/**
 * A batch as one statement with one parameter: the rows as a JSON array, unpacked by
 * json_to_recordset. Issue 16: drizzle's multi-row insert binds 10 parameters a row and builds
 * its SQL on every tick; this text never changes, and serialising the batch is one
 * JSON.stringify.
 */
function batchInsert(batch: readonly AuditRow[]) {
  const rows = JSON.stringify(
    batch.map((row) => ({
      at: (row.at ?? new Date()).toISOString(),
      actor_type: row.actorType,
      actor_id: row.actorId ?? null,
      action: row.action,
      entity: row.entity,
      entity_id: row.entityId ?? null,
      ip: row.ip ?? null,
      request_id: row.requestId ?? null,
      details: row.details ?? {},
    })),
  );
  return sql`insert into audit_log (at, actor_type, actor_id, action, entity, entity_id, ip, request_id, details)
    select at, actor_type, actor_id, action, entity, entity_id, ip, request_id, details
    from json_to_recordset(${rows}::json) as r(at timestamptz, actor_type text, actor_id text,
      action text, entity text, entity_id text, ip text, request_id text, details jsonb)`;
}
/** After a failed insert the rows stay queued and the next try waits this long. */
const RETRY_AFTER_MS = 1000;

export interface AuditLogOptions {
  /**
   * Batched (the app's log outside any transaction: reads and other single events): `record`
   * queues the row, stamped with the time of the event, and returns at once; one multi-row
   * insert per tick writes whatever is queued. A tick starts on the next turn of the event
   * loop when no insert is running, else as soon as the running one ends (group commit:
   * the busier the server, the bigger the batch). `close()` (the app's onClose) writes the
   * rest. Unbatched (inside a UnitOfWork): `record` inserts in the caller's transaction.
   */
  batched?: boolean;
  /** Batched: wait at most this long after the first queued row before inserting (0: next turn). */
  flushMs?: number;
  /** Called when a batch insert fails (the rows stay queued and are retried). */
  onError?: (error: unknown, rows: number) => void;
}

export interface AuditLogStats {
  /** Rows written by batch inserts. */
  rows: number;
  /** Batch inserts that succeeded. */
  inserts: number;
  /** Largest batch written in one insert. */
  largestBatch: number;
  /** Rows queued or being written right now: what a crash at this moment would lose. */
  pending: number;
  /** Batch inserts that failed (and were retried). */
  failures: number;
}

/** Append-only: the app inserts audit rows and never updates or deletes them. */
export class AuditLog {
  private queue: AuditRow[] = [];
  private inFlight = 0;
  private writing: Promise<void> | null = null;
  private scheduled: { cancel: () => void } | null = null;
  private lastFailure: Error | null = null;
  private closed = false;
  private readonly counters = { rows: 0, inserts: 0, largestBatch: 0, failures: 0 };

  constructor(
    private readonly db: Db,
    private readonly options: AuditLogOptions = {},
  ) {}

  async record(actor: AuditActor, entry: AuditEntry): Promise<void> {
    const row: AuditRow = auditValues(actor, entry);
    if (!this.options.batched) {
      await this.db.insert(auditLog).values(row);
      return;
    }
    // The event's own time, not the flush's (the column's default would be the insert time).
    row.at = new Date();
    this.queue.push(row);
    if (this.closed) {
      // Late events after close (a request still finishing) are written straight away.
      await this.flush();
      return;
    }
    this.schedule(this.options.flushMs ?? 0);
  }

  /** Writes everything queued so far (and waits for a running insert). */
  async flush(): Promise<void> {
    this.cancelSchedule();
    while (this.writing || this.queue.length > 0) {
      if (this.writing) {
        await this.writing;
        continue;
      }
      await this.writeBatch();
      // Do not spin on a database that refuses: the caller sees the error, the rows stay queued.
      if (this.lastFailure) throw this.lastFailure;
    }
  }

  /** Graceful stop: no more ticks; everything queued is written before this resolves. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  /** Batched: the longest a queued row waits before its insert starts (AUDIT_FLUSH_MS). */
  get windowMs(): number {
    return this.options.flushMs ?? 0;
  }

  stats(): AuditLogStats {
    return { ...this.counters, pending: this.queue.length + this.inFlight };
  }

  private schedule(delayMs: number): void {
    if (this.scheduled || this.writing) return; // the running insert schedules the next one
    const tick = () => {
      this.scheduled = null;
      void this.writeBatch();
    };
    if (delayMs > 0) {
      const timer = setTimeout(tick, delayMs);
      this.scheduled = { cancel: () => clearTimeout(timer) };
    } else {
      const immediate = setImmediate(tick);
      this.scheduled = { cancel: () => clearImmediate(immediate) };
    }
  }

  private cancelSchedule(): void {
    this.scheduled?.cancel();
    this.scheduled = null;
  }

  private writeBatch(): Promise<void> {
    if (this.writing || this.queue.length === 0) return this.writing ?? Promise.resolve();
    const batch = this.queue.splice(0, MAX_ROWS_PER_INSERT);
    this.inFlight = batch.length;
    this.writing = (async () => {
      let failed = false;
      try {
        await this.db.execute(batchInsert(batch));
        this.counters.rows += batch.length;
        this.counters.inserts += 1;
        this.counters.largestBatch = Math.max(this.counters.largestBatch, batch.length);
        this.lastFailure = null;
      } catch (error) {
        failed = true;
        this.counters.failures += 1;
        this.lastFailure = error instanceof Error ? error : new Error(String(error));
        this.queue.unshift(...batch);
        this.options.onError?.(error, batch.length);
      } finally {
        this.inFlight = 0;
        this.writing = null;
      }
      if (this.queue.length > 0 && !this.closed) {
        this.schedule(failed ? RETRY_AFTER_MS : (this.options.flushMs ?? 0));
      }
    })();
    return this.writing;
  }
}

/**
 * One customer's audit rows, newest first (the care console's audit trail, issue 41): the rows
 * about the customer (its id as entity id, or as details.customerId) and the customer's own
 * actions. Read only; the log above stays the only writer.
 */
export async function customerAuditTrail(
  db: Db,
  customerId: string,
  page: number,
  pageSize: number,
) {
  const about = sql`(${auditLog.entityId} = ${customerId}
    or ${auditLog.details} ->> 'customerId' = ${customerId}
    or (${auditLog.actorType} = 'customer' and ${auditLog.actorId} = ${customerId}))`;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(about)
      .orderBy(sql`${auditLog.at} desc, ${auditLog.id} desc`)
      .limit(pageSize)
      .offset(page * pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(about),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}
