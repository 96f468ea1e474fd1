import { describe, expect, it } from 'vitest';
import {
  GetFeatureFlagsDocument,
  GetProviderMessagesDocument,
  UpdatePhoneDocument,
} from '../../gql/graphql';
import { createGraphqlClient } from './graphql-client';

interface Sent {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

/** A data API that records each request and answers with `answer(request, index)`. */
function recordingClient(answer: (sent: Sent, index: number) => unknown) {
  const sent: Sent[] = [];
  const client = createGraphqlClient({
    fetch: (input, init) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const request: Sent = {
        method: init?.method ?? 'GET',
        url: input,
        authorization: headers.authorization,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      sent.push(request);
      return Promise.resolve(new Response(JSON.stringify(answer(request, sent.length - 1))));
    },
    getAccessToken: () => Promise.resolve('token-1'),
    refreshAccessToken: () => Promise.resolve('token-2'),
  });
  return { client, sent };
}

const persistedHash = (document: { __meta__?: Record<string, unknown> | undefined }) => {
  const hash = String(document.__meta__?.hash);
  expect(hash).toMatch(/^sha256:[0-9a-f]{64}$/);
  return hash;
};

// Issue 17: in production the data API takes only the web app's own operations, by hash.
// Issue 16: a query without variables is a GET of that hash, with no body.
describe('createGraphqlClient', () => {
  it('asks for a query without variables by GET of its persisted id, with no body', async () => {
    const { client, sent } = recordingClient(() => ({ data: { featureFlags: [] } }));
    expect(await client.request(GetFeatureFlagsDocument)).toEqual({ featureFlags: [] });
    const hash = persistedHash(GetFeatureFlagsDocument);
    expect(sent).toEqual([
      {
        method: 'GET',
        url: `/graphql?operationName=GetFeatureFlags&documentId=${encodeURIComponent(hash)}`,
        authorization: 'Bearer token-1',
        body: undefined,
      },
    ]);
  });

  it('posts an operation with variables, and every mutation, with the hash beside the text', async () => {
    const { client, sent } = recordingClient(() => ({ data: { ok: true } }));
    await client.request(GetProviderMessagesDocument, { customerId: 'c1' });
    await client.request(UpdatePhoneDocument, { customerId: 'c1', phone: '5555550100' });
    expect(sent.map((s) => [s.method, s.url])).toEqual([
      ['POST', '/graphql'],
      ['POST', '/graphql'],
    ]);
    expect(sent[0]?.body).toEqual({
      query: GetProviderMessagesDocument.toString(),
      variables: { customerId: 'c1' },
      extensions: {
        persistedQuery: {
          version: 1,
          sha256Hash: persistedHash(GetProviderMessagesDocument).slice(7),
        },
      },
    });
    expect(sent[1]?.body).toMatchObject({
      query: UpdatePhoneDocument.toString(),
      variables: { customerId: 'c1', phone: '5555550100' },
    });
  });

  it('sends the text by POST when the server does not know the id (a server older than the page)', async () => {
    const { client, sent } = recordingClient((request) =>
      request.method === 'GET'
        ? {
            data: null,
            errors: [
              { message: 'GET takes only…', extensions: { code: 'PERSISTED_QUERY_REQUIRED' } },
            ],
          }
        : { data: { featureFlags: [{ name: 'x', enabled: true }] } },
    );
    expect(await client.request(GetFeatureFlagsDocument)).toEqual({
      featureFlags: [{ name: 'x', enabled: true }],
    });
    expect(sent.map((s) => s.method)).toEqual(['GET', 'POST']);
    expect(sent[1]?.body).toMatchObject({ query: GetFeatureFlagsDocument.toString() });
  });

  it('refreshes the token once on jwtExpired and asks again the same way', async () => {
    const { client, sent } = recordingClient((_request, index) =>
      index === 0
        ? { data: null, errors: [{ message: 'expired', extensions: { code: 'jwtExpired' } }] }
        : { data: { featureFlags: [] } },
    );
    await client.request(GetFeatureFlagsDocument);
    expect(sent.map((s) => [s.method, s.authorization])).toEqual([
      ['GET', 'Bearer token-1'],
      ['GET', 'Bearer token-2'],
    ]);
  });
});
