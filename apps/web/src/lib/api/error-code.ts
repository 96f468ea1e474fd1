import { GraphqlRequestError } from './graphql-client';

/** The spec code a failed call carries, or `fallback` when it has none of ours. */
export function errorCodeOf(error: unknown, known: readonly string[], fallback: string): string {
  const code = error instanceof GraphqlRequestError ? error.code : undefined;
  return code && known.includes(code) ? code : fallback;
}

/** The field errors (field name → message key) the server's schema check sent, if any. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof GraphqlRequestError)) return {};
  const fields = error.errors[0]?.extensions?.fields;
  if (!fields || typeof fields !== 'object') return {};
  return Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
