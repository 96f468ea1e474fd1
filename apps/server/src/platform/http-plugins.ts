import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { $ZodType } from 'zod/v4/core';
import type { Config } from '../config';

/** Paths the server answers itself; everything else under GET belongs to the web app. */
export const API_PATH =
  /^\/(identity|user|connect|graphql|staff|files|gateway|dev|client-errors|\.well-known)(\/|\?|$)/;

/**
 * The global per-address ceiling on the API (the app's own pages are exempt): the default of
 * API_RATE_LIMIT_PER_MINUTE (config.ts), and the invoice PDF route's own fixed limit.
 */
export const GLOBAL_RATE_LIMIT = { max: 600, timeWindow: '1 minute' } as const;

/** Paths whose answers carry tokens or health data: never kept by a cache (ASVS 14.3.2). */
export const NO_STORE_PATH = /^\/(identity|user|connect|graphql|staff|files|dev)(\/|\?|$)/;

/** A correlation id a client may send (X-Request-Id): short, printable, nothing else. */
const CORRELATION_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** The client's X-Request-Id when it was well formed; the request id is always the server's. */
    correlationId: string | undefined;
  }
}

const nonces = new WeakMap<ServerResponse, string>();

/**
 * The response's CSP nonce (one per response, made on first use): the policy names it and
 * the served index.html carries it for the web app's scripts and Emotion's style tags.
 */
export function cspNonce(res: ServerResponse): string {
  let nonce = nonces.get(res);
  if (!nonce) {
    nonce = randomBytes(16).toString('base64');
    nonces.set(res, nonce);
  }
  return nonce;
}

/** The origin a websocket or an image may come from: the portal's own, ws and wss included. */
function ownOrigins(publicUrl: string): { http: string; ws: string } {
  const url = new URL(publicUrl);
  const ws = `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
  return { http: url.origin, ws };
}

/** Loopback addresses, as a socket reports them. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

export interface HttpPluginOptions {
  config: Pick<
    Config,
    | 'isProduction'
    | 'publicUrl'
    | 'version'
    | 'chatWidgetUrl'
    | 'mapsApiKey'
    | 'billing'
    | 'apiRateLimitPerMinute'
  >;
  /** Where rate limits are counted across instances; process memory without it. */
  redis?: Redis | undefined;
  /** Answers every error in the API's error shape (identity owns that vocabulary). */
  errorHandler: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => unknown;
}

/** The client name of that connection in Redis (CLIENT LIST), for operators and tests. */
export const RATE_LIMIT_REDIS_NAME = 'portal-rate-limits';

/** Whether a route's schema is written in zod (the HTTP edges) rather than JSON Schema. */
function isZodSchema(schema: FastifySchema | undefined): boolean {
  if (!schema) return false;
  const parts = [schema.body, schema.querystring, schema.params, schema.headers];
  const response = schema.response as Record<string, unknown> | undefined;
  return [...parts, ...Object.values(response ?? {})].some((part) => part instanceof $ZodType);
}

/**
 * What every HTTP route shares: security headers, the global rate limit, compression, form
 * bodies, zod at the edges (validation, serialization, and /openapi.json through the type
 * provider's transform), and the error handler the caller hands in.
 */
export async function registerHttpPlugins(
  app: FastifyInstance,
  { config, redis, errorHandler }: HttpPluginOptions,
): Promise<void> {
  // The chat widget (CHAT_WIDGET_URL) is another origin's script, which also talks to and
  // frames its own origin.
  const chat = config.chatWidgetUrl ? [new URL(config.chatWidgetUrl).origin] : [];
  // Prescription resources play tutorial videos in an embedded player (spec 02 §2, §7).
  const videoPlayers = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];
  // The maps places script (address suggestions on billing and shipping) only with its key.
  const maps = config.mapsApiKey ? ['https://maps.googleapis.com'] : [];
  const mapsImages = config.mapsApiKey ? ['https://maps.gstatic.com'] : [];
  // Stripe.js and its Payment Element (card forms, 3-D Secure frames), only when Stripe is the
  // processor (issue 39; Stripe's documented CSP list). The sandbox needs nothing outside.
  const stripe = config.billing.payments.provider === 'stripe';
  const stripeScripts = stripe ? ['https://js.stripe.com', 'https://*.js.stripe.com'] : [];
  const stripeFrames = stripe ? [...stripeScripts, 'https://hooks.stripe.com'] : [];
  const stripeConnect = stripe ? ['https://api.stripe.com'] : [];
  const stripeImages = stripe ? ['https://*.stripe.com'] : [];
  const own = ownOrigins(config.publicUrl);
  const nonce = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${cspNonce(res)}'`;
  // Security headers from helmet's middleware, built once: @fastify/helmet builds a new
  // helmet (options parsed, CSP directives checked) on every request, about 30 µs of event
  // loop each (issue 16). The nonce directive is still a function, called per response.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", nonce, ...chat, ...maps, ...stripeScripts],
        scriptSrcAttr: ["'none'"],
        // No 'unsafe-inline': Emotion's style tags carry the response's nonce.
        styleSrc: ["'self'", nonce],
        // The portal and its file store (documents are served from /files on the same origin).
        imgSrc: ["'self'", 'data:', 'blob:', ...maps, ...mapsImages, ...stripeImages],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", own.ws, ...chat, ...maps, ...stripeConnect],
        frameSrc: ["'self'", ...chat, ...videoPlayers, ...stripeFrames],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.isProduction,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => {
      done(error instanceof Error ? error : undefined);
    });
  });
  // Request ids are the server's own (Fastify's genReqId); a client's X-Request-Id is kept
  // apart, validated, as a correlation field in the logs.
  app.decorateRequest('correlationId', undefined);
  app.addHook('onRequest', (request, reply, done) => {
    const sent = request.headers['x-request-id'];
    if (typeof sent === 'string' && CORRELATION_ID.test(sent)) {
      request.correlationId = sent;
      request.log = request.log.child({ correlationId: sent });
      void reply.header('x-correlation-id', sent);
    }
    void reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (NO_STORE_PATH.test(request.url)) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  // A coarse per-address ceiling on the API, counted in Redis when there is one so that it
  // holds across instances; identity adds per-email limits of its own. The page and its
  // static files are exempt, so a clinic behind one address is not locked out by loading the
  // app. A Redis outage lets requests through rather than taking the whole API down.
  await app.register(rateLimit, {
    ...GLOBAL_RATE_LIMIT,
    max: config.apiRateLimitPerMinute,
    ...(redis ? { redis, skipOnError: true } : {}),
    allowList: (request) => request.method === 'GET' && !API_PATH.test(request.url),
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(formbody);

  // Zod schemas get the type provider's compilers, route by route: Mercurius declares its
  // own routes in JSON Schema, which Fastify's default compilers keep handling.
  app.addHook('onRoute', (route) => {
    if (!isZodSchema(route.schema)) return;
    // isZodSchema checked what the type provider's compilers take.
    route.validatorCompiler ??= validatorCompiler as FastifySchemaCompiler<unknown>;
    route.serializerCompiler ??= serializerCompiler as FastifySerializerCompiler<unknown>;
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Patient portal identity service', version: config.version },
      servers: [{ url: config.publicUrl }],
    },
    transform: (document) =>
      isZodSchema(document.schema)
        ? jsonSchemaTransform(document)
        : { schema: document.schema, url: document.url },
  });

  app.setErrorHandler(errorHandler);
}
