import {
  passkeyRegistrationSchema,
  passkeyRenameSchema,
  passkeySignInSchema,
  secondFactorPasswordSchema,
} from '@portal/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken } from '../platform/bearer';
import { ok, responses, tokenPair } from './http-schemas';
import { requestMeta } from './request-meta';
import type { IdentityService } from './service';
import type { Authenticated } from './sessions';

const passkey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  backedUp: z.boolean(),
});
/** The options @simplewebauthn/browser takes as `optionsJSON` (shape checked by the library). */
const ceremonyOptions = z.looseObject({ challenge: z.string() });
const idParam = z.object({ id: z.uuid() });

/**
 * Passkeys (issue 42): "Sign in with a passkey" (and autofill), and the bearer's own passkeys
 * on /manage-account. A passkey is named by its id, which only finds the bearer's own.
 */
export function passkeyRoutes(fastify: FastifyInstance, identity: IdentityService): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { sessions, passkeys } = identity;
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
  const userOf = (request: FastifyRequest) => {
    const session = bearerSessions.get(request);
    if (!session) throw new Error('passkey route reached without a session');
    return session.user;
  };
  const noStore = (reply: FastifyReply) => void reply.header('cache-control', 'no-store');

  app.post(
    '/identity/passkeys/sign-in/options',
    {
      schema: {
        tags,
        summary: 'A challenge for a passkey sign-in (single use, 5 minutes)',
        response: responses(ceremonyOptions),
      },
    },
    async (req, reply) => {
      noStore(reply);
      return { ...(await passkeys.authenticationOptions(requestMeta(req))) };
    },
  );

  app.post(
    '/identity/passkeys/sign-in',
    {
      schema: {
        tags,
        summary: 'Sign in with a passkey: a full sign-in, as with a password',
        body: passkeySignInSchema,
        response: responses(tokenPair),
      },
    },
    async (req, reply) => {
      noStore(reply);
      return passkeys.signIn(req.body, requestMeta(req));
    },
  );

  app.get(
    '/identity/passkeys',
    {
      ...authenticated,
      schema: {
        tags,
        summary: "The bearer's passkeys, with their names and last use",
        response: responses(z.object({ passkeys: z.array(passkey) })),
      },
    },
    async (req, reply) => {
      noStore(reply);
      return { passkeys: await passkeys.list(userOf(req).id) };
    },
  );

  app.post(
    '/identity/passkeys/register/options',
    {
      ...authenticated,
      schema: {
        tags,
        summary: 'A challenge to add a passkey to the bearer’s account',
        response: responses(ceremonyOptions),
      },
    },
    async (req, reply) => {
      noStore(reply);
      return { ...(await passkeys.registrationOptions(userOf(req))) };
    },
  );

  app.post(
    '/identity/passkeys/register',
    {
      ...authenticated,
      schema: {
        tags,
        summary: 'Add a passkey: the authenticator’s answer and a name',
        body: passkeyRegistrationSchema,
        response: responses(passkey),
      },
    },
    (req) => passkeys.register(userOf(req), req.body, requestMeta(req)),
  );

  app.post(
    '/identity/passkeys/:id/rename',
    {
      ...authenticated,
      schema: {
        tags,
        summary: 'Rename one of the bearer’s passkeys',
        params: idParam,
        body: passkeyRenameSchema,
        response: responses(ok),
      },
    },
    async (req) => {
      await passkeys.rename(userOf(req), req.params.id, req.body.name);
      return { ok: true };
    },
  );

  app.post(
    '/identity/passkeys/:id/remove',
    {
      ...authenticated,
      schema: {
        tags,
        summary:
          'Remove one of the bearer’s passkeys, with the password again (the patient is mailed)',
        params: idParam,
        body: secondFactorPasswordSchema,
        response: responses(ok),
      },
    },
    async (req) => {
      await passkeys.remove(userOf(req), req.params.id, req.body.password, requestMeta(req));
      return { ok: true };
    },
  );
}
