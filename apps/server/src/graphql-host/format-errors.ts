import { GraphQLError } from 'graphql';
import type { ExecutionResult } from 'graphql';
import type { MercuriusContext } from 'mercurius';
import { AppError, errorDetails } from '../platform/errors';

const SAFE_CODES_PATTERN = /^[A-Za-z0-9_-]+$/;

/**
 * A service's expected failure as GraphQL carries it: the spec's code, reason and fields in
 * `extensions`, at the place (path, locations) graphql-js found it. Anything else as it is.
 */
export function toGraphQLError(error: unknown): unknown {
  if (error instanceof AppError) {
    return new GraphQLError(error.message, {
      originalError: error,
      extensions: { ...errorDetails(error) },
    });
  }
  if (error instanceof GraphQLError && error.originalError instanceof AppError) {
    return new GraphQLError(error.message, {
      nodes: error.nodes,
      source: error.source,
      positions: error.positions,
      path: error.path,
      originalError: error.originalError,
      extensions: { ...errorDetails(error.originalError) },
    });
  }
  return error;
}

/**
 * Expected failures carry a code in extensions.code and pass as they are; anything else is
 * logged with the request id and reaches the client masked (STYLE.md rule 6).
 */
export function formatGraphQLErrors(execution: ExecutionResult, context: MercuriusContext) {
  const errors = (execution.errors ?? []).map((raw) => {
    const error = toGraphQLError(raw) as GraphQLError;
    const code = error.extensions?.code;
    // Parse and validation errors (limits included) have no path: they name no resolver.
    const isValidation = error.path === undefined;
    if ((typeof code === 'string' && SAFE_CODES_PATTERN.test(code)) || isValidation) {
      // The fault behind a coded failure goes to the log (with the request id); the client
      // gets the code alone.
      const cause = error.originalError instanceof AppError ? error.originalError.cause : undefined;
      if (cause !== undefined) {
        context.reply?.request.log.error({ err: cause, code }, 'coded error with a cause');
      }
      return error;
    }
    const requestId = (context.reply?.request.id as string | undefined) ?? 'unknown';
    context.reply?.request.log.error(
      { err: error.originalError ?? error },
      'graphql resolver error',
    );
    return new GraphQLError(`Internal error (request ${requestId})`, {
      path: error.path,
      extensions: { code: 'INTERNAL_SERVER_ERROR', requestId },
    });
  });
  return { statusCode: 200, response: { data: execution.data ?? null, errors } };
}
