import type { FastifyReply, FastifyRequest } from 'fastify';
import { buildSchema, GraphQLError, type ExecutionResult } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import type { GraphQLContext } from '../graphql/context';
import { persistedGetRunner } from './persisted-get';

const schema = buildSchema('type Query { hello: String, fails: String }');
const resolvers = {
  hello: (_args: unknown, ctx: { name: string }) => `hi ${ctx.name}`,
  fails: () => {
    throw new GraphQLError('nope', { extensions: { code: 'C100' } });
  },
};
for (const [name, resolve] of Object.entries(resolvers)) {
  const field = schema.getQueryType()?.getFields()[name];
  if (field) field.resolve = (_root, args, ctx) => resolve(args, ctx as { name: string });
}

function setup() {
  const contexts: unknown[] = [];
  const released: unknown[] = [];
  const formatErrors = vi.fn((execution: ExecutionResult) => ({
    statusCode: 200,
    response: { data: execution.data ?? null, errors: ['formatted'] },
  }));
  const run = persistedGetRunner({
    schema,
    validationRules: [],
    context: () => {
      const ctx = { name: 'Alex' } as unknown as GraphQLContext;
      contexts.push(ctx);
      return Promise.resolve(ctx);
    },
    formatErrors,
    release: (context) => released.push(context),
  });
  const ask = async (query: Record<string, unknown>, method = 'GET', headers = {}) => {
    const sent: unknown[] = [];
    const codes: number[] = [];
    const reply = {
      send: (body: unknown) => {
        sent.push(body);
        return reply;
      },
      code: (status: number) => {
        codes.push(status);
        return reply;
      },
    };
    const request = { method, headers, query, server: {} } as unknown as FastifyRequest;
    await run(request, reply as unknown as FastifyReply);
    return { sent, codes };
  };
  return { ask, contexts, formatErrors, released };
}

describe('persistedGetRunner', () => {
  it('answers a query without variables from its compiled document, with the app’s context', async () => {
    const { ask, contexts } = setup();
    const first = await ask({ query: 'query Hello { hello }', operationName: 'Hello' });
    expect(first.sent).toEqual([{ data: { hello: 'hi Alex' } }]);
    expect(contexts[0]).toHaveProperty('reply');
    expect(contexts[0]).toHaveProperty('name', 'Alex');
    // The same text again: answered again (from the compiled cache).
    expect((await ask({ query: 'query Hello { hello }' })).sent).toHaveLength(1);
  });

  it('sends errors through the error formatter', async () => {
    const { ask, formatErrors } = setup();
    const { sent, codes } = await ask({ query: 'query Fails { fails }' });
    expect(formatErrors).toHaveBeenCalledOnce();
    expect(sent).toEqual([{ data: { fails: null }, errors: ['formatted'] }]);
    expect(codes).toEqual([200]);
  });

  it('releases the context once the operation is done with it, answered or failed', async () => {
    const { ask, contexts, released } = setup();
    await ask({ query: 'query Hello { hello }' });
    expect(released).toEqual([contexts[0]]);
    await ask({ query: 'query Fails { fails }' });
    expect(released).toEqual([contexts[0], contexts[1]]);
  });

  it('leaves everything else to Mercurius', async () => {
    const { ask, contexts, released } = setup();
    const untouched = [
      await ask({ query: 'query Hello { hello }' }, 'POST'),
      await ask({ query: 'query Hello { hello }' }, 'GET', { upgrade: 'websocket' }),
      await ask({ query: 'query Hello { hello }', variables: '{}' }),
      await ask({ query: 'query Hello { hello }', operationName: 'Other' }),
      await ask({ query: 'query Hello { nothing }' }),
      await ask({ query: 'query Hello {' }),
      await ask({ query: 'mutation M { hello }' }),
      await ask({ documentId: 'sha256:00' }),
    ];
    expect(untouched.map((r) => r.sent)).toEqual(untouched.map(() => []));
    expect(contexts).toEqual([]);
    expect(released).toEqual([]);
  });
});
