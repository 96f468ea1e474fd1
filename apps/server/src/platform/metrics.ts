import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { isLoopbackAddress } from './http-plugins';

/*
 * /metrics in Prometheus' text format (prom-client), issue 40. Each app has its own registry
 * (tests build several apps in one process); the process' own metrics (CPU, memory, event
 * loop delay, GC) are collected once per process into a registry of their own, because each
 * collectDefaultMetrics call starts an event-loop monitor and a GC observer that never stop.
 *
 * Labels stay bounded: the route is Fastify's route pattern (never the URL), and GraphQL
 * operation names are the first MAX_OPERATIONS seen, then "other" (production takes only the
 * web app's persisted operations, a few dozen names; elsewhere a client could send any).
 */

const MAX_OPERATIONS = 200;
const OPERATION_NAME = /^[_A-Za-z][_0-9A-Za-z]{0,99}$/;
const FIRST_OPERATION = /\b(?:query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)/;

let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export interface MetricsDeps {
  database: Database;
  /** Scheduled jobs due and not claimed, and those running (JobScheduler.queueDepth). */
  jobs: { queueDepth(): Promise<{ due: number; running: number }> };
  /** Open websockets on this instance (Lifecycle.openWebsockets). */
  websockets: () => number;
  /** Bearer token that opens /metrics beyond loopback; loopback only without it. */
  token: string | undefined;
}

/** The GraphQL operation a request ran, as a bounded label value. */
export class OperationNames {
  private readonly seen = new Set<string>();

  constructor(private readonly max = MAX_OPERATIONS) {}

  of(request: FastifyRequest): string {
    const source = request.method === 'GET' ? request.query : request.body;
    if (Array.isArray(source)) return 'batch';
    if (!source || typeof source !== 'object') return '';
    const { operationName, query } = source as { operationName?: unknown; query?: unknown };
    let name = '';
    if (typeof operationName === 'string' && operationName !== '') name = operationName;
    else if (typeof query === 'string') name = FIRST_OPERATION.exec(query)?.[1] ?? '';
    if (name === '' || !OPERATION_NAME.test(name)) return name === '' ? '' : 'other';
    if (this.seen.has(name)) return name;
    if (this.seen.size >= this.max) return 'other';
    this.seen.add(name);
    return name;
  }
}

/** Whether a scrape may read the metrics: the machine itself (not through a proxy), or the token. */
export function scrapeAllowed(request: FastifyRequest, token: string | undefined): boolean {
  const auth = request.headers.authorization;
  if (token && typeof auth === 'string') {
    const sent = Buffer.from(auth.replace(/^Bearer\s+/i, ''));
    const expected = Buffer.from(token);
    if (sent.length === expected.length && timingSafeEqual(sent, expected)) return true;
  }
  // A request a proxy on this machine forwarded comes from loopback too: its forwarding
  // headers say it came from further away.
  const forwarded = request.headers['x-forwarded-for'] ?? request.headers.forwarded;
  return forwarded === undefined && isLoopbackAddress(request.raw.socket.remoteAddress);
}

/** Registers the request metrics' hooks and GET /metrics on the app. */
export function registerMetrics(app: FastifyInstance, deps: MetricsDeps): Registry {
  const registry = new Registry();
  const operations = new OperationNames();
  const duration = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'HTTP request duration by route pattern, and GraphQL operation on /graphql',
    labelNames: ['method', 'route', 'status_code', 'operation'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'portal_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit (HTTP 429), by route pattern',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  // node-postgres' pool on PostgreSQL; PGlite is one connection and has none.
  const { pool } = deps.database;
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting for one); none on PGlite',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'portal_websockets_open',
    help: 'Open websockets (GraphQL subscriptions) on this instance',
    registers: [registry],
    collect() {
      this.set(deps.websockets());
    },
  });
  new Gauge({
    name: 'portal_jobs',
    help: 'Scheduled jobs: due and unclaimed (the queue), or running on some instance',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const depth = await deps.jobs.queueDepth();
      this.set({ state: 'due' }, depth.due);
      this.set({ state: 'running' }, depth.running);
    },
  });

  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route === '/metrics') return done();
    const status = reply.statusCode;
    duration.observe(
      {
        method: request.method,
        route,
        status_code: String(status),
        operation: route === '/graphql' ? operations.of(request) : '',
      },
      reply.elapsedTime / 1000,
    );
    if (status === 429) refusals.inc({ route });
    done();
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!scrapeAllowed(request, deps.token)) {
      return reply
        .status(404)
        .header('cache-control', 'no-store')
        .send({ error: { code: 'not-found', message: 'Not found.' } });
    }
    const text = (await processMetrics().metrics()) + (await registry.metrics());
    return reply.header('cache-control', 'no-store').type(registry.contentType).send(text);
  });
  return registry;
}
