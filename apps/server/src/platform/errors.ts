/** What an expected failure may carry beside its code. */
export interface AppErrorDetails {
  /** Which of several failures under one code happened (the web picks its dialog by it). */
  reason?: string;
  /** Bad input, field by field: the field's path and its message key. */
  fields?: Record<string, string>;
  /**
   * More of the answer the client acts on, sent beside the code (issue 43: a taken time's
   * `alternatives`).
   */
  answer?: Record<string, unknown>;
  /**
   * The internal fault behind a coded failure (a database error under C111): the edges log it
   * with the request id and never send it, so its text cannot reach a client.
   */
  cause?: unknown;
}

/**
 * An expected failure with the spec's code (A102, TC108, C108, FORBIDDEN, BAD_USER_INPUT …),
 * thrown by services and stores. It speaks no transport: the GraphQL error formatter
 * (`graphql-host/format-errors.ts`) puts it in `extensions` and the HTTP error handler
 * (`identity/errors.ts`) in the JSON body, each at its edge (STYLE.md rule 6).
 */
export class AppError extends Error {
  readonly code: string;
  readonly reason: string | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly answer: Record<string, unknown> | undefined;

  constructor(code: string, message: string, details: AppErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'AppError';
    this.code = code;
    this.reason = details.reason;
    this.fields = details.fields;
    this.answer = details.answer;
  }
}

/**
 * The one way a service, a store or a resolver reports an expected failure.
 *
 * It carries no stack: it is an answer, not a fault. The edges pass coded errors to the client
 * as they are and never log them, so nothing reads a stack, and capturing one was most of the
 * error's cost (issue 16: ~60 of ~75 µs a booking that lost its slot, with tsx's source maps).
 * Uncoded errors, the faults that are logged, keep theirs, and so does a coded error's `cause`
 * (the one part of it the edges log).
 */
export function codedError(code: string, message: string, details: AppErrorDetails = {}): AppError {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new AppError(code, message, details);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** The code, reason and fields of an expected failure, as an edge sends them. */
export function errorDetails(error: AppError): { code: string } & AppErrorDetails {
  return {
    ...error.answer,
    code: error.code,
    ...(error.reason !== undefined && { reason: error.reason }),
    ...(error.fields !== undefined && { fields: error.fields }),
  };
}
