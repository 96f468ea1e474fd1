import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import mercurius from 'mercurius';
import type { Config } from './config';
import type { Database } from './db/client';
import { releaseOperationCaches } from './graphql/builder';
import { buildContext, httpContext } from './graphql-host/context';
import { formatGraphQLErrors } from './graphql-host/format-errors';
import { persistedGetRunner } from './graphql-host/persisted-get';
import { guardRootArguments } from './graphql-host/input-guard';
import { validationRules } from './graphql-host/limits';
import {
  allowedWebSocketOrigin,
  loadPersistedDocuments,
  persistedOperationsHook,
  type PersistedDocuments,
} from './graphql-host/persisted';
import { schema } from './graphql-host/schema';
import { googleRoutes } from './identity/google-routes';
import type { SigningKeys } from './identity/keys';
import type { IdentityLimiter } from './identity/rate-limits';
import { httpErrorHandler } from './identity/errors';
import { identityRoutes, jwksRoute } from './identity/routes';
import { accountRoutes } from './identity/account-routes';
import { unsubscribeRoutes } from './modules/preferences/routes';
import { smsWebhookRoutes } from './modules/preferences/sms-webhook-routes';
import type { IdentityService } from './identity/service';
import type { TokenService } from './identity/tokens';
import type { Clock } from './platform/clock';
import type { OutboxMailer } from './platform/mail';
import { API_PATH, cspNonce, registerHttpPlugins } from './platform/http-plugins';
import { withExternalLinks } from './platform/sign-in-page';
import {
  leanSubscriptionConnections,
  sessionBoundSubscriptions,
} from './graphql-host/subscriptions';
import { platformRoutes } from './platform/routes';
import { devRoutes } from './dev/dev-routes';
import { Lifecycle } from './platform/lifecycle';
import { registerMetrics } from './platform/metrics';
import { invoiceRoutes } from './modules/payments/invoice-routes';
import { fileRoutes } from './modules/files/routes';
import type { JobScheduler } from './platform/jobs/scheduler';
import { sandboxGatewayRoutes } from './platform/gateway/routes';
import { sandboxCheckoutRoutes } from './platform/gateway/checkout-routes';
import { sandboxAuthenticateRoutes } from './platform/gateway/authenticate-routes';
import { GATEWAY_WEBHOOK_PATH, paymentWebhookRoutes } from './modules/payments/webhook-routes';
import { staffRoutes } from './modules/staff/routes';
import type { StaffSecondFactor } from './identity/staff-second-factor';
import { compose, type Platform, type Services } from './services';

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  keys?: SigningKeys;
  /** Replaces the identity rate limits (the benchmarks measure without them). */
  identityLimiter?: IdentityLimiter;
  /** Whether the scheduler starts with the server (default: config.jobsEnabled). */
  startJobs?: boolean;
  /** Where the built web app lives; the server serves it with an SPA fallback. */
  webDist?: string;
  /** The web app's own operations by hash (codegen's persisted-documents.json by default). */
  persistedDocuments?: PersistedDocuments;
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
  /** Readiness and the drain's state (platform/lifecycle.ts); main.ts drains on SIGTERM. */
  lifecycle: Lifecycle;
  /** The staff second factor: main.ts's demo seed enrols the demo staff accounts with it. */
  staffFactors: StaffSecondFactor;
}

