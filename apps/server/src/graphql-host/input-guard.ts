import {
  isObjectType,
  type GraphQLFieldConfig,
  type GraphQLFieldResolver,
  type GraphQLSchema,
} from 'graphql';
import { codedError } from '../platform/errors';
import { toGraphQLError } from './format-errors';

/** The longest string any argument takes; the forms' own limits are far below it. */
export const MAX_INPUT_STRING = 20_000;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a string cannot be taken anywhere, or null when it can. */
function badString(value: string): string | null {
  if (value.length > MAX_INPUT_STRING) return 'too_long';
  // PostgreSQL text cannot hold NUL, and a lone surrogate is not text at all.
  if (value.includes('\u0000')) return 'invalid';
  if (LONE_SURROGATE.test(value)) return 'invalid';
  return null;
}

function findBadInput(value: unknown, path: string): { path: string; reason: string } | null {
  if (typeof value === 'string') {
    const reason = badString(value);
    return reason ? { path, reason } : null;
  }
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? { path, reason: 'invalid' } : null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const bad = findBadInput(item, `${path}.${index}`);
      if (bad) return bad;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const bad = findBadInput(item, path ? `${path}.${key}` : key);
      if (bad) return bad;
    }
  }
  return null;
}

/** Throws the coded bad-input error when an argument holds what no operation takes. */
export function assertAcceptableArgs(args: Record<string, unknown>): void {
  const bad = findBadInput(args, '');
  if (bad) {
    throw codedError('BAD_USER_INPUT', 'Invalid input.', { fields: { [bad.path]: bad.reason } });
  }
}

/** Schemas whose root fields are guarded already. */
const guardedSchemas = new WeakSet<GraphQLSchema>();

type AnyResolver = GraphQLFieldResolver<unknown, unknown, Record<string, unknown>>;

function guarded(resolver: AnyResolver | undefined): AnyResolver | undefined {
  if (!resolver) return resolver;
  return (source, args, context, info) => {
    assertAcceptableArgs(args);
    return resolver(source, args, context, info);
  };
}

/**
 * A subscription's expected failure as GraphQL carries it. Mercurius answers a failed subscribe
 * without its error formatter, so the mapping the formatter does for queries happens here.
 */
function mappingErrors(subscribe: AnyResolver | undefined): AnyResolver | undefined {
  if (!subscribe) return subscribe;
  return async (source, args, context, info) => {
    try {
      return await subscribe(source, args, context, info);
    } catch (error) {
      throw toGraphQLError(error);
    }
  };
}

/**
 * Every root field (query, mutation, subscription) checks its arguments before its resolver
 * runs: a NUL, a lone surrogate or an enormous string is bad input, in one place rather than
 * in each resolver, and nothing is read or written. A subscription's subscribe answers its
 * expected failures with their codes.
 */
export function guardRootArguments(schema: GraphQLSchema): GraphQLSchema {
  // The schema is one module-level object: every buildApp in a process (the tests build many,
  // the bench two) hands it here again, and each pass would wrap the guard once more.
  if (guardedSchemas.has(schema)) return schema;
  guardedSchemas.add(schema);
  for (const root of [
    schema.getQueryType(),
    schema.getMutationType(),
    schema.getSubscriptionType(),
  ]) {
    if (!root || !isObjectType(root)) continue;
    for (const field of Object.values(root.getFields())) {
      const config = field as unknown as GraphQLFieldConfig<unknown, unknown>;
      if (field.args.length > 0) {
        config.resolve = guarded(field.resolve as AnyResolver | undefined);
        config.subscribe = guarded(field.subscribe as AnyResolver | undefined);
      }
      config.subscribe = mappingErrors(config.subscribe as AnyResolver | undefined);
    }
  }
  return schema;
}
