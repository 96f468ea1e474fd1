import type { GraphQLError } from 'graphql';
import {
  graphql,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  parse,
  subscribe,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { codedError } from '../platform/errors';
import { toGraphQLError } from './format-errors';
import { guardRootArguments, MAX_INPUT_STRING } from './input-guard';

/** A schema with one root field taking an argument; `calls` counts its resolver's runs. */
function echoSchema() {
  const calls: string[] = [];
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: {
        echo: {
          type: GraphQLString,
          args: { text: { type: GraphQLString } },
          resolve: (_root, args: { text: string }) => {
            calls.push(args.text);
            return args.text;
          },
        },
        plain: { type: GraphQLString, resolve: () => 'plain' },
      },
    }),
  });
  return { schema, calls };
}

const run = (schema: GraphQLSchema, text: string) =>
  graphql({ schema, source: 'query($t: String) { echo(text: $t) }', variableValues: { t: text } });

describe('guardRootArguments', () => {
  it('refuses a NUL, a lone surrogate and an over-long string before the resolver runs', async () => {
    const { schema, calls } = echoSchema();
    guardRootArguments(schema);
    for (const bad of ['a\u0000b', 'x\ud800', 'y'.repeat(MAX_INPUT_STRING + 1)]) {
      const result = await run(schema, bad);
      const error = toGraphQLError(result.errors?.[0]) as GraphQLError;
      expect(error.extensions.code).toBe('BAD_USER_INPUT');
    }
    expect(calls).toEqual([]);
    expect((await run(schema, 'fine')).data).toEqual({ echo: 'fine' });
    expect(calls).toEqual(['fine']);
  });

  it('wraps a schema once, however often it is handed over (one buildApp per app)', () => {
    const { schema } = echoSchema();
    const field = () => schema.getQueryType()?.getFields().echo;
    const original = field()?.resolve;
    guardRootArguments(schema);
    const once = field()?.resolve;
    expect(once).not.toBe(original);
    expect(guardRootArguments(schema)).toBe(schema);
    expect(field()?.resolve).toBe(once);
    // Fields without arguments are left as they are.
    expect(
      schema
        .getQueryType()
        ?.getFields()
        .plain?.resolve?.({}, {}, {}, {} as never),
    ).toBe('plain');
  });

  it("answers a subscription's expected failure with its code (Mercurius sends it unformatted)", async () => {
    const schema = new GraphQLSchema({
      query: new GraphQLObjectType({
        name: 'Query',
        fields: { plain: { type: GraphQLString } },
      }),
      subscription: new GraphQLObjectType({
        name: 'Subscription',
        fields: {
          ticks: {
            type: GraphQLString,
            subscribe: () => {
              throw codedError('C108', 'Account information cannot be retrieved.');
            },
          },
        },
      }),
    });
    const unguarded = await subscribe({ schema, document: parse('subscription { ticks }') });
    expect('errors' in unguarded && unguarded.errors?.[0]?.extensions.code).toBeFalsy();
    guardRootArguments(schema);
    const result = await subscribe({ schema, document: parse('subscription { ticks }') });
    expect('errors' in result && result.errors?.[0]?.extensions).toEqual({ code: 'C108' });
  });
});
