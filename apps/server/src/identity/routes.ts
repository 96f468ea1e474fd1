import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IdentityError } from './errors';
import {
  bearer,
  body,
  emailResult,
  errorBody,
  ok,
  responses,
  str,
  tenantBody,
  tokenPair,
} from './http-schemas';
import type { IdentityService, RequestMeta } from './service';

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'], requestId: request.id };
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

export function identityRoutes(app: FastifyInstance, service: IdentityService): void {
  const tags = ['identity'];

  app.post(
    '/identity/sign-in',
    {
      schema: {
        tags,
        summary: 'Email and password sign-in',
        body: body({ email: str, password: str }, ['email', 'password']),
        response: responses(tokenPair),
      },
    },
    (req) => service.signIn(req.body, requestMeta(req)),
  );

  app.post(
    '/identity/refresh',
    {
      schema: {
        tags,
        summary: 'Rotate a refresh token for a new token pair',
        body: body({ refreshToken: str }, ['refreshToken']),
        response: responses(tokenPair),
      },
    },
    (req) => service.refresh(req.body),
  );

  app.post(
    '/identity/sign-out',
    {
      schema: {
        tags,
        summary: 'End the session of a refresh token',
        body: body({ refreshToken: str }, ['refreshToken']),
        response: { 204: { type: 'null' }, '4xx': errorBody },
      },
    },
    async (req, reply) => {
      await service.signOut(req.body);
      return reply.status(204).send();
    },
  );

  app.post(
    '/user/create',
    {
      schema: {
        tags,
        summary: 'Create an account and mail a link to set its password',
        body: body({ email: str, tenantId: str, firstName: str, lastName: str }, [
          'email',
          'tenantId',
        ]),
        response: responses(ok),
      },
    },
    async (req) => {
      await service.createUser(req.body, requestMeta(req));
      return { ok: true };
    },
  );

  app.post(
    '/user/reset-password',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link (same answer for unknown emails)',
        body: tenantBody,
        response: responses(ok),
      },
    },
    async (req) => {
      await service.requestPasswordReset(req.body, requestMeta(req));
      return { ok: true };
    },
  );

  app.post(
    '/user/delete-reset-password-links',
    {
      schema: {
        tags,
        summary: 'Invalidate every outstanding reset link of an account',
        body: tenantBody,
        response: responses(ok),
      },
    },
    async (req) => {
      await service.deleteResetLinks(req.body, requestMeta(req));
      return { ok: true };
    },
  );

  app.post(
    '/identity/password-reset/verify',
    {
      schema: {
        tags,
        summary: 'Check a reset code without spending it',
        body: body({ code: str }, ['code']),
        response: responses(emailResult),
      },
    },
    (req) => service.verifyResetCode(req.body, requestMeta(req)),
  );

  app.post(
    '/identity/password-reset/confirm',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset code',
        body: body({ code: str, password: str }, ['code', 'password']),
        response: responses(emailResult),
      },
    },
    (req) => service.confirmPasswordReset(req.body, requestMeta(req)),
  );

  app.post(
    '/identity/email-verification/send',
    {
      schema: {
        tags,
        summary: 'Mail a new verification link',
        body: body({ email: str }, ['email']),
        response: responses(ok),
      },
    },
    async (req) => {
      await service.sendVerification(req.body, requestMeta(req));
      return { ok: true };
    },
  );

  app.post(
    '/identity/email-verification/confirm',
    {
      schema: {
        tags,
        summary: 'Verify an email with its code',
        body: body({ code: str }, ['code']),
        response: responses(emailResult),
      },
    },
    (req) => service.confirmVerification(req.body, requestMeta(req)),
  );

  app.post(
    '/identity/reauthenticate',
    {
      schema: {
        tags,
        summary: 'Check the password again (Bearer ID token) before a sensitive change',
        body: body({ password: str }, ['password']),
        response: responses(tokenPair),
      },
    },
    (req) => service.reauthenticate(bearer(req), req.body, requestMeta(req)),
  );

  app.post(
    '/identity/password/update',
    {
      schema: {
        tags,
        summary: 'Change the password (Bearer ID token, recent sign-in)',
        body: body({ newPassword: str }, ['newPassword']),
        response: responses(ok),
      },
    },
    async (req) => {
      await service.updatePassword(bearer(req), req.body, requestMeta(req));
      return { ok: true };
    },
  );

  app.post(
    '/connect/token',
    {
      schema: {
        tags,
        summary: 'RFC 8693 token exchange: ID token for a data API access token',
        consumes: ['application/x-www-form-urlencoded'],
        body: body(
          {
            grant_type: str,
            client_id: str,
            scope: str,
            subject_token: { type: 'string', maxLength: 8000 },
            subject_token_type: str,
          },
          ['grant_type', 'client_id', 'subject_token'],
        ),
        response: {
          200: {
            type: 'object',
            properties: {
              access_token: { type: 'string' },
              issued_token_type: { type: 'string' },
              token_type: { type: 'string' },
              expires_in: { type: 'integer' },
              scope: { type: 'string' },
            },
          },
          '4xx': {
            type: 'object',
            properties: { error: { type: 'string' }, error_description: { type: 'string' } },
          },
        },
      },
    },
    async (req, reply) => {
      const form = req.body as Record<string, string | undefined>;
      const fail = (error: string, description: string) =>
        reply.status(400).send({ error, error_description: description });
      if (form.grant_type !== 'urn:ietf:params:oauth:grant-type:token-exchange')
        return fail('unsupported_grant_type', 'Only token exchange is supported.');
      if (form.client_id !== 'customer-portal') return fail('invalid_client', 'Unknown client.');
      if ((form.scope ?? 'graphql') !== 'graphql')
        return fail('invalid_scope', 'Only the graphql scope is offered.');
      if (
        form.subject_token_type &&
        ![
          'urn:ietf:params:oauth:token-type:id_token',
          'urn:ietf:params:oauth:token-type:jwt',
        ].includes(form.subject_token_type)
      ) {
        return fail('invalid_request', 'The subject token must be an ID token.');
      }
      try {
        const { accessToken, expiresIn } = await service.exchangeToken(form.subject_token ?? '');
        void reply.header('cache-control', 'no-store');
        return {
          access_token: accessToken,
          issued_token_type: 'urn:ietf:params:oauth:token-type:access_token',
          token_type: 'Bearer',
          expires_in: expiresIn,
          scope: 'graphql',
        };
      } catch (error) {
        if (error instanceof IdentityError)
          return fail('invalid_grant', 'The subject token is not valid.');
        throw error;
      }
    },
  );
}
