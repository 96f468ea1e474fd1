import { googleStartQuerySchema, oneTimeCodeRequestSchema } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken } from '../platform/bearer';
import type { GoogleSignIn } from './google';
import { errorBody, ok, secondFactorRequired, tokenPair } from './http-schemas';
import { requestMeta } from './routes';

const redirect = (description: string) => ({ 302: z.null().describe(description) });

/**
 * "Sign in with Google" over OpenID Connect; registered only when an issuer is configured (the
 * composition root builds the GoogleSignIn then).
 */
export function googleRoutes(fastify: FastifyInstance, signIn: GoogleSignIn): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['identity'];

  app.get(
    '/identity/google/start',
    {
      schema: {
        tags,
        summary: 'Begin a Google sign-in; redirects to the provider',
        querystring: googleStartQuerySchema,
        response: redirect('To the provider'),
      },
    },
    async (req, reply) => {
      return reply.redirect(await signIn.start(req.query.returnTo), 302);
    },
  );

  app.get(
    '/identity/google/callback',
    {
      schema: {
        tags,
        summary:
          'Where the provider returns; redirects into the app with googleCode or googleError',
        response: redirect('To the app'),
      },
    },
    async (req, reply) => {
      const query = new URLSearchParams(req.url.split('?')[1] ?? '');
      let location: string;
      try {
        const outcome = await signIn.finish(query, requestMeta(req));
        if (!outcome.ok) req.log.info({ reason: outcome.reason }, 'google sign-in refused');
        location = signIn.redirectFor(outcome);
      } catch (error) {
        // The browser is mid-redirect, so it gets a page it can show, never a JSON error.
        req.log.error({ err: error }, 'google sign-in failed');
        location = signIn.redirectFor({ ok: false, error: 'unknown', reason: 'exception' });
      }
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  );

  app.post(
    '/identity/google/complete',
    {
      schema: {
        tags,
        summary: 'Spend the googleCode of the callback for a token pair',
        body: oneTimeCodeRequestSchema,
        response: {
          200: z.union([tokenPair, secondFactorRequired]),
          '4xx': errorBody,
          '5xx': errorBody,
        },
      },
    },
    (req) => signIn.complete(req.body, requestMeta(req)),
  );

  app.post(
    '/identity/google/unlink',
    {
      schema: {
        tags,
        summary: "Unlink Google from the bearer ID token's own account",
        response: { 200: ok, '4xx': errorBody },
      },
    },
    async (req) => {
      await signIn.unlink(bearerToken(req.headers.authorization), requestMeta(req));
      return { ok: true };
    },
  );
}
