import { createHash } from 'node:crypto';
import { is, SQL, sql, type Query } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../db/client';
import { AuditLog, type AuditActor, type AuditEntry } from './audit';

/** What a unit of work hands its body: the transaction, and the audit log inside it. */
export interface Work {
  tx: Db;
  /** Appends an audit row in this transaction: it commits, or rolls back, with the change. */
  audit: (entry: AuditEntry) => Promise<void>;
}

const dialect = new PgDialect();

/** PGlite's query, as the statement cache (db/pglite-client.ts) answers it. */
interface RawQueryable {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

/** The part of node-postgres' socket used here (a net.Socket). */
interface Corkable {
  cork(): void;
  uncork(): void;
}

/**
 * A transaction-scoped advisory lock that queues units of work on one key (a customer's double
 * click); it says nothing about rows, which constraints judge.
 */
const advisoryLock = (key: string) =>
  sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`;

/** Prepared-statement names by SQL text (a handful of statements: bounded for safety). */
const statementNames = new Map<string, string>();

/**
 * A prepared statement's name for `text`, from its hash: PostgreSQL parses and plans a named
 * statement once per connection instead of on every call (the booking statement's planning was
 * about as long as its execution). The same text always gets the same name.
 */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `s_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    if (statementNames.size >= 200) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
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
      if (options.lock) await tx.execute(advisoryLock(options.lock));
      const audit = new AuditLog(tx);
      return body({ tx, audit: (entry) => audit.record(actor, entry) });
    });
  }

  /**
   * One statement (its audit row inside it, as a data-modifying CTE) in a transaction of its
   * own behind the same advisory lock `run` takes, in one round trip: on PostgreSQL begin, the
   * lock, the statement and commit are written together on one pipelined connection (the pool
   * runs in pipeline mode: db/client.ts), and the statement, sent after the lock, reads with a
   * snapshot taken once the lock is held. A failing statement aborts the transaction and the
   * commit then rolls it back. PGlite is one connection that runs one statement at a time: the
   * statement alone is its own transaction, and nothing can run between a lock and it.
   *
   * The statement comes as drizzle SQL, or already compiled to its text and values (a Query:
   * a statement run on every booking is compiled once, AppointmentStore.bookingStatement). A
   * Query's rows are the driver's own (node-postgres', or PGlite's with its default parsers).
   */
  async runLockedStatement<Row>(lock: string, statement: SQL | Query): Promise<Row[]> {
    const client = (this.db as unknown as { $client?: unknown }).$client;
    if (!(client instanceof pg.Pool)) {
      const result: unknown = is(statement, SQL)
        ? await this.db.execute(statement)
        : await (client as RawQueryable).query(statement.sql, statement.params);
      return (result as { rows: Row[] }).rows;
    }
    const query = is(statement, SQL) ? dialect.sqlToQuery(statement) : statement;
    const locked = dialect.sqlToQuery(advisoryLock(lock));
    const connection = await client.connect();
    let broken: unknown;
    try {
      // pg corks and uncorks the socket around each query it sends: one write system call per
      // query. Corked around all four, they leave in one (issue 16: socket writes were about a
      // fifth of a booking's event-loop time under contention, by a CPU profile).
      const socket = (connection as unknown as { connection?: { stream?: Corkable } }).connection
        ?.stream;
      socket?.cork();
      let sent: Promise<pg.QueryResult>[];
      try {
        sent = [
          connection.query('begin'),
          connection.query({
            name: statementName(locked.sql),
            text: locked.sql,
            values: locked.params,
          }),
          connection.query({
            name: statementName(query.sql),
            text: query.sql,
            values: query.params,
          }),
          connection.query('commit'),
        ];
      } finally {
        socket?.uncork();
      }
      const settled = await Promise.allSettled(sent);
      const failed = settled.find((s) => s.status === 'rejected');
      if (failed) {
        // A failed statement leaves nothing behind (the commit of an aborted transaction is a
        // rollback); a failed begin or commit leaves the connection in doubt: it is not reused.
        if (settled[0]!.status === 'rejected' || settled[3]!.status === 'rejected') {
          broken = failed.reason;
        }
        throw failed.reason;
      }
      const answer = settled[2] as PromiseFulfilledResult<pg.QueryResult>;
      return answer.value.rows as Row[];
    } finally {
      connection.release(broken instanceof Error ? broken : undefined);
    }
  }
}
