import type { IdentityErrorCode } from '@portal/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, errorDetails } from '../platform/errors';

const STATUS: Record<IdentityErrorCode, number> = {
  'invalid-input': 400,
  'invalid-credentials': 401,
  'email-not-verified': 403,
  'email-already-in-use': 409,
  'contact-support': 403,
  'invalid-code': 400,
  'code-expired': 400,
  'too-many-requests': 429,
  'invalid-token': 401,
  'session-revoked': 401,
  'requires-recent-login': 401,
  'not-found': 404,
  'generic-error': 500,
  'onboarding-required': 403,
  'password-too-common': 400,
};

const MESSAGES: Record<IdentityErrorCode, string> = {
  'invalid-input': 'The request is not valid.',
  'invalid-credentials': 'Incorrect username or password',
  'email-not-verified': 'Your email needs to be verified. We sent you a new verification email.',
  'email-already-in-use': 'This email is not available.',
  'contact-support': 'Please contact support to finish setting up your account.',
  'invalid-code': 'The verification code is invalid or has already been used.',
  'code-expired': 'The link has expired. Please ask for a new one.',
  'too-many-requests': 'Too many attempts. Please wait a few minutes and try again.',
  'invalid-token': 'Your session is no longer valid. Please sign in again.',
  'session-revoked': 'Your session has ended. Please sign in again.',
  'requires-recent-login': 'Please enter your password again to continue.',
  'not-found': 'Not found.',
  'generic-error': 'Something went wrong. Please try again.',
  'onboarding-required': 'We could not find an account for this Google sign-in.',
  'password-too-common':
    'This password is too common and appears in lists of stolen passwords. Please choose another one.',
};

/** An expected identity failure: answered as `{error: {code, message}}` with its status. */
export class IdentityError extends Error {
  readonly status: number;
  constructor(
    readonly code: IdentityErrorCode,
    message?: string,
    readonly fields?: Record<string, string>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message ?? MESSAGES[code]);
    this.status = STATUS[code];
  }

  toBody(): { error: { code: string; message: string; fields?: Record<string, string> } } {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
      },
    };
  }
}

/** Sends an IdentityError as `{error: {code, message}}`; the spec's EmailAlreadyExists too. */
export function sendIdentityError(reply: FastifyReply, error: IdentityError) {
  if (error.retryAfterSeconds) void reply.header('retry-after', String(error.retryAfterSeconds));
  const payload = error.toBody();
  return reply
    .status(error.status)
    .send(
      error.code === 'email-already-in-use'
        ? { ...payload, errorCode: 'EmailAlreadyExists' }
        : payload,
    );
}

/** Field errors by path, the first message of each; an error about the whole body is 'body'. */
function fieldErrors(validation: { instancePath: string; message?: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of validation) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    fields[path || 'body'] ??= issue.message ?? 'invalid';
  }
  return fields;
}

/**
 * The API's error handler: every HTTP route answers `{error: {code, message, fields?}}` in
 * the identity vocabulary; anything unexpected is logged and masked with the request id.
 */
export function httpErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof IdentityError) return sendIdentityError(reply, error);
  // A service's expected failure that a route let through: its code, reason and fields in the
  // body, as the GraphQL formatter puts them in extensions.
  if (error instanceof AppError) {
    // Its internal cause, if any, is for the log only (as in graphql-host/format-errors.ts).
    if (error.cause !== undefined) {
      request.log.error({ err: error.cause, code: error.code }, 'coded error with a cause');
    }
    return reply
      .status(error.code === 'FORBIDDEN' ? 403 : 400)
      .send({ error: { ...errorDetails(error), message: error.message } });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return sendIdentityError(
      reply,
      new IdentityError('invalid-input', undefined, fieldErrors(error.validation)),
    );
  }
  const status = error.statusCode ?? 500;
  if (error.validation) {
    return sendIdentityError(reply, new IdentityError('invalid-input', error.message));
  }
  if (status === 429) {
    return sendIdentityError(reply, new IdentityError('too-many-requests'));
  }
  if (status < 500) {
    return reply.status(status).send({ error: { code: 'bad-request', message: error.message } });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({
    error: {
      code: 'generic-error',
      message: `Something went wrong (request ${request.id}).`,
    },
  });
}
