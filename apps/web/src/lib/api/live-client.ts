import { createClient, type Client } from 'graphql-ws';
import { TOKEN_REJECTED_CODES, type GraphqlDocument } from './graphql-client';

export interface LiveClientDeps {
  /** ws(s)://host/graphql; defaults to the page's origin. */
  url?: string;
  getAccessToken: () => Promise<string>;
  /** Must be single-flight: the same refresh the HTTP client uses. */
  refreshAccessToken: () => Promise<string>;
  webSocketImpl?: unknown;
  /**
   * After the socket comes back (a server drained, the network dropped, a token was renewed):
   * events sent while it was away are lost, so what they would have refreshed is read again.
   */
  onReconnected?: () => void;
}

/**
 * Wait before the next reconnect attempt: quick at first (a draining server closes with 1001 and
 * another instance is ready at once), then backing off to 10 s, with jitter so a fleet of tabs
 * does not come back in one wave.
 */
export function retryDelayMs(retries: number, random: () => number = Math.random): number {
  return Math.min(10_000, 250 * 2 ** retries) + Math.floor(random() * 250);
}

function defaultUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/graphql`;
}

function isTokenRejected(errors: unknown): boolean {
  if (!Array.isArray(errors)) return false;
  return errors.some((entry: { extensions?: { code?: unknown } }) =>
    (TOKEN_REJECTED_CODES as readonly unknown[]).includes(entry?.extensions?.code),
  );
}

/**
 * Live updates over graphql-ws (DESIGN §3). The access token rides in connection_init; when
 * the server rejects it (invalid-jwt / jwtExpired) the token is refreshed once (single-flight,
 * shared with HTTP) and the socket reconnects with the new one.
 */
export function createLiveClient(deps: LiveClientDeps) {
  let forceRefresh = false;
  let client: Client | null = null;
  let connectedBefore = false;

  function connect(): Client {
    client ??= createClient({
      url: deps.url ?? defaultUrl(),
      lazy: true,
      retryAttempts: Infinity,
      // The server closes a socket (4403) when its session ends or its access token expires;
      // the retry re-authenticates: connectionParams asks getAccessToken, which refreshes a
      // token near its expiry. A revoked session then fails the refresh and signs out.
      shouldRetry: () => true,
      retryWait: (retries) => new Promise((resolve) => setTimeout(resolve, retryDelayMs(retries))),
      on: {
        connected: () => {
          if (connectedBefore) deps.onReconnected?.();
          connectedBefore = true;
        },
      },
      ...(deps.webSocketImpl ? { webSocketImpl: deps.webSocketImpl } : {}),
      connectionParams: async () => {
        const token = forceRefresh ? await deps.refreshAccessToken() : await deps.getAccessToken();
        forceRefresh = false;
        return { authorization: `Bearer ${token}` };
      },
    });
    return client;
  }

  return {
    /** Runs `onEvent` for every event of the subscription until the returned stop is called. */
    subscribe<TResult>(
      document: GraphqlDocument<TResult, Record<string, never>>,
      onEvent: (data: TResult) => void,
    ): () => void {
      let stopped = false;
      let dispose: (() => void) | null = null;
      const start = () => {
        dispose = connect().subscribe<TResult>(
          { query: document.toString() },
          {
            next: (result) => {
              if (result.data) onEvent(result.data);
            },
            error: (errors) => {
              if (stopped || !isTokenRejected(errors)) return;
              // Reconnect with a refreshed token, then subscribe again.
              forceRefresh = true;
              client?.terminate();
              client = null;
              start();
            },
            complete: () => undefined,
          },
        );
      };
      start();
      return () => {
        stopped = true;
        dispose?.();
      };
    },
    dispose(): void {
      void client?.dispose();
      client = null;
    },
  };
}

export type LiveClient = ReturnType<typeof createLiveClient>;
