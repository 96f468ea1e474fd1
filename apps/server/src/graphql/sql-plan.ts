import type { SQL } from 'drizzle-orm';
import type { SqlSelect } from '../db/json-select';
import type { GraphQLContext } from './context';

/**
 * SQL plans for persisted queries (issue 16). A field can say, beside its resolver, how the
 * database reads it: a value from its row, or the rows of an object or list field. When every
 * field a persisted query selects says so, and its one root field can read (sqlRoot), the query
 * runs as one statement that builds the answer's JSON in the database, and the server sends
 * that text as it comes: no GraphQL execution, no JSON parsed from the database or built again
 * (the approach of PostGraphile and Hasura). A field declares its plan here, below the modules;
 * graphql-host/sql-plan.ts compiles a query's plans into one statement. Anything else is run by graphql-jit as before:
 * a field without a plan, a fragment, a directive, an argument, a variable.
 *
 * A plan says the same as its field's resolver; graphql-host/sql-plan.int.test.ts holds every plan to its
 * resolvers over random records and random selections.
 */

/** How a field reads from its parent's row (`row`, the parent's alias in the statement). */
export type SqlFieldPlan =
  /** A value whose JSON is the field's answer as its scalar serializes it. */
  | { kind: 'value'; value: (row: SQL) => SQL }
  /**
   * The rows of an object field (the first, or null) or list field (all, in `orderBy`):
   * `from` is a FROM clause with its WHERE naming the rows as `alias`.
   */
  | { kind: 'rows'; rows: (row: SQL, alias: SQL) => { from: SQL; orderBy?: SQL } };

/**
 * A root field that can answer a plan: its JSON text, null for a null answer, or undefined to
 * leave the operation to its resolver (which then answers it, errors and all: no viewer, say).
 */
export interface SqlRootPlan {
  read(context: GraphQLContext, select: SqlSelect): Promise<string | null | undefined>;
}

/** Where a field's plan sits in its `extensions`. */
export const FIELD_PLAN = 'sqlPlan';
/** Where a root field's plan sits in its `extensions`. */
export const ROOT_PLAN = 'sqlRoot';

/** A field's `extensions`: it reads this value from its row. */
export function sqlValue(value: (row: SQL) => SQL) {
  return { [FIELD_PLAN]: { kind: 'value', value } satisfies SqlFieldPlan };
}

/** A field's `extensions`: its object or list reads these rows. */
export function sqlRows(rows: (row: SQL, alias: SQL) => { from: SQL; orderBy?: SQL }) {
  return { [FIELD_PLAN]: { kind: 'rows', rows } satisfies SqlFieldPlan };
}

/** A root field's `extensions`: it answers plans with `read`. */
export function sqlRoot(read: SqlRootPlan['read']) {
  return { [ROOT_PLAN]: { read } satisfies SqlRootPlan };
}
