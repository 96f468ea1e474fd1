import type { Server } from 'node:http';
import net from 'node:net';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { WebSocketServer } from 'ws';
import { migrationsFolder, type Database } from '../db/client';

/*
 * The process's life after it starts listening (issue 40): whether it is ready for traffic
 * (/readyz), and how it leaves on SIGTERM without failing a request a proxy gave it.
 *
 * The drain, in order (drainAndClose below):
 * 1. /readyz answers 503 at once, so a proxy or orchestrator that checks it stops sending
 *    new work here. Every response now says `Connection: close`, so keep-alive clients open
 *    their next request elsewhere instead of racing the listener's close; a new websocket
 *    is refused with 503 (nginx's proxy_next_upstream http_503 sends it to a sibling) and the
 *    open ones get close code 1001 (going away), on which graphql-ws clients reconnect.
 * 2. The listener keeps serving for DRAIN_DELAY_MS, the proxy's check interval, because a
 *    proxy that has not looked yet still sends requests here. With DRAIN_REFUSE_READS (a
 *    proxy with passive checks only, like open-source nginx, which never reads /readyz), GET
 *    and HEAD are answered 503 meanwhile: nginx retries each on a sibling and marks this
 *    instance down for its fail_timeout, so it stops sending here, POSTs included, before
 *    the listener closes. A POST is still served (nginx does not resend one it has sent).
 * 3. The listener closes (a proxy then gets "connection refused" and tries another instance
 *    without having sent the request), idle connections close within 250 ms rather than after
 *    Fastify's 72 s keep-alive (fastify#7044), requests in flight finish, websockets that
 *    did not answer the close frame are cut, and the app's onClose hooks stop the jobs
 *    (a running one finishes and releases its claim), close the live updates' emitter, flush
 *    the audit batch and quit Redis. Then the database pool closes.
 * 4. Everything is bounded by SHUTDOWN_DEADLINE_MS; main.ts' close-with-grace exits 1 past it.
 */

/** The whole drain ends within this; an orchestrator's default grace period is 30 s. */
export const SHUTDOWN_DEADLINE_MS = 10_000;

/** The longest DRAIN_DELAY_MS may be, leaving the rest of the deadline to in-flight work. */
export const MAX_DRAIN_DELAY_MS = 6_000;

/** Websocket close code "going away": the server leaves; graphql-ws clients retry it. */
export const GOING_AWAY_CLOSE_CODE = 1001;

/** How long one readiness check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 1_000;

/** 'ok', or why the check failed. */
export type CheckResult = string;

export interface Readiness {
  ready: boolean;
  checks: Record<string, CheckResult>;
}

export interface LifecycleDeps {
  database: Database;
  /** The rate limits' Redis connection, when REDIS_URL is set. */
  redis?: Redis | undefined;
  /** DRAIN_REFUSE_READS: while draining, GET and HEAD are answered 503 (step 2 above). */
  refuseReadsWhileDraining?: boolean;
}

/** Paths a draining instance still answers for what they are: health and metrics. */
const OPERATIONS_PATHS = new Set(['/livez', '/readyz', '/healthz', '/metrics']);

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function failure(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The newest migration in the migrations folder, read once per process. */
let newestMigration: number | undefined;
function newestMigrationMillis(): number {
  newestMigration ??= Math.max(
    0,
    ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis),
  );
  return newestMigration;
}

/** Whether the database has every migration this build ships (drizzle's own journal table). */
async function migrationsApplied(database: Database): Promise<boolean> {
  const result = await database.db.execute<{ last: string | number | null }>(
    sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
  );
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  const last = (rows[0] as { last: string | number | null } | undefined)?.last;
  return last !== null && last !== undefined && Number(last) >= newestMigrationMillis();
}

/** Readiness and the draining flag of one app; built by app.ts, driven by main.ts. */
export class Lifecycle {
  private drainingSince: number | undefined;
  private migrated = false;
  /** The app's plugin contexts: one of them holds the websocket server (see websocketServer). */
  private readonly contexts: FastifyInstance[] = [];

  constructor(private readonly deps: LifecycleDeps) {}

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  /** Step 1 of the drain: /readyz fails from now on. */
  startDraining(): void {
    this.drainingSince ??= Date.now();
  }

  /** What /readyz answers: the database, Redis and the migrations answer, and no drain. */
  async readiness(): Promise<Readiness> {
    const checks: Record<string, CheckResult> = {};
    const run = async (name: string, check: () => Promise<void>) => {
      try {
        await withTimeout(check(), CHECK_TIMEOUT_MS, name);
        checks[name] = 'ok';
      } catch (error) {
        checks[name] = failure(error);
      }
    };
    checks.draining = this.draining ? 'draining: the process is shutting down' : 'ok';
    await Promise.all([
      run('database', async () => {
        await this.deps.database.db.execute(sql`select 1`);
      }),
      run('migrations', async () => {
        // Once applied they stay applied (a newer build migrates forward only).
        if (this.migrated) return;
        if (!(await migrationsApplied(this.deps.database))) {
          throw new Error('the database lacks migrations this build ships');
        }
        this.migrated = true;
      }),
      ...(this.deps.redis
        ? [
            run('redis', async () => {
              await this.deps.redis?.ping();
            }),
          ]
        : []),
    ]);
    return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
  }

