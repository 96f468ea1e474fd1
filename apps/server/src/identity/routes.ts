import {
  confirmPasswordResetHttpSchema,
  createUserHttpSchema,
  oneTimeCodeRequestSchema,
  reauthenticateRequestSchema,
  refreshTokenRequestSchema,
  resetPasswordHttpSchema,
  sendVerificationRequestSchema,
  signInRequestSchema,
  SUBJECT_TOKEN_TYPES,
  TOKEN_EXCHANGE,
  TOKEN_TYPES,
  tokenExchangeRequestSchema,
  updatePasswordRequestSchema,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken } from '../platform/bearer';
import { IdentityError } from './errors';
import {
  emailResult,
  errorBody,
  oauthError,
  ok,
  responses,
  secondFactorRequired,
  tokenPair,
} from './http-schemas';
import type { SigningKeys } from './keys';
import type { IdentityService } from './service';
import { requestMeta } from './request-meta';
import type { Authenticated } from './sessions';
import { passkeyRoutes } from './passkey-routes';
import { strongSignInRoutes } from './strong-sign-in-routes';
import { readCookie, TRUSTED_DEVICE_COOKIE } from './trusted-devices';

// Where the routes read who is calling (request-meta.ts, so route files can share it).
export { requestMeta } from './request-meta';

/** The public keys the server's tokens verify with (JWKS). */
export function jwksRoute(app: FastifyInstance, keys: SigningKeys): void {
  app.get('/.well-known/jwks.json', { schema: { hide: true } }, (_req, reply) =>
    reply.header('cache-control', 'public, max-age=300').send({ keys: [keys.jwk] }),
  );
}

