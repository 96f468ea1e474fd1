import { googleStartQuerySchema, oneTimeCodeRequestSchema } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { AuditLog } from '../platform/audit';
import type { Clock } from '../platform/clock';
import { GoogleSignIn, type GoogleSignInOptions } from './google';
import { GoogleStore } from './google-store';
import { bearerToken } from '../platform/bearer';
import { errorBody, ok, tokenPair } from './http-schemas';
import { requestMeta } from './routes';
import type { IdentityService } from './service';
import { IdentityStore } from './store';

export interface GoogleRouteDeps {
  google: NonNullable<Config['google']>;
  config: Pick<Config, 'publicUrl' | 'tenantId' | 'isProduction'>;
  db: Db;
  identity: IdentityService;
  audit: AuditLog;
  clock: Clock;
  /** A first Google link of a customer's account (referrals move on); see GoogleSignIn. */
  onCustomerLinked?: GoogleSignInOptions['onCustomerLinked'];
}

const redirect = (description: string) => ({ 302: z.null().describe(description) });

/** "Sign in with Google" over OpenID Connect; registered only when an issuer is configured. */
export function googleRoutes(fastify: FastifyInstance, deps: GoogleRouteDeps): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { google, config } = deps;
  const signIn = new GoogleSignIn(
    new IdentityStore(deps.db),
    new GoogleStore(deps.db),
    deps.identity,
    deps.audit,
    deps.clock,
    {
      ...google,
      publicUrl: config.publicUrl,
      tenantId: config.tenantId,
      allowHttp: !config.isProduction,
      onCustomerLinked: deps.onCustomerLinked,
    },
  );
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
        response: { 200: tokenPair, '4xx': errorBody, '5xx': errorBody },
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
