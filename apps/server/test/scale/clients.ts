import http from 'node:http';
import { TOKEN_EXCHANGE } from '@portal/domain';
import { createClient, type Client } from 'graphql-ws';
import { generate } from 'otplib';
import WebSocket from 'ws';
import { webOperations, webRequest } from '../process';

// The scale test's clients. Each client has its own loopback address (127.0.x.y: all of
// 127/8 is this machine), as customers have their own: the global limit counts per address,
// and nginx passes the address on (X-Forwarded-For from a trusted proxy, TRUST_PROXY).

export const operations = webOperations();

export interface Answer {
  status: number;
  body: string;
}

const agents = new Map<string, http.Agent>();
/** A keep-alive agent per source address. */
function agentFor(localAddress: string): http.Agent {
  let agent = agents.get(localAddress);
  if (!agent) agents.set(localAddress, (agent = new http.Agent({ keepAlive: true, localAddress })));
  return agent;
}

export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** One HTTP request from `from` (a loopback address); rejects on a network error. */
export function request(
  url: string,
  options: { from: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent: agentFor(options.from),
        headers: {
          ...(options.body ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export function json<T>(answer: Answer): T {
  return JSON.parse(answer.body) as T;
}

/** One of the web app's operations, sent as the web app sends it. */
export function operation(
  base: string,
  from: string,
  token: string,
  name: string,
  variables: Record<string, unknown> = {},
): Promise<Answer> {
  const req = webRequest(operations, name, variables);
  return request(`${base}${req.path}`, {
    from,
    method: req.method,
    headers: { authorization: `Bearer ${token}` },
    body: req.body,
  });
}

export interface Session {
  access: string;
  refresh: string;
}

/** A customer's sign-in and token exchange, as the web app does them. */
export async function signIn(
  base: string,
  from: string,
  email: string,
  password: string,
): Promise<Session> {
  const signedIn = await request(`${base}/identity/sign-in`, {
    from,
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}`);
  const { idToken, refreshToken } = json<{ idToken: string; refreshToken: string }>(signedIn);
  const exchanged = await request(`${base}/connect/token`, {
    from,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: TOKEN_EXCHANGE.grantType,
      client_id: TOKEN_EXCHANGE.clientId,
      scope: TOKEN_EXCHANGE.scope,
      subject_token: idToken,
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
    }).toString(),
  });
  return { access: json<{ access_token: string }>(exchanged).access_token, refresh: refreshToken };
}

export async function staffToken(
  base: string,
  from: string,
  email: string,
  password: string,
): Promise<string> {
  const answer = await request(`${base}/staff/token`, {
    from,
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  if (answer.status !== 200) throw new Error(`staff sign-in answered ${answer.status}`);
  // The scale run's staff account is new, so it enrols its authenticator (issue 41) here.
  const started = json<{ status: string; challenge: string; secret?: string }>(answer);
  if (started.status !== 'enroll' || !started.secret) {
    throw new Error('the scale staff account must be new (it enrols at its first sign-in)');
  }
  const enrolled = await request(`${base}/staff/token/enroll`, {
    from,
    method: 'POST',
    body: JSON.stringify({
      challenge: started.challenge,
      code: await generate({ secret: started.secret }),
    }),
  });
  if (enrolled.status !== 200) throw new Error(`staff enrolment answered ${enrolled.status}`);
  return json<{ access_token: string }>(enrolled).access_token;
}

/** A raw graphql-ws socket (no retry): to see exactly when and how the server closes it. */
export async function rawSubscription(
  base: string,
  token: string,
): Promise<{ closed: Promise<{ code: number; at: number }>; socket: WebSocket }> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
  const closed = new Promise<{ code: number; at: number }>((resolve) =>
    socket.on('close', (code) => resolve({ code, at: Date.now() })),
  );
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(
    JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }),
  );
  await new Promise((resolve) => socket.once('message', resolve));
  socket.send(
    JSON.stringify({
      id: '1',
      type: 'subscribe',
      payload: { query: operations.get('ProviderMessagesChanged')?.query },
    }),
  );
  return { closed, socket };
}

export interface Follower {
  client: Client;
  /** Message ids delivered live. */
  live: Set<string>;
  /** Message ids read back after each reconnection (GetProviderMessages). */
  refetched: Set<string>;
  connections: number;
  /** Close codes of the sockets this client lost. */
  closes: number[];
  ready: Promise<void>;
}

/**
 * A subscriber as a careful web client behaves: graphql-ws retrying every close (the web app's
 * live-client.ts: shouldRetry always), and on each reconnection reading the messages back once,
 * since pub/sub keeps nothing for a client between two sockets.
 */
export function follow(base: string, from: string, token: string, customerId: string): Follower {
  const follower: Follower = {
    client: undefined as unknown as Client,
    live: new Set(),
    refetched: new Set(),
    connections: 0,
    closes: [],
    ready: Promise.resolve(),
  };
  class FromAddress extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { localAddress: from });
    }
  }
  let acknowledged: () => void = () => undefined;
  follower.ready = new Promise((resolve) => (acknowledged = resolve));
  follower.client = createClient({
    url: `${base.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: FromAddress,
    lazy: false,
    retryAttempts: Infinity,
    shouldRetry: () => true,
    // The web app waits 1.3 to 4 s (graphql-ws' default); shorter here to keep the test short.
    retryWait: () => new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200)),
    connectionParams: { authorization: `Bearer ${token}` },
    on: {
      connected: () => {
        follower.connections += 1;
        if (follower.connections === 1) return;
        void operation(base, from, token, 'GetProviderMessages', { customerId })
          .then((answer) => {
            const body = json<{ data?: { providerMessages: { id: string }[] } }>(answer);
            for (const message of body.data?.providerMessages ?? [])
              follower.refetched.add(message.id);
          })
          .catch(() => undefined);
      },
      closed: (event) => {
        follower.closes.push((event as { code?: number }).code ?? 0);
      },
    },
  });
  follower.client.subscribe<{ providerMessagesChanged: { id: string } }>(
    { query: operations.get('ProviderMessagesChanged')?.query ?? '' },
    {
      next: (result) => {
        const id = result.data?.providerMessagesChanged.id;
        if (id) follower.live.add(id);
      },
      error: () => undefined,
      complete: () => undefined,
    },
  );
  // Subscribed once the first connection is acknowledged and the subscribe is sent.
  const check = setInterval(() => {
    if (follower.connections > 0) {
      clearInterval(check);
      setTimeout(acknowledged, 50);
    }
  }, 20);
  return follower;
}
