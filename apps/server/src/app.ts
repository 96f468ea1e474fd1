import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import mercurius from 'mercurius';
import type { Config } from './config';
import type { Database } from './db/client';
import { buildContext, httpContext } from './graphql/context';
import { formatGraphQLErrors } from './graphql/format-errors';
import { validationRules } from './graphql/limits';
import { schema } from './graphql/schema';
import { IdentityError } from './identity/errors';
import { googleRoutes } from './identity/google-routes';
import type { SigningKeys } from './identity/keys';
import type { RateStore } from './identity/rate-limiter';
import { identityRoutes, sendIdentityError } from './identity/routes';
import type { IdentityService } from './identity/service';
import type { TokenService } from './identity/tokens';
import type { Clock } from './platform/clock';
import { loggerOptions } from './platform/logger';
import type { OutboxMailer } from './platform/mail';
import { createEmitter } from './platform/pubsub';
import { platformRoutes } from './platform/routes';
import { staffRoutes } from './modules/staff/routes';
import { compose, type Platform, type Services } from './services';

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  keys?: SigningKeys;
  rateStore?: RateStore;
  /** Where the built web app lives; the server serves it with an SPA fallback. */
  webDist?: string;
}

export interface App {
  app: FastifyInstance;
  services: Services;
  platform: Platform;
  identity: IdentityService;
  tokens: TokenService;
  outbox: OutboxMailer | null;
}

/** Paths the server answers itself; everything else under GET belongs to the web app. */
const API_PATH = /^\/(identity|user|connect|graphql|staff|dev|client-errors|\.well-known)(\/|\?|$)/;

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function buildApp(options: AppOptions): Promise<App> {
  const { config, database } = options;
  const root = await compose(options);
  const { services, platform, tokens, identity } = root;
  const app = Fastify({
    logger: loggerOptions(config.logLevel),
    trustProxy: config.isProduction,
    requestIdHeader: 'x-request-id',
    bodyLimit: 1024 * 1024,
  });

  app.addHook('onClose', () => root.close());

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.isProduction,
  });
  // A coarse per-address ceiling on every route; identity adds per-email limits of its own.
  // A coarse per-address ceiling on the API; the page and its static files are exempt, so a
  // clinic behind one address is not locked out by loading the app.
  await app.register(rateLimit, {
    max: 600,
    timeWindow: '1 minute',
    allowList: (request) => request.method === 'GET' && !API_PATH.test(request.url),
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Patient portal identity service', version: config.version },
      servers: [{ url: config.publicUrl }],
    },
  });

  app.setErrorHandler(
    (error: Error & { statusCode?: number; validation?: unknown }, request, reply) => {
      if (error instanceof IdentityError) return sendIdentityError(reply, error);
      const status = (error as { statusCode?: number }).statusCode ?? 500;
      if ((error as { validation?: unknown }).validation) {
        return sendIdentityError(reply, new IdentityError('invalid-input', error.message));
      }
      if (status === 429) {
        return sendIdentityError(reply, new IdentityError('too-many-requests'));
      }
      if (status < 500) {
        return reply
          .status(status)
          .send({ error: { code: 'bad-request', message: error.message } });
      }
      request.log.error({ err: error }, 'unhandled error');
      return reply.status(500).send({
        error: {
          code: 'generic-error',
          message: `Something went wrong (request ${request.id}).`,
        },
      });
    },
  );

  identityRoutes(app, identity);
  if (config.google) {
    googleRoutes(app, {
      google: config.google,
      config,
      db: database.db,
      identity,
      audit: platform.audit,
      clock: platform.clock,
    });
  }
  platformRoutes(app, { config, keys: root.keys, outbox: platform.outbox, database });
  await app.register(staffRoutes, { auth: root.staff.auth, staff: root.staff.service });

  // Closed with the app, so a Redis emitter's connections do not outlive it.
  const emitter = createEmitter(config.redisUrl);
  app.addHook('onClose', (_instance, done) => emitter.close(() => done()));
  await app.register(mercurius, {
    schema,
    path: '/graphql',
    graphiql: false,
    ide: false,
    jit: 1,
    context: httpContext(tokens, services),
    validationRules: validationRules(config.isProduction),
    errorFormatter: formatGraphQLErrors,
    subscription: {
      emitter,
      // graphql-ws: the access token arrives in connection_init's payload; onConnect's answer
      // (the viewer) is merged into this context.
      context: (_socket, request) =>
        buildContext(tokens, services, undefined, { ip: request.ip, requestId: request.id }),
      // An unauthenticated socket stays open but every operation on it answers invalid-jwt
      // or jwtExpired, the codes the web app refreshes its token on.
      onConnect: async ({
        payload,
      }: {
        payload?: { authorization?: string; Authorization?: string };
      }) => {
        const authorization = payload?.authorization ?? payload?.Authorization;
        const ctx = await buildContext(tokens, services, authorization, {});
        return { viewer: ctx.viewer, authError: ctx.authError, actor: ctx.actor };
      },
    },
  });

  platform.events.bind(app.graphql.pubsub);

  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());

  const webDist = options.webDist ?? defaultWebDist;
  if (existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Files are looked up per request, so a rebuilt web app is served without a restart.
      wildcard: true,
      index: ['index.html'],
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Vite puts a content hash in every asset name: they can be cached for good.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          void res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          void res.header('cache-control', 'no-cache');
        }
      },
    });
    // The SPA owns every other GET path; API paths answer 404 as JSON.
    app.setNotFoundHandler((request, reply) => {
      const apiPath = API_PATH.test(request.url);
      const read = request.method === 'GET' || request.method === 'HEAD';
      if (read && !apiPath && !path.extname(request.url.split('?')[0] ?? '')) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.status(404).send({ error: { code: 'not-found', message: 'Not found.' } });
    });
  } else {
    app.log.warn({ webDist }, 'web app not built; run npm run build to serve it');
  }

  return { app, services, platform, identity, tokens, outbox: platform.outbox };
}