export function identityRoutes(fastify: FastifyInstance, identity: IdentityService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { sessions, passwords, signUp, resets } = identity;
  const tags = ['identity'];

  // Routes that act for the bearer ID token's session check it before reading their input.
  const bearerSessions = new WeakMap<FastifyRequest, Authenticated>();
  const authenticated = {
    preValidation: async (request: FastifyRequest) => {
      bearerSessions.set(
        request,
        await sessions.authenticate(bearerToken(request.headers.authorization)),
      );
    },
  };
  const sessionOf = (request: FastifyRequest): Authenticated => {
    const session = bearerSessions.get(request);
    if (!session) throw new Error('identity route reached without a session');
    return session;
  };

  app.post(
    '/identity/sign-in',
    {
      schema: {
        tags,
        summary: 'Email and password sign-in (a challenge instead when a second factor is set up)',
        body: signInRequestSchema,
        response: responses(z.union([tokenPair, secondFactorRequired])),
      },
    },
    (req) =>
      passwords.signIn(
        req.body,
        requestMeta(req),
        readCookie(req.headers.cookie, TRUSTED_DEVICE_COOKIE),
      ),
  );

  strongSignInRoutes(fastify, identity);
  passkeyRoutes(fastify, identity);

  app.post(
    '/identity/refresh',
    {
      schema: {
        tags,
        summary: 'Rotate a refresh token for a new token pair',
        body: refreshTokenRequestSchema,
        response: responses(tokenPair),
      },
    },
    (req) => sessions.refresh(req.body),
  );

  app.post(
    '/identity/sign-out',
    {
      schema: {
        tags,
        summary: 'End the session of a refresh token',
        body: refreshTokenRequestSchema,
        response: { 204: z.null().describe('Signed out'), '4xx': errorBody },
      },
    },
    async (req, reply) => {
      await sessions.signOut(req.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/user/create',
    {
      schema: {
        tags,
        summary: 'Create an account and mail a link to set its password',
        body: createUserHttpSchema,
        response: responses(ok),
      },
    },
    async (req) => {
      await signUp.createUser(req.body, requestMeta(req));
      return { ok: true };
    },
  );

  app.post(
    '/user/reset-password',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link (same answer for unknown emails)',
        body: resetPasswordHttpSchema,
        response: responses(ok),
      },
    },
    async (req) => {
      await resets.requestPasswordReset(req.body, requestMeta(req));
      return { ok: true };
    },
  );

  app.post(
    '/user/delete-reset-password-links',
    {
      schema: {
        tags,
        summary: 'Invalidate every outstanding reset link of an account',
        body: resetPasswordHttpSchema,
        response: responses(ok),
      },
    },
    async (req) => {
      await resets.deleteResetLinks(req.body, requestMeta(req));
      return { ok: true };
    },
  );

  app.post(
    '/identity/password-reset/verify',
    {
      schema: {
        tags,
        summary: 'Check a reset code without spending it',
        body: oneTimeCodeRequestSchema,
        response: responses(emailResult),
      },
    },
    (req) => resets.verifyResetCode(req.body, requestMeta(req)),
  );

  app.post(
    '/identity/password-reset/confirm',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset code',
        body: confirmPasswordResetHttpSchema,
        response: responses(emailResult),
      },
    },
    (req) => resets.confirmPasswordReset(req.body, requestMeta(req)),
  );

  app.post(
    '/identity/email-verification/send',
    {
      schema: {
        tags,
        summary: 'Mail a new verification link',
        body: sendVerificationRequestSchema,
        response: responses(ok),
      },
    },
    async (req) => {
      await signUp.sendVerification(req.body, requestMeta(req));
      return { ok: true };
    },
  );

  app.post(
    '/identity/email-verification/confirm',
    {
      schema: {
        tags,
        summary: 'Verify an email with its code',
        body: oneTimeCodeRequestSchema,
        response: responses(emailResult),
      },
    },
    (req) => signUp.confirmVerification(req.body, requestMeta(req)),
  );

  app.post(
    '/identity/reauthenticate',
    {
      ...authenticated,
      schema: {
        tags,
        summary: 'Check the password again (Bearer ID token) before a sensitive change',
        body: reauthenticateRequestSchema,
        response: responses(tokenPair),
      },
    },
    (req) => passwords.reauthenticate(sessionOf(req), req.body, requestMeta(req)),
  );

  app.post(
    '/identity/password/update',
    {
      ...authenticated,
      schema: {
        tags,
        summary: 'Change the password (Bearer ID token, recent sign-in)',
        body: updatePasswordRequestSchema,
        response: responses(ok),
      },
    },
    async (req) => {
      await passwords.updatePassword(sessionOf(req), req.body, requestMeta(req));
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
        body: tokenExchangeRequestSchema,
        response: {
          200: z.object({
            access_token: z.string(),
            issued_token_type: z.string(),
            token_type: z.string(),
            expires_in: z.int(),
            scope: z.string(),
          }),
          // OAuth's own errors; a rate limit answers in the portal's error shape.
          '4xx': z.union([oauthError, errorBody]),
        },
      },
      // RFC 6749 §5.2: a missing or malformed parameter is invalid_request.
      errorHandler: (error, request, reply) => {
        if (!hasZodFastifySchemaValidationErrors(error)) {
          fastify.errorHandler(error, request, reply);
          return;
        }
        void reply.status(400).send({
          error: 'invalid_request',
          error_description: 'A parameter is missing or malformed.',
        });
      },
    },
    async (req, reply) => {
      const form = req.body;
      const fail = (error: string, description: string) =>
        reply.status(400).send({ error, error_description: description });
      if (form.grant_type !== TOKEN_EXCHANGE.grantType)
        return fail('unsupported_grant_type', 'Only token exchange is supported.');
      if (form.client_id !== TOKEN_EXCHANGE.clientId)
        return fail('invalid_client', 'Unknown client.');
      if ((form.scope ?? TOKEN_EXCHANGE.scope) !== TOKEN_EXCHANGE.scope)
        return fail('invalid_scope', 'Only the graphql scope is offered.');
      if (
        form.subject_token_type &&
        !(SUBJECT_TOKEN_TYPES as readonly string[]).includes(form.subject_token_type)
      ) {
        return fail('invalid_request', 'The subject token must be an ID token.');
      }
      try {
        const { accessToken, expiresIn } = await sessions.exchangeToken(form.subject_token);
        void reply.header('cache-control', 'no-store');
        return {
          access_token: accessToken,
          issued_token_type: TOKEN_TYPES.accessToken,
          token_type: 'Bearer',
          expires_in: expiresIn,
          scope: TOKEN_EXCHANGE.scope,
        };
      } catch (error) {
        if (error instanceof IdentityError)
          return fail('invalid_grant', 'The subject token is not valid.');
        throw error;
      }
    },
  );
}