  /**
   * The drain's hooks on every request: while draining, responses close their connection
   * and new websockets are refused (503, so a proxy retries them on a sibling).
   */
  register(app: FastifyInstance): void {
    this.contexts.push(app);
    app.addHook('onRegister', (instance) => {
      this.contexts.push(instance);
    });
    app.addHook('onRequest', (request, reply, done) => {
      if (!this.draining) return done();
      void reply.header('connection', 'close');
      const method = request.raw.method;
      if (
        this.deps.refuseReadsWhileDraining &&
        (method === 'GET' || method === 'HEAD') &&
        request.headers.upgrade === undefined &&
        !OPERATIONS_PATHS.has(request.url.split('?')[0] ?? '')
      ) {
        void reply
          .status(503)
          .header('retry-after', '1')
          .send({ error: { code: 'draining', message: 'This instance is shutting down.' } });
        return;
      }
      if (request.headers.upgrade?.toLowerCase() === 'websocket') {
        // An upgrade's socket left Node's HTTP handling: nothing closes it after the answer
        // (and the listener's close would wait for it), so it ends here.
        reply.raw.once('finish', () => request.raw.socket.end());
        void reply
          .status(503)
          .header('retry-after', '1')
          .send({ error: { code: 'draining', message: 'This instance is shutting down.' } });
        return;
      }
      done();
    });
  }

  /**
   * The server of the GraphQL websockets: Mercurius registers @fastify/websocket inside its
   * own plugin context, so its `websocketServer` is not on the root instance.
   */
  websocketServer(): WebSocketServer | undefined {
    for (const context of this.contexts) {
      const server = (context as FastifyInstance & { websocketServer?: WebSocketServer })
        .websocketServer;
      if (server) return server;
    }
    return undefined;
  }

  /** Open websockets on this instance (the metrics read it). */
  openWebsockets(): number {
    return this.websocketServer()?.clients.size ?? 0;
  }
}

export interface DrainOptions {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  database: Database;
  /** How long the listener keeps serving after /readyz turned 503 (the proxy's interval). */
  drainDelayMs: number;
  /** When the whole drain must be over (close-with-grace exits 1 at that point). */
  deadlineMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * When idle connections are cut after the listener closed. Node counts a connection accepted
 * but with no request read yet as active (its headers timeout applies), so the cut never takes
 * one whose request a proxy has sent but a busy process has not read (operations.int.test.ts).
 */
const LAST_REQUEST_GRACE_MS = 250;

/** Open connections of a server (websockets included: an upgraded socket still counts). */
function connectionCount(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.getConnections((error, count) => resolve(error ? 0 : count));
  });
}

/** Steps 1 to 4 of the drain (see the top of this file); resolves when all is closed. */
export async function drainAndClose(options: DrainOptions): Promise<void> {
  const { app, lifecycle, database, drainDelayMs } = options;
  const deadlineMs = options.deadlineMs ?? SHUTDOWN_DEADLINE_MS;
  const started = Date.now();
  lifecycle.startDraining();
  const sockets = lifecycle.websocketServer();
  for (const socket of sockets?.clients ?? []) {
    socket.close(GOING_AWAY_CLOSE_CODE, 'server shutting down');
  }
  app.log.info({ drainDelayMs, websockets: sockets?.clients.size ?? 0 }, 'draining');
  await sleep(drainDelayMs);

  // Stop accepting, but not the way http.Server.close() does: it also closes every connection
  // with no request in progress, which includes one accepted a moment ago whose request is
  // still on its way (the client sees ECONNRESET for a request it has sent: measured, 5 in a
  // drain under six clients). net.Server's close stops the listener alone.
  const server = app.server;
  net.Server.prototype.close.call(server);
  // A websocket that has not answered its close frame in the whole delay is cut.
  for (const socket of sockets?.clients ?? []) socket.terminate();
  // Requests in flight finish (each response closes its connection: see register). After
  // LAST_REQUEST_GRACE_MS the idle ones left are keep-alive connections that sent nothing
  // during the whole drain: they close rather than wait Fastify's 72 s keep-alive
  // (fastify#7044). Close to the deadline everything is cut, so the pools can close before
  // close-with-grace exits.
  const cutAt = started + deadlineMs - 1_500;
  for (;;) {
    if ((await connectionCount(server)) === 0) break;
    const now = Date.now();
    if (now >= cutAt) {
      app.log.warn('requests still running near the shutdown deadline: cutting them');
      server.closeAllConnections();
      break;
    }
    if (now - started >= drainDelayMs + LAST_REQUEST_GRACE_MS) server.closeIdleConnections();
    await sleep(25);
  }
  // The listener and the connections are gone: this runs the app's onClose hooks (jobs,
  // emitter, audit batch, Redis); then the database pool closes.
  await app.close();
  await database.close();
  app.log.info({ ms: Date.now() - started }, 'drained and closed');
}
