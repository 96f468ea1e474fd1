import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createCustomer, TEST_PASSWORD } from '../../../test/factories';
import { exchangeToken, postJson, startTestServer, type TestServer } from '../../../test/harness';

let server: TestServer;
const clients: Client[] = [];
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await Promise.all(clients.map(async (c) => c.dispose()));
  await server.close();
});

async function accessTokenFor(email: string): Promise<string> {
  const signIn = await postJson<{ idToken: string }>(server, '/identity/sign-in', {
    email,
    password: TEST_PASSWORD,
  });
  return (await exchangeToken(server, signIn.body.idToken)).body.access_token ?? '';
}

function connect(token: string | undefined): Client {
  const client = createClient({
    url: `${server.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: false,
  });
  clients.push(client);
  return client;
}

interface Change {
  customerChanged: { reason: string; customer: { id: string; first_name: string } | null };
}

/** Subscribes and collects what arrives; resolves `ready` once the server acknowledged. */
function follow(client: Client) {
  const received: Change[] = [];
  const errors: unknown[] = [];
  const unsubscribe = client.subscribe<Change>(
    { query: 'subscription { customerChanged { reason customer { id first_name } } }' },
    {
      next: (value) => {
        if (value.data) received.push(value.data);
      },
      error: (error) => errors.push(error),
      complete: () => {},
    },
  );
  return { received, errors, unsubscribe };
}

async function waitFor(check: () => boolean, ms = 3000): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('subscriptions over graphql-ws on the same port', () => {
  it("delivers a customer's change to that customer only", async () => {
    const a = await createCustomer(server.database.db, { firstName: 'Amal' });
    const b = await createCustomer(server.database.db, { firstName: 'Bo' });
    const followA = follow(connect(await accessTokenFor(a.user.email)));
    const followB = follow(connect(await accessTokenFor(b.user.email)));
    // Give both subscriptions time to register before publishing.
    await new Promise((r) => setTimeout(r, 300));

    await server.platform.events.customerChanged(b.customer.id, 'profile');
    await server.platform.events.customerChanged(a.customer.id, 'address');
    await waitFor(() => followA.received.length === 1 && followB.received.length === 1);
    await new Promise((r) => setTimeout(r, 200));

    expect(followA.received).toEqual([
      {
        customerChanged: { reason: 'address', customer: { id: a.customer.id, first_name: 'Amal' } },
      },
    ]);
    expect(followB.received).toEqual([
      { customerChanged: { reason: 'profile', customer: { id: b.customer.id, first_name: 'Bo' } } },
    ]);
    followA.unsubscribe();
    followB.unsubscribe();
  });

  it('answers invalid-jwt to a subscription without a valid access token', async () => {
    const noToken = follow(connect(undefined));
    const badToken = follow(connect('not-a-token'));
    await waitFor(() => noToken.errors.length > 0 && badToken.errors.length > 0);
    for (const { errors, received } of [noToken, badToken]) {
      expect(received).toEqual([]);
      expect(JSON.stringify(errors)).toContain('invalid-jwt');
    }
  });
});
