/**
 * A query built once per store and then only executed (issue 16). Drizzle builds a query's
 * SQL text from its builder on every run (about a tenth of a millisecond of event-loop time
 * for a join with a few conditions); a prepared query keeps the text and takes its values as
 * placeholders. On PostgreSQL its name makes it a named prepared statement, parsed and planned
 * once per pooled connection. Built lazily from the store's own `db`, so a store over a
 * transaction (`in(tx)`) prepares its own copy on the transaction's connection.
 */
export function preparedOnce<T>(build: () => T): () => T {
  let query: T | undefined;
  return () => (query ??= build());
}
