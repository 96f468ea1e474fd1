import { describe, expect, it } from 'vitest';
import { GetFeatureFlagsDocument } from '../../gql/graphql';
import { createGraphqlClient } from './graphql-client';

// Issue 17: in production the data API takes only the web app's own operations, by hash.
describe('createGraphqlClient', () => {
  it('sends each operation with its persisted hash beside the text', async () => {
    const bodies: unknown[] = [];
    const client = createGraphqlClient({
      fetch: (_input, init) => {
        bodies.push(JSON.parse(init?.body as string));
        return Promise.resolve(new Response(JSON.stringify({ data: { featureFlags: [] } })));
      },
      getAccessToken: () => Promise.resolve('token'),
      refreshAccessToken: () => Promise.resolve('token'),
    });
    await client.request(GetFeatureFlagsDocument);
    const hash = String(GetFeatureFlagsDocument.__meta__?.hash);
    expect(hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(bodies).toEqual([
      {
        query: GetFeatureFlagsDocument.toString(),
        variables: {},
        extensions: { persistedQuery: { version: 1, sha256Hash: hash.slice(7) } },
      },
    ]);
  });
});
