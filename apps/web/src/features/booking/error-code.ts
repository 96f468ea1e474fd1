import { GraphqlRequestError } from '../../lib/api/graphql-client';

/** The spec code a failed call carries, or `fallback` when it has none of ours. */
export function errorCodeOf(error: unknown, known: readonly string[], fallback: string): string {
  const code = error instanceof GraphqlRequestError ? error.code : undefined;
  return code && known.includes(code) ? code : fallback;
}
