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
import type { SqlSelect } from '../db/json-select';
import { FIELD_PLAN, ROOT_PLAN, type SqlFieldPlan, type SqlRootPlan } from '../graphql/sql-plan';

/*
 * Compiles a persisted query whose every field has an SQL plan (graphql/sql-plan.ts, where the
 * fields declare them) into one statement that builds the answer's JSON.
 */

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
