import {
  secondFactorAnswerSchema,
  secondFactorPasswordSchema,
  totpConfirmSchema,
} from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken } from '../platform/bearer';
import { responses, tokenPair } from './http-schemas';
import { requestMeta } from './request-meta';
import type { IdentityService } from './service';
import type { Authenticated } from './sessions';

const recoveryCodes = z.object({
  recoveryCodes: z.array(z.string()).describe('Shown once; only their hashes are kept.'),
});

/**
 * Strong sign-in for patients (issue 42): the second step of a password sign-in, and the
 * bearer's own authenticator app and recovery codes on /manage-account. Every management route
 * acts on the bearer's account only: there is no id to name someone else's factor with.
 */
export function strongSignInRoutes(fastify: FastifyInstance, identity: IdentityService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { sessions, passwords, secondFactor } = identity;
  const tags = ['identity'];
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
    if (!session) throw new Error('strong sign-in route reached without a session');
    return session;
  };
  // Secrets and codes in answers: never cached anywhere.
  const noStore = (reply: FastifyReply) => void reply.header('cache-control', 'no-store');

  app.post(
    '/identity/sign-in/second-factor',
    {
      schema: {
        tags,
        summary: 'Second step of a password sign-in: an authenticator code or a recovery code',
        body: secondFactorAnswerSchema,
        response: responses(
          tokenPair.extend({
            recoveryCodesLeft: z
              .int()
              .optional()
              .describe('After a recovery code: how many unused ones are left.'),
          }),
        ),
      },
    },
    async (req, reply) => {
      noStore(reply);
      return passwords.completeSecondFactor(req.body, requestMeta(req));
    },
  );

  app.get(
    '/identity/second-factor',
    {
      ...authenticated,
      schema: {
        tags,
        summary: "The bearer's authenticator app (enrolled or not) and unused recovery codes",
        response: responses(
          z.object({
            totp: z.object({ enrolledAt: z.string() }).nullable(),
            recoveryCodesLeft: z.int(),
          }),
        ),
      },
    },
    async (req, reply) => {
      noStore(reply);
      return secondFactor.status(sessionOf(req).user.id);
    },
  );

  app.post(
    '/identity/second-factor/totp/start',
    {
      ...authenticated,
      schema: {
        tags,
        summary: 'Start setting up an authenticator app: a secret, its otpauth URL and QR code',
        response: responses(
          z.object({ secret: z.string(), otpauthUrl: z.string(), qrSvg: z.string() }),
        ),
      },
    },
    async (req, reply) => {
      noStore(reply);
      return secondFactor.startEnrolment(sessionOf(req).user);
    },
  );

  app.post(
    '/identity/second-factor/totp/confirm',
    {
      ...authenticated,
      schema: {
        tags,
        summary: 'Confirm the app with its first code; answers the ten recovery codes (once)',
        body: totpConfirmSchema,
        response: responses(recoveryCodes),
      },
    },
    async (req, reply) => {
      noStore(reply);
      const codes = await secondFactor.confirmEnrolment(
        sessionOf(req).user,
        req.body.code,
        requestMeta(req),
      );
      return { recoveryCodes: codes };
    },
  );

  app.post(
    '/identity/second-factor/totp/remove',
    {
      ...authenticated,
      schema: {
        tags,
        summary: 'Remove the authenticator app and its recovery codes (the password again)',
        body: secondFactorPasswordSchema,
        response: responses(z.object({ ok: z.boolean() })),
      },
    },
    async (req) => {
      await secondFactor.remove(sessionOf(req).user, req.body.password, requestMeta(req));
      return { ok: true };
    },
  );

  app.post(
    '/identity/second-factor/recovery-codes',
    {
      ...authenticated,
      schema: {
        tags,
        summary: 'Replace the recovery codes with ten new ones (the password again)',
        body: secondFactorPasswordSchema,
        response: responses(recoveryCodes),
      },
    },
    async (req, reply) => {
      noStore(reply);
      const codes = await secondFactor.regenerateRecoveryCodes(
        sessionOf(req).user,
        req.body.password,
        requestMeta(req),
      );
      return { recoveryCodes: codes };
    },
  );
}
