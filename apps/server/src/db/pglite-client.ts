import {
  PGlite,
  parse,
  protocol,
  type PGliteOptions,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';

const { serialize } = protocol;
type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type Parsers = PGlite['parsers'];

/**
 * Data statements (a CTE included) are kept as named statements. DDL, BEGIN and the like go
 * through PGlite's own path: a migration's statements run once.
 */
const CACHEABLE = /^\s*(?:select|insert|update|delete|with)\b/i;
/** Statements kept per database; the least recently used one is closed past this. */
export const STATEMENT_CACHE_SIZE = 500;
/** PostgreSQL's answer when a kept statement's result columns changed under it (DDL). */
const RESULT_TYPE_CHANGED = 'cached plan must not change result type';

interface Statement {
  name: string;
  paramTypes: number[];
  /** The statement's row description (none for a statement without rows). */
  rows: BackendMessage | undefined;
}

export interface StatementCacheStats {
  prepared: number;
  reused: number;
  closed: number;
  size: number;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function cacheable(text: string, options: QueryOptions | undefined): boolean {
  return (
    CACHEABLE.test(text) &&
    options?.paramTypes === undefined &&
    options?.blob === undefined &&
    !text.includes('/dev/blob')
  );
}

/**
 * PGlite with a statement cache (issue 16), as node-postgres' named statements are on
 * PostgreSQL (db/prepared.ts) and as postgres.js keeps every statement.
 *
 * PGlite's `query` parses, describes, binds, describes again, executes and syncs: six calls
 * into the WebAssembly Postgres, which parses and plans the statement on every run, on the
 * event loop. Here the first run of a statement text parses it under a name and describes it
 * once (one call); every later run binds, executes and syncs it in one call. A by-email user
 * read through the app's store measured ~356 µs of CPU before, ~77 µs this way (issue 16).
 *
 * Answers, errors (the same DatabaseError, with `query`, `params` and `queryOptions`) and
 * locking (the same query and transaction mutexes) are PGlite's own; statements inside a
 * transaction use the cache too. At most STATEMENT_CACHE_SIZE statements are kept: the least
 * recently used one is closed. A statement whose result columns changed under it (DDL after it
 * was kept) is parsed again once outside a transaction; inside one the error stands, as it
 * would on PostgreSQL with node-postgres' named statements.
 */
export class StatementCachingPGlite extends PGlite {
  readonly #statements = new Map<string, Statement>();
  #counter = 0;
  readonly #stats = { prepared: 0, reused: 0, closed: 0 };

  static async open(options: PGliteOptions): Promise<StatementCachingPGlite> {
    // btree_gist: the slot claims' exclusion constraint (issue 43, migration 0026).
    const db = new StatementCachingPGlite({
      ...options,
      extensions: { btree_gist, ...options.extensions },
    });
    await db.waitReady;
    return db;
  }

  statementStats(): StatementCacheStats {
    return { ...this.#stats, size: this.#statements.size };
  }

  override async query<T>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    if (!cacheable(text, options)) return super.query<T>(text, params, options);
    await this._checkReady();
    return this._runExclusiveTransaction(() => this.#run<T>(text, params ?? [], options, false));
  }

  override async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return super.transaction((tx) => callback(this.#cachingTransaction(tx)));
  }

  #cachingTransaction(tx: Transaction): Transaction {
    const query = async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
      if (!cacheable(text, options)) return tx.query<R>(text, params, options);
      if (tx.closed) throw new Error('Transaction is closed');
      return this.#run<R>(text, params ?? [], options, true);
    };
    return new Proxy(tx, {
      get: (target, key, receiver): unknown =>
        key === 'query' ? query : Reflect.get(target, key, receiver),
    });
  }

  async #run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    return this._runExclusiveQuery(async () => {
      let result: Results<T>;
      try {
        try {
          result = await this.#execute<T>(text, params, options);
        } catch (error) {
          if (inTransaction || !(error instanceof Error) || error.message !== RESULT_TYPE_CHANGED)
            throw error;
          await this.#close(text);
          result = await this.#execute<T>(text, params, options);
        }
      } catch (error) {
        if (error instanceof protocol.messages.DatabaseError) {
          Object.assign(error, { query: text, params, queryOptions: options });
        }
        throw error;
      }
      if (!inTransaction) await this.syncToFs();
      return result;
    });
  }

  async #execute<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    let statement = this.#statements.get(text);
    if (statement) {
      // Most recently used last: the map's first entry is the one to close.
      this.#statements.delete(text);
      this.#statements.set(text, statement);
      this.#stats.reused += 1;
    } else {
      statement = await this.#prepare(text);
    }
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = statement.paramTypes[i] ?? 0;
      const serializer = options?.serializers?.[type] ?? this.serializers[type];
      if (serializer) return serializer(param);
      // As PGlite's query does for a type it has no serializer for (text, uuid, numeric…).
      return (param as { toString(): string }).toString();
    });
    const messages = await this.execProtocolStream(
      concat(
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ),
      { syncToFs: false },
    );
    const described = statement.rows ? [statement.rows, ...messages] : messages;
    const parsing = this.#parsing(options);
    return parse.parseResults(described, parsing.parsers, parsing.options)[0] as Results<T>;
  }

  /**
   * PGlite copies its default parsers (a few hundred types) into a new object with the query's
   * own on every run; drizzle passes a few of its own with every query. Here the query's own
   * sit on an object whose prototype is the defaults: the same lookup, without the copy.
   */
  #parsing(options: QueryOptions | undefined): { parsers: Parsers; options?: QueryOptions } {
    if (!options?.parsers) return { parsers: this.parsers, ...(options ? { options } : {}) };
    const { parsers, ...rest } = options;
    return {
      parsers: Object.assign(Object.create(this.parsers) as Parsers, parsers),
      options: rest,
    };
  }

  async #prepare(text: string): Promise<Statement> {
    this.#counter += 1;
    const name = `pglite_${this.#counter}`;
    const messages = await this.execProtocolStream(
      concat(
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ),
      { syncToFs: false },
    );
    const statement: Statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rows: messages.find((message) => message.name === 'rowDescription'),
    };
    this.#statements.set(text, statement);
    this.#stats.prepared += 1;
    if (this.#statements.size > STATEMENT_CACHE_SIZE) {
      const oldest = this.#statements.keys().next().value;
      if (oldest !== undefined) await this.#close(oldest);
    }
    return statement;
  }

  async #close(text: string): Promise<void> {
    const statement = this.#statements.get(text);
    if (!statement) return;
    this.#statements.delete(text);
    this.#stats.closed += 1;
    await this.execProtocolStream(
      concat(serialize.close({ type: 'S', name: statement.name }), serialize.sync()),
      { syncToFs: false },
    );
  }
}
