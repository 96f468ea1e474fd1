import { createRequire } from 'node:module';
import { parse, type DocumentNode } from 'graphql';

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
 * It also applies leanSubscriptionState (below), which trims what a ready socket keeps.
 */
export function leanSubscriptionConnections(): void {
  leanSubscriptionState();
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

/** Distinct subscription documents kept parsed; the web app sends a handful. */
const MAX_SHARED_DOCUMENTS = 200;

/**
 * Parsed subscription documents shared by every socket that sends the same text. Mercurius
 * parses each `subscribe` message afresh, and the parsed document (its tokens and locations)
 * stays reachable from the subscription's execution context for as long as it is open: ~2 KiB
 * per socket for the same dozen lines. graphql-js never mutates a document, so one copy serves
 * all. Bounded: past the cap the oldest text is dropped (its sockets keep their copy).
 */
export class SharedDocuments {
  private readonly documents = new Map<string, DocumentNode>();

  constructor(private readonly max = MAX_SHARED_DOCUMENTS) {}

  get(query: string): DocumentNode {
    const known = this.documents.get(query);
    if (known) return known;
    const document = parse(query);
    if (this.documents.size >= this.max) {
      const oldest = this.documents.keys().next();
      if (!oldest.done) this.documents.delete(oldest.value);
    }
    this.documents.set(query, document);
    return document;
  }

  /** The shared document, or undefined when the text is not valid GraphQL (nothing kept). */
  tryGet(query: string): DocumentNode | undefined {
    try {
      return this.get(query);
    } catch {
      return undefined;
    }
  }

  get size(): number {
    return this.documents.size;
  }
}

/** The part of a connection the lean-state patch touches. */
interface LeanConnection {
  context: {
    request?: { ip?: string; id?: string; headers?: Record<string, unknown> } | undefined;
    _connectionInit?: unknown;
    preSubscriptionParsing?: unknown;
  };
  headers: Record<string, unknown>;
  resolveContext?: (() => Promise<unknown>) | undefined;
  isReady: boolean;
  socket: {
    listeners(event: 'error'): ((error: Error) => void)[];
    removeListener(event: 'error', listener: (error: Error) => void): void;
    on(event: 'error', listener: (error: Error) => void): void;
    terminate(): void;
    _socket?: { _httpMessage?: { detachSocket(socket: unknown): void } | null };
  };
  fastify: { log: { error(error: unknown): void } };
}

/** Mercurius' own error listener on each socket (a bound method keeps its name). */
const MERCURIUS_ERROR_LISTENER = 'bound handleSocketConnectionError';

/**
 * Lets go of the HTTP upgrade's objects a ready socket no longer needs: @fastify/websocket
 * leaves the upgrade's ServerResponse attached to the TCP socket and keeps the Fastify request
 * and reply in the socket's error listener for as long as it is open. Its listener (log the
 * error, terminate the socket) is replaced by one that does the same without them.
 */
function releaseUpgrade(connection: LeanConnection): void {
  const { socket, fastify } = connection;
  const tcp = socket._socket;
  tcp?._httpMessage?.detachSocket(tcp);
  const upgradeListeners = socket
    .listeners('error')
    .filter((listener) => listener.name !== MERCURIUS_ERROR_LISTENER);
  if (upgradeListeners.length === 0) return;
  for (const listener of upgradeListeners) socket.removeListener('error', listener);
  socket.on('error', (error) => {
    fastify.log.error(error);
    socket.terminate();
  });
}

const leanStatePatched = Symbol.for('portal.leanSubscriptionState');

/**
 * Trims what each open socket keeps once it is ready (heap census, BENCH_WS_HEAP_CENSUS=1):
 * - the HTTP upgrade's request, reply and ServerResponse (releaseUpgrade);
 * - the upgrade's Fastify request (with its raw IncomingMessage and ServerResponse) is kept
 *   in the context and in the closure that rebuilds the context; Mercurius only copies
 *   connection_init headers into `request.headers` afterwards, so a plain `{ ip, id, headers }`
 *   takes its place, and the closure goes: a repeated connection_init keeps the first
 *   context (services, actor, registry) and onConnect's answer replaces the viewer, as before;
 * - the connection_init payload (the access token) is dropped from the context and from the
 *   headers copied into every subscription's request: the viewer already came from it;
 * - subscription documents are parsed once per distinct text (SharedDocuments).
 */
export function leanSubscriptionState(documents = new SharedDocuments()): void {
  const require = createRequire(import.meta.url);
  const SubscriptionConnection = require('mercurius/lib/subscription-connection.js') as {
    prototype: {
      handleConnectionInit: (this: LeanConnection, data: unknown) => Promise<void>;
      handleGQLStart: (
        this: LeanConnection,
        data: { payload?: { query?: unknown } },
      ) => Promise<void>;
      [leanStatePatched]?: true;
    };
  };
  const proto = SubscriptionConnection.prototype;
  if (proto[leanStatePatched]) return;
  const init = proto.handleConnectionInit;
  const start = proto.handleGQLStart;
  if (typeof init !== 'function' || typeof start !== 'function') {
    throw new Error('mercurius SubscriptionConnection changed: review graphql/subscriptions.ts');
  }
  proto.handleConnectionInit = async function handleConnectionInit(this: LeanConnection, data) {
    await init.call(this, data);
    if (!this.isReady) return;
    if (this.resolveContext) releaseUpgrade(this); // once, on the first connection_init
    const request = this.context.request;
    if (request) this.context.request = { ip: request.ip, id: request.id, headers: {} };
    this.resolveContext = undefined;
    this.context._connectionInit = undefined;
    this.headers = {};
  };
  proto.handleGQLStart = async function handleGQLStart(this: LeanConnection, data) {
    const query = data?.payload?.query;
    // A preSubscriptionParsing hook wants the text: only without one is the document shared.
    if (typeof query === 'string' && !this.context.preSubscriptionParsing) {
      // A document that does not parse goes on as text: Mercurius answers its syntax error.
      const document = documents.tryGet(query);
      if (document) data.payload!.query = document;
    }
    return start.call(this, data);
  };
  proto[leanStatePatched] = true;
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
