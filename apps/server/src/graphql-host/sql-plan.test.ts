import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import {
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  parse,
  type OperationDefinitionNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { operationsIn } from './persisted';
import { schema } from './schema';
import { sqlRoot, sqlValue } from '../graphql/sql-plan';
import { compileSqlPlan } from './sql-plan';

// Which persisted queries get an SQL plan (graphql/sql-plan.ts): only those a plan can answer
// exactly as the resolvers do. sql-plan.int.test.ts runs them against the resolvers.

function operation(text: string): OperationDefinitionNode {
  const [only] = operationsIn(parse(text));
  if (!only) throw new Error('no operation');
  return only;
}

const plan = (text: string) => compileSqlPlan(schema, operation(text), text);

/** The statement a plan runs over the customers table, as PostgreSQL receives it. */
function statement(text: string): { sql: string; params: unknown[] } {
  const compiled = plan(text);
  if (!compiled) throw new Error('no plan');
  return new PgDialect().sqlToQuery(compiled.select.json(sql`customers`));
}

describe('compileSqlPlan', () => {
  it('plans a query whose every field has a plan, under its root field’s key', () => {
    const compiled = plan(
      'query Q { me: customer { id full_name tags { name } contracts { id end_date } } }',
    );
    expect(compiled?.keyJson).toBe('"me"');
    expect(compiled?.select.name).toMatch(/^gql_[0-9a-f]{24}$/);
  });

  it('builds one statement: the selected keys, aliases and type names as literals', () => {
    const { sql: text, params } = statement(
      'query Q { customer { id first: first_name __typename subscriptions { contract { end_date } } } }',
    );
    expect(text).toContain(`'id', customers."id"`);
    expect(text).toContain(`'first', customers."first_name"`);
    expect(text).toContain(`'__typename', 'Customer'`);
    expect(text).toContain(`coalesce(json_agg(`);
    expect(text).toContain('limit 1');
    // Nothing the query did not ask for.
    expect(text).not.toContain('"email"');
    // Keys and names are literals: the selection binds no parameter (the store adds the id).
    expect(params).toEqual([]);
  });

  it('names the same document the same way and another document otherwise', () => {
    const a = 'query Q { customer { id } }';
    expect(plan(a)?.select.name).toBe(plan(a)?.select.name);
    expect(plan(a)?.select.name).not.toBe(plan('query Q { customer { email } }')?.select.name);
  });

  it.each([
    ['a field without a plan', 'query Q { customer { id prescriptions { id } } }'],
    ['a fragment', 'query Q { customer { ...F } } fragment F on Customer { id }'],
    ['an inline fragment', 'query Q { customer { ... on Customer { id } } }'],
    ['a directive', 'query Q { customer { id @include(if: true) } }'],
    ['variables', 'query Q($x: Boolean!) { customer { id @skip(if: $x) } }'],
    ['two root fields', 'query Q { customer { id } featureFlags { name } }'],
    ['a root field without an SQL root', 'query Q { featureFlags { name } }'],
    ['a key asked twice', 'query Q { customer { id id } }'],
    ['__typename at the root', 'query Q { __typename customer { id } }'],
  ])('leaves %s to the resolvers', (_case, text) => {
    expect(plan(text)).toBeNull();
  });

  it('leaves a field or type under scope-auth to the resolvers, where its check runs', () => {
    const column = sqlValue((row) => sql`${row}.x`);
    const guarded = { pothosOptions: { authScopes: { staff: true } } };
    const build = (
      fieldExtensions: Record<string, unknown>,
      typeExtensions: Record<string, unknown>,
    ) => {
      const Thing = new GraphQLObjectType({
        name: 'Thing',
        extensions: typeExtensions,
        fields: {
          open: { type: new GraphQLNonNull(GraphQLString), extensions: column },
          secret: { type: GraphQLString, extensions: { ...column, ...fieldExtensions } },
        },
      });
      const Query = new GraphQLObjectType({
        name: 'Query',
        fields: { thing: { type: Thing, extensions: sqlRoot(() => Promise.resolve(null)) } },
      });
      return new GraphQLSchema({ query: Query });
    };
    const compile = (s: GraphQLSchema, text: string) => compileSqlPlan(s, operation(text), text);
    expect(compile(build({}, {}), 'query Q { thing { open secret } }')).not.toBeNull();
    expect(compile(build(guarded, {}), 'query Q { thing { open } }')).not.toBeNull();
    expect(compile(build(guarded, {}), 'query Q { thing { open secret } }')).toBeNull();
    expect(compile(build({}, guarded), 'query Q { thing { open } }')).toBeNull();
  });
});
