import {
  secondFactorAnswerSchema,
  secondFactorPasswordSchema,
  totpConfirmSchema,
} from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken } from '../platform/bearer';
import { ok, responses, tokenPair } from './http-schemas';
import { requestMeta } from './request-meta';
import type { IdentityService } from './service';
import type { Authenticated } from './sessions';
import { readCookie, TRUSTED_DEVICE_COOKIE } from './trusted-devices';

const trustedDevice = z.object({
  id: z.string(),
  label: z.string().describe('The browser and system: "Chrome on Windows".'),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string(),
  current: z.boolean().describe('The device the list was asked from.'),
});

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
  const { sessions, passwords, secondFactor, trustedDevices } = identity;
  const deviceCookie = (request: FastifyRequest) =>
    readCookie(request.headers.cookie, TRUSTED_DEVICE_COOKIE);
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
        summary:
          'Second step of a password sign-in: an authenticator code or a recovery code; with trustDevice, a 30-day trusted-device cookie',
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
      const { pair, trustedDevice } = await passwords.completeSecondFactor(
        req.body,
        requestMeta(req),
      );
      if (trustedDevice)
        reply.header(
          'set-cookie',
          trustedDevices.cookieHeader(
            trustedDevice.value,
            req.protocol === 'https',
            trustedDevice.expiresAt,
          ),
        );
      return pair;
    },
  );

  app.get(
    '/identity/trusted-devices',
    {
      ...authenticated,
      schema: {
        tags,
        summary: "The bearer's trusted devices (no second factor asked there for 30 days)",
        response: responses(z.object({ devices: z.array(trustedDevice) })),
      },
    },
    async (req, reply) => {
      noStore(reply);
      return { devices: await trustedDevices.list(sessionOf(req).user.id, deviceCookie(req)) };
    },
  );

  app.post(
    '/identity/trusted-devices/:id/remove',
    {
      ...authenticated,
      schema: {
        tags,
        summary:
          'Stop trusting one of the bearer’s devices: the second factor is asked there again',
        params: z.object({ id: z.uuid() }),
        response: responses(ok),
      },
    },
    async (req) => {
      await trustedDevices.revoke(sessionOf(req).user.id, req.params.id, requestMeta(req));
      return { ok: true };
    },
  );

  app.post(
    '/identity/trusted-devices/remove-all',
    {
      ...authenticated,
      schema: {
        tags,
        summary: 'Stop trusting every device of the bearer',
        response: responses(z.object({ removed: z.int() })),
      },
    },
    async (req, reply) => {
      const removed = await trustedDevices.revokeAll(
        sessionOf(req).user.id,
        'patient',
        requestMeta(req),
      );
      // This browser's cookie is worthless now; it goes too.
      reply.header('set-cookie', trustedDevices.cookieHeader(undefined, req.protocol === 'https'));
      return { removed };
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
