import { GraphQLError } from 'graphql';

/** What an expected failure may carry beside its code. */
export interface CodedErrorDetails {
  /** Which of several failures under one code happened (the web picks its dialog by it). */
  reason?: string;
  /** Bad input, field by field: the field's path and its message key. */
  fields?: Record<string, string>;
}

/**
 * An expected failure with the spec's code in extensions.code (STYLE.md rule 6). The one way
 * a resolver or service reports A102, TC108, C108, FORBIDDEN, BAD_USER_INPUT and the rest.
 */
export function codedError(code: string, message: string, details: CodedErrorDetails = {}) {
  return new GraphQLError(message, { extensions: { code, ...details } });
}
