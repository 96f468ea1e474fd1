import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
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
  /^\/(identity|user|connect|graphql|staff|files|dev|client-errors|\.well-known)(\/|\?|$)/;

/** The global per-address ceiling on the API (the app's own pages are exempt). */
export const GLOBAL_RATE_LIMIT = { max: 600, timeWindow: '1 minute' } as const;

export interface HttpPluginOptions {
  config: Pick<Config, 'isProduction' | 'publicUrl' | 'version' | 'chatWidgetUrl'>;
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
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...chat],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...chat],
        frameSrc: ["'self'", ...chat, ...videoPlayers],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.isProduction,
  });
  // A coarse per-address ceiling on the API, counted in Redis when there is one so that it
  // holds across instances; identity adds per-email limits of its own. The page and its
  // static files are exempt, so a clinic behind one address is not locked out by loading the
  // app. A Redis outage lets requests through rather than taking the whole API down.
  await app.register(rateLimit, {
    ...GLOBAL_RATE_LIMIT,
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
