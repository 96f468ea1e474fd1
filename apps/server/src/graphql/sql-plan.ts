import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import {
  getNullableType,
  isListType,
  isObjectType,
  Kind,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { GraphQLContext } from './context';

/**
 * SQL plans for persisted queries (issue 16). A field can say, beside its resolver, how the
 * database reads it: a value from its row, or the rows of an object or list field. When every
 * field a persisted query selects says so, and its one root field can read (sqlRoot), the query
 * runs as one statement that builds the answer's JSON in the database, and the server sends
 * that text as it comes: no GraphQL execution, no JSON parsed from the database or built again
 * (the approach of PostGraphile and Hasura). Anything else is run by graphql-jit as before:
 * a field without a plan, a fragment, a directive, an argument, a variable.
 *
 * A plan says the same as its field's resolver; sql-plan.int.test.ts holds every plan to its
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

/** What a statement selects: the root field's JSON from its row, and its prepared name. */
export interface SqlSelect {
  /** The prepared statement's name: the same selection has the same name on every instance. */
  name: string;
  json: (row: SQL) => SQL;
}

/**
 * A root field that can answer a plan: its JSON text, null for a null answer, or undefined to
 * leave the operation to its resolver (which then answers it, errors and all: no viewer, say).
 */
export interface SqlRootPlan {
  read(context: GraphQLContext, select: SqlSelect): Promise<string | null | undefined>;
}

const FIELD_PLAN = 'sqlPlan';
const ROOT_PLAN = 'sqlRoot';

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

/** A compiled persisted query: its root field, the key it answers under and the select. */
export interface SqlPlan {
  root: SqlRootPlan;
  /** The root field's response key, as JSON (`"customer"`). */
  keyJson: string;
  select: SqlSelect;
}

// A selection in one json_build_object: PostgreSQL takes at most 100 arguments.
const MAX_KEYS = 50;

/**
 * Whether scope-auth guards a type or field (Pothos keeps its options in `extensions`): its
 * check runs with the resolvers, which a plan does not call, so such a field has no plan.
 */
function scoped(extensions: Readonly<Record<string, unknown>>): boolean {
  const options = extensions.pothosOptions as Record<string, unknown> | undefined;
  return options?.authScopes !== undefined || options?.grantScopes !== undefined;
}

function fieldPlan(field: GraphQLField<unknown, unknown>): SqlFieldPlan | undefined {
  if (scoped(field.extensions)) return undefined;
  return field.extensions[FIELD_PLAN] as SqlFieldPlan | undefined;
}

/** A GraphQL name (the parser allows only [_A-Za-z][_0-9A-Za-z]*) as an SQL text literal. */
function literal(name: string): SQL {
  if (!/^[_A-Za-z][_0-9A-Za-z]*$/.test(name)) throw new Error(`not a GraphQL name: ${name}`);
  return sql.raw(`'${name}'`);
}

/** Fields alone, each at most once by its response key: anything else is not a plan's. */
function plainFields(selectionSet: SelectionSetNode) {
  const fields = [];
  const keys = new Set<string>();
  for (const selection of selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) return null;
    if (selection.directives?.length || selection.arguments?.length) return null;
    const key = selection.alias?.value ?? selection.name.value;
    if (keys.has(key)) return null;
    keys.add(key);
    fields.push({ key, name: selection.name.value, selectionSet: selection.selectionSet });
  }
  return fields.length > 0 && fields.length <= MAX_KEYS ? fields : null;
}

/** The object's JSON for `selectionSet` over `row`; null when a field has no plan. */
function objectJson(
  type: GraphQLObjectType,
  selectionSet: SelectionSetNode,
  aliases: { next: number },
): ((row: SQL) => SQL) | null {
  const fields = plainFields(selectionSet);
  if (!fields || scoped(type.extensions)) return null;
  const parts: ((row: SQL) => SQL)[] = [];
  for (const { key, name, selectionSet: inner } of fields) {
    const label = literal(key);
    if (name === '__typename') {
      parts.push(() => sql`${label}, ${literal(type.name)}`);
      continue;
    }
    const field = type.getFields()[name];
    const plan = field && fieldPlan(field);
    if (!field || !plan) return null;
    const fieldType = getNullableType(field.type);
    if (plan.kind === 'value') {
      if (inner || isListType(fieldType) || isObjectType(fieldType)) return null;
      parts.push((row) => sql`${label}, ${plan.value(row)}`);
      continue;
    }
    const list = isListType(fieldType);
    const itemType = list ? getNullableType(fieldType.ofType) : fieldType;
    if (!inner || !isObjectType(itemType)) return null;
    const item = objectJson(itemType, inner, aliases);
    if (!item) return null;
    const alias = sql.raw(`p${aliases.next++}`);
    parts.push((row) => {
      const { from, orderBy } = plan.rows(row, alias);
      return list
        ? sql`${label}, (select coalesce(json_agg(${item(alias)}${orderBy ? sql` order by ${orderBy}` : sql``}), '[]') from ${from})`
        : sql`${label}, (select ${item(alias)} from ${from} limit 1)`;
    });
  }
  return (row) =>
    sql`json_build_object(${sql.join(
      parts.map((part) => part(row)),
      sql`, `,
    )})`;
}

/**
 * The plan of a validated query with one operation, or null when it has none: one root field
 * with an SQL root, and every field below it with a plan.
 */
export function compileSqlPlan(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  documentText: string,
): SqlPlan | null {
  const queryType = schema.getQueryType();
  if (!queryType || operation.variableDefinitions?.length || operation.directives?.length) {
    return null;
  }
  const fields = plainFields(operation.selectionSet);
  const [only] = fields ?? [];
  if (!only || fields?.length !== 1 || !only.selectionSet) return null;
  const field = queryType.getFields()[only.name];
  const root = field?.extensions[ROOT_PLAN] as SqlRootPlan | undefined;
  const type = field && getNullableType(field.type);
  if (!root || !isObjectType(type)) return null;
  const json = objectJson(type, only.selectionSet, { next: 1 });
  if (!json) return null;
  const digest = createHash('sha256').update(documentText).digest('hex').slice(0, 24);
  return { root, keyJson: JSON.stringify(only.key), select: { name: `gql_${digest}`, json } };
}
