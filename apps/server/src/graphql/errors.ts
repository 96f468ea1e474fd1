import { GraphQLError } from 'graphql';

/** An expected failure with the spec's code in extensions.code (STYLE.md rule 6). */
export function codedError(code: string, message: string, fields?: Record<string, string>) {
  return new GraphQLError(message, { extensions: { code, ...(fields ? { fields } : {}) } });
}
