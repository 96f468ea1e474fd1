import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import mercurius from 'mercurius';
import type { Config } from './config';
import type { Database } from './db/client';
import { buildContext, httpContext } from './graphql/context';
import { formatGraphQLErrors } from './graphql/format-errors';
import { validationRules } from './graphql/limits';
import { schema } from './graphql/schema';
import { googleRoutes } from './identity/google-routes';
import type { SigningKeys } from './identity/keys';
import type { IdentityLimiter } from './identity/rate-limits';
import { httpErrorHandler } from './identity/errors';
import { identityRoutes, jwksRoute } from './identity/routes';
import type { IdentityService } from './identity/service';
import type { TokenService } from './identity/tokens';
import type { Clock } from './platform/clock';
import { loggerOptions } from './platform/logger';
import type { OutboxMailer } from './platform/mail';
import { API_PATH, registerHttpPlugins } from './platform/http-plugins';
import { createEmitter } from './platform/pubsub';
import { platformRoutes } from './platform/routes';
import { invoiceRoutes } from './modules/billing/invoice-routes';
import { fileRoutes } from './modules/files/routes';
import { RENEWALS_EVERY_MS, RENEWALS_JOB } from './modules/billing/renewals';
import { JobScheduler } from './platform/jobs/scheduler';
import { sandboxGatewayRoutes } from './platform/gateway/routes';
import { staffRoutes } from './modules/staff/routes';
import { compose, type Platform, type Services } from './services';

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  keys?: SigningKeys;
  /** Replaces the identity rate limits (the benchmarks measure without them). */
  identityLimiter?: IdentityLimiter;
  /** Whether the scheduler starts with the server (default: yes, except under tests). */
  startJobs?: boolean;
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
  /** Recurring jobs (renewals); tests call runDue() after moving the clock. */
  jobs: JobScheduler;
}

/** How often the scheduler looks for due jobs (real time). */
const JOBS_TICK_MS = 30_000;

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

  await registerHttpPlugins(app, { config, redis: root.redis, errorHandler: httpErrorHandler });

  identityRoutes(app, identity);
  jwksRoute(app, root.keys);
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
  platformRoutes(app, {
    config,
    outbox: platform.outbox,
    database,
    visitorFlags: () => services.flags.visitorFlags(),
  });
  await app.register(staffRoutes, {
    auth: root.staff.auth,
    staff: root.staff.service,
    carrierWebhookSecret: config.carrierWebhookSecret,
  });
  await app.register(fileRoutes, { files: services.files });
  await app.register(invoiceRoutes, { invoices: services.billing.invoices });
  await app.register(sandboxGatewayRoutes, {
    gateway: platform.sandboxGateway,
    clock: platform.clock,
  });
  // A charge a crash left between the gateway and the commit is finished at start (the
  // gateway's record under the same idempotency key decides); see docs/architecture.md.
  app.addHook('onReady', async () => {
    try {
      const outcome = await services.billing.reconcilePendingCharges();
      if (outcome.settled + outcome.failed > 0) app.log.warn(outcome, 'pending charges reconciled');
    } catch (error) {
      app.log.error({ err: error }, 'pending charge reconciliation failed');
    }
  });
  // The renewals job (billing): on the server's clock, started with the server (not under
  // tests, which run it by hand) and stopped on close. See docs/architecture.md.
  const jobs = new JobScheduler(database.db, platform.clock, app.log);
  jobs.register({
    name: RENEWALS_JOB,
    everyMs: RENEWALS_EVERY_MS,
    run: () => services.billing.renewals.run(),
  });
  if (options.startJobs ?? config.env !== 'test') {
    app.addHook('onReady', (done) => {
      jobs.start(JOBS_TICK_MS);
      done();
    });
  }
  app.addHook('onClose', async () => {
    await jobs.stop();
  });

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

  return { app, services, platform, identity, tokens, outbox: platform.outbox, jobs };
}
