import { createRequire } from 'node:module';

/** The part of Mercurius' per-socket SubscriptionConnection that the patch below relies on. */
interface SubscriptionConnection {
  socket: {
    on(event: 'message', listener: (message: Buffer, isBinary: boolean) => void): void;
    readyState: number;
  };
  fastify: { log: { error(error: unknown): void } };
  handleMessage(message: Buffer, isBinary: boolean): Promise<void>;
  handleConnectionClose(): void;
  handleConnection(): Promise<void>;
}

const patched = Symbol.for('portal.leanSubscriptionConnection');

/**
 * Mercurius reads each websocket's messages with `for await (… of events.on(socket,
 * 'message'))`. Node's `events.on` allocates two FixedQueues of 2,048 slots per call: 32 KiB of
 * heap for every open socket, more than half of what a subscription cost (heap snapshot, 1,000
 * sockets: 2,002 arrays of 16,416 bytes held by `unconsumedEvents` and `unconsumedPromises`).
 * This replaces that loop with a plain listener and a promise chain, which keeps its order
 * (one message handled at a time, in arrival order) and its error handling (log, close the
 * connection). Applied once per process; Mercurius' constructor calls `this.handleConnection()`.
 */
export function leanSubscriptionConnections(): void {
  const require = createRequire(import.meta.url);
  const SubscriptionConnection = require('mercurius/lib/subscription-connection.js') as {
    prototype: SubscriptionConnection & { [patched]?: true };
  };
  const proto = SubscriptionConnection.prototype;
  if (proto[patched]) return;
  if (typeof proto.handleConnection !== 'function' || typeof proto.handleMessage !== 'function') {
    throw new Error('mercurius SubscriptionConnection changed: review graphql/subscriptions.ts');
  }
  proto.handleConnection = function handleConnection(this: SubscriptionConnection) {
    let queue: Promise<void> = Promise.resolve();
    this.socket.on('message', (message, isBinary) => {
      queue = queue.then(async () => {
        try {
          await this.handleMessage(message, isBinary);
        } catch (error) {
          this.fastify.log.error(error);
          this.handleConnectionClose();
        }
      });
    });
    return Promise.resolve();
  };
  proto[patched] = true;
}

/** What the patch below reads of a socket's context (set by app.ts' context and onConnect). */
interface SocketContext {
  viewer?: { userId: string } | null;
  session?: { id: string; expiresAt: number } | null;
  sessionSockets?: SessionSockets;
}

interface TrackedConnection {
  socket: { close(code?: number, reason?: string): void };
  context: SocketContext;
  isReady: boolean;
  handleConnectionClose(): void;
}

/** Close code for an ended session or token: graphql-ws clients retry it with fresh params. */
export const SESSION_ENDED_CLOSE_CODE = 4403;

/**
 * The authenticated sockets of this instance by session. A socket closes when its session is
 * revoked (the event reaches every instance through the live updates' pub/sub) and when its
 * access token expires, unless the client re-authenticates on it first (a new connection_init
 * with a fresh token of the same user moves the deadline).
 */
export class SessionSockets {
  private readonly bySession = new Map<string, Set<TrackedConnection>>();
  private readonly tracked = new Map<
    TrackedConnection,
    { sessionId: string; timer: ReturnType<typeof setTimeout> }
  >();

  constructor(private readonly clock: { now(): Date }) {}

  /** How many sockets are open for a session (tests and metrics). */
  count(sessionId: string): number {
    return this.bySession.get(sessionId)?.size ?? 0;
  }

  track(connection: TrackedConnection, session: { id: string; expiresAt: number }): void {
    this.untrack(connection);
    const delay = Math.max(0, session.expiresAt - this.clock.now().getTime());
    const timer = setTimeout(() => this.close(connection, 'token expired'), delay);
    timer.unref();
    this.tracked.set(connection, { sessionId: session.id, timer });
    let set = this.bySession.get(session.id);
    if (!set) this.bySession.set(session.id, (set = new Set()));
    set.add(connection);
  }

  untrack(connection: TrackedConnection): void {
    const entry = this.tracked.get(connection);
    if (!entry) return;
    clearTimeout(entry.timer);
    this.tracked.delete(connection);
    const set = this.bySession.get(entry.sessionId);
    set?.delete(connection);
    if (set?.size === 0) this.bySession.delete(entry.sessionId);
  }

  /** Closes every socket of these sessions (a revocation event from any instance). */
  closeSessions(sessionIds: readonly string[]): void {
    for (const id of sessionIds) {
      for (const connection of [...(this.bySession.get(id) ?? [])]) {
        this.close(connection, 'session ended');
      }
    }
  }

  private close(connection: TrackedConnection, reason: string): void {
    this.untrack(connection);
    connection.socket.close(SESSION_ENDED_CLOSE_CODE, reason);
    connection.handleConnectionClose();
  }
}

const sessionPatched = Symbol.for('portal.sessionBoundSubscriptionConnection');

/**
 * Binds each subscription socket to the session of its access token: registered in the
 * context's SessionSockets once connection_init is accepted, dropped when the socket closes. A
 * repeated connection_init re-authenticates the socket; one without a valid token of the same
 * user closes it. Applied once per process; the registry is per app (it rides in the context).
 */
export function sessionBoundSubscriptions(): void {
  const require = createRequire(import.meta.url);
  const SubscriptionConnection = require('mercurius/lib/subscription-connection.js') as {
    prototype: {
      handleConnectionInit: (this: TrackedConnection, data: unknown) => Promise<void>;
      handleConnectionClose: (this: TrackedConnection) => void;
      [sessionPatched]?: true;
    };
  };
  const proto = SubscriptionConnection.prototype;
  if (proto[sessionPatched]) return;
  const init = proto.handleConnectionInit;
  const close = proto.handleConnectionClose;
  if (typeof init !== 'function' || typeof close !== 'function') {
    throw new Error('mercurius SubscriptionConnection changed: review graphql/subscriptions.ts');
  }
  proto.handleConnectionInit = async function handleConnectionInit(
    this: TrackedConnection,
    data: unknown,
  ) {
    const previousUser = this.context.viewer?.userId;
    await init.call(this, data);
    const { viewer, session, sessionSockets } = this.context;
    if (!sessionSockets || !this.isReady) return;
    if (previousUser !== undefined && viewer?.userId !== previousUser) {
      // A re-authentication that failed, or by someone else: the socket ends.
      sessionSockets.untrack(this);
      this.socket.close(SESSION_ENDED_CLOSE_CODE, 'session ended');
      close.call(this);
      return;
    }
    if (viewer && session) sessionSockets.track(this, session);
  };
  proto.handleConnectionClose = function handleConnectionClose(this: TrackedConnection) {
    this.context.sessionSockets?.untrack(this);
    close.call(this);
  };
  proto[sessionPatched] = true;
}