/** What the web build writes where each response's CSP nonce goes (apps/web/vite.config.ts). */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/**
 * The app: the composition (services.ts builds every service, the jobs and the live updates'
 * sockets) with the HTTP side registered on it: plugins, routes, GraphQL and its websockets,
 * the web app. Closing the app closes the composition.
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config, database } = options;
  const root = await compose(options);
  const { services, platform, tokens, identity } = root;
  // The portal's forms are part of the product, not demo data: each url|version once.
  await services.forms.seedDefinitions();
  const app = Fastify({
    // The composition's logger, which its jobs log through too (platform/logger.ts options).
    loggerInstance: platform.logger,
    trustProxy: config.trustProxy,
    // The server names every request; a client's X-Request-Id is only a correlation field.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
    // A request that reaches a connection after the drain closed the listener is served,
    // not answered 503: the drain already asked every client to go elsewhere
    // (platform/lifecycle.ts), and the database stays open until the close is over.
    return503OnClosing: false,
  });

  app.addHook('onClose', () => root.close());
  // First, so the drain's hooks and the request metrics see every request.
  const lifecycle = new Lifecycle({
    database,
    redis: root.redis,
    refuseReadsWhileDraining: config.drainRefuseReads,
  });
  lifecycle.register(app);
  registerMetrics(app, {
    database,
    jobs: root.jobs,
    websockets: () => lifecycle.openWebsockets(),
    token: config.metricsToken,
  });

  await registerHttpPlugins(app, { config, redis: root.redis, errorHandler: httpErrorHandler });

  identityRoutes(app, identity);
  accountRoutes(app, identity.sessions, root.accountIdentity);
  unsubscribeRoutes(app, services.preferences);
  // Issue 44: Twilio's inbound texts (STOP/START/HELP), only when Twilio is configured.
  if (config.twilio) {
    await app.register(smsWebhookRoutes, {
      authToken: config.twilio.authToken,
      publicUrl: config.publicUrl,
      optOuts: platform.smsOptOuts,
      preferences: services.preferences,
      customerIdByPhone: (phone: string) => services.account.customerIdByPhone(phone),
      clock: platform.clock,
    });
  }
  jwksRoute(app, root.keys);
  if (root.google) googleRoutes(app, root.google);
  platformRoutes(app, {
    config,
    outbox: platform.outbox,
    smsOutbox: platform.smsOutbox,
    database,
    visitorFlags: () => services.flags.visitorFlags(),
    readiness: () => lifecycle.readiness(),
  });
  // Issue 41: time passing for a browser test's own customer, and care-team members of its own
  // (issue 46); not registered in production.
  devRoutes(app, {
    production: config.isProduction,
    db: database.db,
    renewals: services.billing.renewals,
    tenantId: config.tenantId,
    staffFactors: root.staff.auth.secondFactor,
  });
  await app.register(staffRoutes, {
    auth: root.staff.auth,
    staff: root.staff.service,
    billing: services.billing,
    payments: services.payments,
    carrierWebhookSecret: config.carrierWebhookSecret,
    clock: platform.clock,
    cancellation: services.visitCancellation,
  });
  await app.register(fileRoutes, { files: services.files });
  await app.register(invoiceRoutes, { invoices: services.payments.invoices });
  // The sandbox processor's own pages, only while it is the processor (issue 39): its
  // tokenization endpoint (the one place a card number is ever posted), the hosted pay-later
  // checkout (issue 12) and the 3-D Secure challenge; their events go out as a processor's would.
  const sandbox = platform.sandbox;
  if (sandbox) {
    await app.register(sandboxGatewayRoutes, { gateway: sandbox.gateway, clock: platform.clock });
    await app.register(sandboxCheckoutRoutes, { checkout: sandbox.checkout });
    await app.register(sandboxAuthenticateRoutes, { gateway: sandbox.gateway });
  }
  // The processor's signed webhook (issue 39): verified by the configured adapter, applied once
  // by the payments module (3-D Secure outcomes, late payments, paid pay-later checkouts).
  await app.register(paymentWebhookRoutes, {
    payments: services.payments,
    gateway: platform.gateway,
    clock: platform.clock,
  });
  // The sandbox calls the webhook over this app's own HTTP stack, as an outside gateway would.
  sandbox?.checkout.deliverTo(async (payload, headers) => {
    const res = await app.inject({ method: 'POST', url: GATEWAY_WEBHOOK_PATH, payload, headers });
    if (res.statusCode >= 300) throw new Error(`webhook answered ${String(res.statusCode)}`);
  });
  // A charge a crash left between the processor and the commit is finished at start (the
  // processor's record under the same idempotency key decides), as are refunds left unanswered
  // and paid charges not applied yet; the payments job does the same every minute.
  app.addHook('onReady', async () => {
    try {
      const outcome = await services.payments.reconcile();
      if (outcome.settled + outcome.failed + outcome.completed + outcome.refunds > 0) {
        app.log.warn(outcome, 'payments reconciled');
      }
    } catch (error) {
      app.log.error({ err: error }, 'payments reconciliation failed');
    }
  });
  // The jobs (built and stopped by the composition) start with the server when JOBS_ENABLED.
  if (options.startJobs ?? config.jobsEnabled) {
    app.addHook('onReady', (done) => {
      root.jobs.start(config.jobTiming);
      done();
    });
  }

  // A revoked session's access tokens (sign-out, reset, password change, re-authentication,
  // deletion) are refused at once, not when they expire: a primary-key read, remembered for a
  // few seconds per instance (identity/session-cache.ts) and forgotten on the revocation event.
  const stillActive = (userId: string, sessionId: string) =>
    identity.sessions.sessionStands(userId, sessionId);
  // This instance's sockets by session: closed on revocation (from any instance) or expiry.
  const { sessionSockets } = root;
  persistedOperationsHook(app, {
    documents: options.persistedDocuments ?? loadPersistedDocuments(),
    production: config.isProduction,
  });
  leanSubscriptionConnections();
  sessionBoundSubscriptions();
  const graphqlSchema = guardRootArguments(schema);
  const graphqlContext = httpContext(tokens, services, stillActive);
  const graphqlRules = validationRules(config.isProduction);
  await app.register(mercurius, {
    schema: graphqlSchema,
    path: '/graphql',
    graphiql: false,
    ide: false,
    jit: 1,
    context: graphqlContext,
    validationRules: graphqlRules,
    errorFormatter: formatGraphQLErrors,
    // The web app's queries without variables (GET of a persisted id) run their compiled
    // document straight away, as one SQL statement when every field it selects has an SQL plan
    // (graphql/sql-plan.ts); everything else goes on to Mercurius (graphql/persisted-get.ts).
    additionalRouteOptions: {
      preHandler: persistedGetRunner({
        schema: graphqlSchema,
        validationRules: graphqlRules,
        context: graphqlContext,
        formatErrors: formatGraphQLErrors,
        release: releaseOperationCaches,
        sqlPlans: true,
      }),
    },
    subscription: {
      // The composition's emitter: its Events publish on it, and close() closes it.
      emitter: platform.emitter,
      // Cross-site websocket hijacking: a page on another origin cannot open the socket.
      verifyClient: (info, next) => next(allowedWebSocketOrigin(config.publicUrl, info), 403),
      // graphql-ws: the access token arrives in connection_init's payload; onConnect's answer
      // (the viewer) is merged into this context.
      context: async (_socket, request) => ({
        ...(await buildContext(tokens, services, undefined, {
          ip: request.ip,
          requestId: request.id,
        })),
        sessionSockets,
      }),
      // An unauthenticated socket stays open but every operation on it answers invalid-jwt
      // or jwtExpired, the codes the web app refreshes its token on.
      onConnect: async ({
        payload,
      }: {
        payload?: { authorization?: string; Authorization?: string };
      }) => {
        const authorization = payload?.authorization ?? payload?.Authorization;
        const ctx = await buildContext(tokens, services, authorization, {}, stillActive);
        return {
          viewer: ctx.viewer,
          session: ctx.session,
          authError: ctx.authError,
          actor: ctx.actor,
        };
      },
    },
  });

  // Scope-auth's per-context cache goes with the operation (graphql/builder.ts).
  app.graphql.addHook('onResolution', (_execution, context) => {
    releaseOperationCaches(context);
  });
  app.graphql.addHook('onSubscriptionEnd', (context) => {
    releaseOperationCaches(context);
  });

  app.get('/openapi.json', { schema: { hide: true } }, () => app.swagger());

  const webDist = options.webDist ?? defaultWebDist;
  const indexFile = path.join(webDist, 'index.html');
  if (existsSync(indexFile)) {
    // index.html is answered by the server with this response's CSP nonce in it (Vite writes
    // the placeholder: vite.config.ts html.cspNonce), never as the file on disk.
    const sendPage = (reply: FastifyReply, file: string, fill = (html: string) => html) =>
      reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(
          fill(readFileSync(file, 'utf8')).replaceAll(CSP_NONCE_PLACEHOLDER, cspNonce(reply.raw)),
        );
    const sendIndex = (reply: FastifyReply) => sendPage(reply, indexFile);
    // Issue 46: `/` is the sign-in page for a visitor, pre-rendered by the build (sign-in.html,
    // with this deployment's links written in); the web app takes it over, or renders afresh
    // where it does not fit (a stored session …). A query (returnTo, an email) changes the
    // page: index.html then.
    const signInFile = path.join(webDist, 'sign-in.html');
    const sendSignIn = (reply: FastifyReply) =>
      existsSync(signInFile)
        ? sendPage(reply, signInFile, (html) => withExternalLinks(html, config.links))
        : sendIndex(reply);
    // The care team's console is its own entry (apps/web/care.html, issue 41): /care and every
    // path under it load that page, so a customer's page never loads the console's code.
    const careFile = path.join(webDist, 'care.html');
    const isCarePath = (url: string) => /^\/care(?:[/?#]|$)/.test(url);
    app.get('/', { schema: { hide: true } }, (request, reply) =>
      request.url === '/' ? sendSignIn(reply) : sendIndex(reply),
    );
    await app.register(fastifyStatic, {
      root: webDist,
      // Files are looked up per request, so a rebuilt web app is served without a restart.
      wildcard: true,
      index: false,
      allowedPath: (pathName) => !['/index.html', '/care.html', '/sign-in.html'].includes(pathName),
      cacheControl: false,
      // The build writes .br and .gz beside each asset (apps/web/scripts/precompress.ts).
      preCompressed: true,
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
        return isCarePath(request.url) && existsSync(careFile)
          ? sendPage(reply, careFile)
          : sendIndex(reply);
      }
      return reply.status(404).send({ error: { code: 'not-found', message: 'Not found.' } });
    });
  } else {
    app.log.warn({ webDist }, 'web app not built; run npm run build to serve it');
  }

  return {
    app,
    services,
    platform,
    identity,
    tokens,
    outbox: platform.outbox,
    jobs: root.jobs,
    lifecycle,
    staffFactors: root.staff.auth.secondFactor,
  };
}
