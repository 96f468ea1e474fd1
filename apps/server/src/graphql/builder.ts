import SchemaBuilder from '@pothos/core';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import ScopeAuthPlugin, { RequestCache } from '@pothos/plugin-scope-auth';
import { GraphQLError } from 'graphql';
import type { GraphQLContext } from './context';

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  AuthScopes: { customer: boolean };
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    Date: { Input: string; Output: string };
  };
  DefaultFieldNullability: false;
}>({
  plugins: [ScopeAuthPlugin, DataloaderPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (context) => ({ customer: context.viewer?.role === 'customer' }),
    authorizeOnSubscribe: true,
    // A missing, bad or expired token answers with the code the web app refreshes on.
    unauthorizedError: (_parent, context) => {
      const code = context.authError ?? 'invalid-jwt';
      return new GraphQLError(
        code === 'jwtExpired'
          ? 'Could not verify JWT: JWTExpired'
          : 'Could not verify JWT: JWTInvalid',
        { extensions: { code } },
      );
    },
  },
});

/**
 * Forgets what scope-auth remembered for an operation that is done with its context. Its cache
 * is a WeakMap keyed by the context whose value (a RequestCache) points back at the context, and
 * V8's young-generation collector keeps such an entry of a long-lived WeakMap until a full
 * collection: each finished request's context, and through it (Mercurius puts the reply in it)
 * the reply, the request and their headers, was copied by every scavenge and then promoted.
 * Issue 16, GetCustomerData under load (PostgreSQL, 10 connections): 1.37 MB survived each
 * scavenge against 0.29 MB for the plain-SQL route (V8's --trace-gc-nvp), 0.55 MB with this.
 * Called by the persisted-GET runner and Mercurius's onResolution and onSubscriptionEnd hooks
 * (app.ts); the cache is built again if the context is used once more.
 */
export function releaseOperationCaches(context: object): void {
  RequestCache.clearForContext(context);
}

/** An ISO 8601 instant with a four-digit year and a zone; years the database holds. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;
const INSTANT_YEARS = { min: 1900, max: 2999 } as const;

const badInput = (message: string) =>
  new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });

builder.scalarType('DateTime', {
  description: 'An instant, as an ISO 8601 string in UTC.',
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    // Anything else (+275760-09-13, a bare number) would pass Date and fail further in.
    if (typeof value !== 'string' || !INSTANT.test(value)) throw badInput('Invalid DateTime');
    const date = new Date(value);
    const year = date.getUTCFullYear();
    if (Number.isNaN(date.getTime()) || year < INSTANT_YEARS.min || year > INSTANT_YEARS.max) {
      throw badInput('Invalid DateTime');
    }
    return date;
  },
});

/** Whether yyyy-MM-dd names a day of the calendar (no February 30th). */
function isCalendarDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

builder.scalarType('Date', {
  description: 'A calendar date, yyyy-MM-dd.',
  serialize: (value) => value,
  parseValue: (value) => {
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || !isCalendarDate(value)) {
      throw badInput('Invalid Date');
    }
    const year = Number(value.slice(0, 4));
    if (year < INSTANT_YEARS.min || year > INSTANT_YEARS.max) throw badInput('Invalid Date');
    return value;
  },
});

builder.queryType({});
