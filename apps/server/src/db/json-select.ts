import type { SQL } from 'drizzle-orm';

/**
 * What a statement that builds a JSON answer selects (a persisted query's SQL plan,
 * graphql-host/sql-plan.ts): the root row's JSON, and the prepared statement's name, the same
 * for the same selection on every instance. A store runs it; it knows nothing of GraphQL.
 */
export interface SqlSelect {
  name: string;
  json: (row: SQL) => SQL;
}
