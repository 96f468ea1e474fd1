import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sessions } from '../db/schema/identity';
import { createCustomer } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { SharedDocuments } from './subscriptions';

// Issue 16: one instance holds many open subscriptions, each lean (subscriptions.ts), and each
// still receives its own customer's events and nobody else's. Raw `ws` sockets speaking
// graphql-transport-ws keep the client side light.

const CUSTOMERS = 25;
const SOCKETS_PER_CUSTOMER = 20; // 500 sockets
const QUERY = 'subscription { customerChanged { reason } }';

let server: TestServer;
const sockets: WebSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await server.close();
});

async function waitFor(check: () => boolean, ms = 10_000, step?: () => Promise<void>) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting');
    await step?.();
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** An access token of a new customer, with the session it names. */
async function customerWithToken() {
  const { db } = server.database;
  const { user, customer } = await createCustomer(db);
  const [session] = await db
    .insert(sessions)
    .values({ userId: user.id, expiresAt: new Date(Date.now() + 3_600_000) })
    .returning({ id: sessions.id });
  const token = await server.tokens.issue('access', {
    sub: user.id,
    sid: session!.id,
    role: 'customer',
    customer_id: customer.id,
    scope: 'graphql',
  });
  return { customerId: customer.id, token };
}

interface Follower {
  customerIndex: number;
  reasons: string[];
  errors: unknown[];
}

/** Opens a socket, authenticates, subscribes; resolves once the server acknowledged the init. */
function follow(token: string, customerIndex: number): Promise<Follower> {
  const follower: Follower = { customerIndex, reasons: [], errors: [] };
  const socket = new WebSocket(
    `${server.url.replace('http', 'ws')}/graphql`,
    'graphql-transport-ws',
  );
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.on('open', () => {
      socket.send(
        JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }),
      );
    });
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString()) as {
        type: string;
        payload?: { data?: { customerChanged?: { reason: string } }; errors?: unknown };
      };
      if (message.type === 'connection_ack') {
        socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: QUERY } }));
        resolve(follower);
      } else if (message.type === 'next') {
        const reason = message.payload?.data?.customerChanged?.reason;
        if (reason) follower.reasons.push(reason);
        if (message.payload?.errors) follower.errors.push(message.payload.errors);
      } else if (message.type === 'error') {
        follower.errors.push(message.payload);
      }
    });
  });
}

describe('many open subscriptions on one instance', () => {
  it('delivers each customer’s event to that customer’s 20 sockets only, over 500 sockets', async () => {
    const customers: { customerId: string; token: string }[] = [];
    for (let i = 0; i < CUSTOMERS; i++) customers.push(await customerWithToken());
    const followers: Follower[] = [];
    for (let s = 0; s < SOCKETS_PER_CUSTOMER; s++) {
      followers.push(...(await Promise.all(customers.map((c, i) => follow(c.token, i)))));
    }
    expect(followers).toHaveLength(CUSTOMERS * SOCKETS_PER_CUSTOMER);

    // A subscribe message has no answer, and each delivery re-reads the customer's record:
    // each customer's event goes out once, and again only for a customer one of whose sockets
    // has not heard it yet (its subscribe was still on the way).
    const heard = (f: Follower) => f.reasons.length > 0;
    const waiting = () =>
      customers.filter((_c, i) => followers.some((f) => f.customerIndex === i && !heard(f)));
    let rounds = 0;
    await waitFor(
      () => followers.every(heard),
      12_000,
      async () => {
        if (rounds++ % 20 !== 0) return; // every 2 s at most
        await Promise.all(
          waiting().map((c) =>
            server.platform.events.customerChanged(c.customerId, `for-${customers.indexOf(c)}`),
          ),
        );
      },
    );
    // Anything misrouted would have come with the rest: give it a moment to show.
    await new Promise((r) => setTimeout(r, 300));

    for (const follower of followers) {
      expect(follower.errors).toEqual([]);
      expect(follower.reasons.length).toBeGreaterThan(0);
      expect(new Set(follower.reasons)).toEqual(new Set([`for-${follower.customerIndex}`]));
    }
  });
});

describe('SharedDocuments', () => {
  it('parses a text once and hands every socket the same document, within its cap', () => {
    const documents = new SharedDocuments(2);
    const first = documents.get(QUERY);
    expect(documents.get(QUERY)).toBe(first);
    documents.get('subscription { notificationsChanged { id } }');
    documents.get('subscription { providerMessagesChanged { id } }');
    expect(documents.size).toBe(2);
    // The oldest text was dropped: it is parsed again, into a new document.
    expect(documents.get(QUERY)).not.toBe(first);
    expect(() => documents.get('subscription {')).toThrow();
  });
});

describe('a subscription document that does not parse', () => {
  it('gets its syntax error and the socket stays open', async () => {
    const { token } = await customerWithToken();
    const socket = new WebSocket(
      `${server.url.replace('http', 'ws')}/graphql`,
      'graphql-transport-ws',
    );
    sockets.push(socket);
    type Message = { type: string; id?: string; payload?: unknown };
    const messages: Message[] = [];
    socket.on('message', (raw: Buffer) => messages.push(JSON.parse(raw.toString()) as Message));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(
      JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }),
    );
    await waitFor(() => messages.some((m) => m.type === 'connection_ack'));
    socket.send(
      JSON.stringify({ id: 'bad', type: 'subscribe', payload: { query: 'subscription {' } }),
    );
    await waitFor(() => messages.some((m) => m.id === 'bad'));
    expect(messages.find((m) => m.id === 'bad')).toMatchObject({ type: 'error' });
    expect(JSON.stringify(messages.find((m) => m.id === 'bad')?.payload)).toContain('Syntax Error');
    // Still open: a valid subscribe on the same socket is taken.
    socket.send(JSON.stringify({ id: 'good', type: 'subscribe', payload: { query: QUERY } }));
    await new Promise((r) => setTimeout(r, 300));
    expect(socket.readyState).toBe(WebSocket.OPEN);
  });
});
