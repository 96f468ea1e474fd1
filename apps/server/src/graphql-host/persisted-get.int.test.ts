import { RequestCache } from '@pothos/plugin-scope-auth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCustomer, TEST_PASSWORD } from '../../test/factories';
import { exchangeToken, postJson, startTestServer, type TestServer } from '../../test/harness';
import { loadPersistedDocuments } from './persisted';

// Issue 16: the web app's queries without variables come by GET of their persisted id and are
// run by persisted-get.ts, not by Mercurius's handler. Their answers must be Mercurius's.

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  const { user } = await createCustomer(server.database.db);
  const signIn = await postJson<{ idToken: string }>(server, '/identity/sign-in', {
    email: user.email,
    password: TEST_PASSWORD,
  });
  token = (await exchangeToken(server, signIn.body.idToken)).body.access_token ?? '';
});
afterAll(async () => {
  await server.close();
});

/** The web app's queries that declare no variables: the ones it asks for by GET. */
const variableFree = [...loadPersistedDocuments()].flatMap(([id, text]) => {
  const operation = /(?:^|\})\s*query\s+(\w+)\s*[{@]/.exec(text);
  return operation?.[1] ? [{ id, name: operation[1], text }] : [];
});

async function both(name: string, id: string, text: string, authorization?: string) {
  const headers: Record<string, string> = authorization ? { authorization } : {};
  const params = new URLSearchParams({ operationName: name, documentId: id });
  const viaGet = await fetch(`${server.url}/graphql?${params.toString()}`, { headers });
  const viaPost = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ query: text, operationName: name }),
  });
  return {
    get: {
      status: viaGet.status,
      type: viaGet.headers.get('content-type'),
      body: await viaGet.json(),
    },
    post: {
      status: viaPost.status,
      type: viaPost.headers.get('content-type'),
      body: await viaPost.json(),
    },
  };
}

describe('queries without variables by GET (persisted-get.ts)', () => {
  it('covers the web app’s own such queries, GetCustomerData among them', () => {
    expect(variableFree.map((q) => q.name)).toEqual(
      expect.arrayContaining(['GetCustomerData', 'GetFeatureFlags', 'GetCustomerNotifications']),
    );
  });

  it('answers each of them exactly as Mercurius answers the same query by POST', async () => {
    for (const { id, name, text } of variableFree) {
      const { get, post } = await both(name, id, text, `Bearer ${token}`);
      expect({ name, ...get }).toEqual({ name, ...post });
      expect(get.status).toBe(200);
    }
  });

  it('answers the same errors without a token', async () => {
    const customerData = variableFree.find((q) => q.name === 'GetCustomerData');
    expect(customerData).toBeDefined();
    if (!customerData) return;
    const { get, post } = await both(customerData.name, customerData.id, customerData.text);
    expect(get).toEqual(post);
    expect(JSON.stringify(get.body)).toContain('invalid-jwt');
  });

  it('leaves another operation name to Mercurius, which refuses it', async () => {
    const flags = variableFree.find((q) => q.name === 'GetFeatureFlags');
    const params = new URLSearchParams({ operationName: 'Other', documentId: flags?.id ?? '' });
    const res = await fetch(`${server.url}/graphql?${params.toString()}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { data?: unknown; errors?: unknown[] };
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.length).toBeGreaterThan(0);
  });
});

describe('scope-auth memory per operation (graphql/builder.ts: releaseOperationCaches)', () => {
  it('is forgotten when the operation is done, by GET and by POST', async () => {
    // GetFeatureFlags: its fields have no SQL plans, so its GET runs through graphql-jit.
    const flags = variableFree.find((q) => q.name === 'GetFeatureFlags');
    if (!flags) throw new Error('no GetFeatureFlags among the persisted documents');
    const cleared = vi.spyOn(RequestCache, 'clearForContext');
    const built = vi.spyOn(RequestCache, 'fromContext');
    try {
      const { get, post } = await both(flags.name, flags.id, flags.text, `Bearer ${token}`);
      expect([get.status, post.status]).toEqual([200, 200]);
      // Each operation's context had a cache built (the customer scope) and then dropped.
      const withCache = new Set(built.mock.calls.map(([context]) => context));
      const dropped = new Set(cleared.mock.calls.map(([context]) => context));
      expect(withCache.size).toBe(2);
      expect([...withCache].every((context) => dropped.has(context))).toBe(true);
    } finally {
      cleared.mockRestore();
      built.mockRestore();
    }
  });
});
