import SchemaBuilder from '@pothos/core';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
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

builder.scalarType('DateTime', {
  description: 'An instant, as an ISO 8601 string in UTC.',
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime()))
      throw new GraphQLError('Invalid DateTime', { extensions: { code: 'BAD_USER_INPUT' } });
    return date;
  },
});

builder.scalarType('Date', {
  description: 'A calendar date, yyyy-MM-dd.',
  serialize: (value) => value,
  parseValue: (value) => {
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) {
      throw new GraphQLError('Invalid Date', { extensions: { code: 'BAD_USER_INPUT' } });
    }
    return value;
  },
});

builder.queryType({});
