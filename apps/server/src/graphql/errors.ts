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
 *
 * It carries no stack: it is an answer, not a fault. The error formatter passes coded errors
 * to the client as they are and never logs them, so nothing reads a stack, and capturing one
 * was most of the error's cost (issue 16: ~60 of ~75 µs a booking that lost its slot, with
 * tsx's source maps). Uncoded errors, the faults that are logged, keep theirs.
 */
export function codedError(code: string, message: string, details: CodedErrorDetails = {}) {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new GraphQLError(message, { extensions: { code, ...details } });
  } finally {
    Error.stackTraceLimit = limit;
  }
}
