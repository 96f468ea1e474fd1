import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CSP_NONCE_PLACEHOLDER } from '../app';
import { documentHash, loadPersistedDocuments } from '../graphql-host/persisted';
import { createCustomer, TEST_PASSWORD } from '../../test/factories';
import { exchangeToken, postJson, startTestServer, type TestServer } from '../../test/harness';
import { productionEnv } from '../../test/production-env';

async function accessToken(target: TestServer): Promise<string> {
  const { user } = await createCustomer(target.database.db);
  const signIn = await postJson<{ idToken: string }>(target, '/identity/sign-in', {
    email: user.email,
    password: TEST_PASSWORD,
  });
  return (await exchangeToken(target, signIn.body.idToken)).body.access_token ?? '';
}

// Issue 17, "Transport and headers" and request ids.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const webDist = mkdtempSync(path.join(os.tmpdir(), 'portal-csp-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}" />` +
    `<script type="module" nonce="${CSP_NONCE_PLACEHOLDER}" src="/assets/app.js"></script></head>` +
    '<body><div id="root"></div></body></html>',
);

/** The web app's own operations, as codegen wrote them; one of them for the persisted checks. */
const documents = loadPersistedDocuments();
const [persistedId, persistedQuery] = [...documents.entries()].find(([, q]) =>
  q.startsWith('query GetFeatureFlags'),
) ?? ['', ''];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, { webDist });
});
afterAll(async () => {
  await server.close();
});

function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

describe('request ids', () => {
  it('are the server’s own; a client X-Request-Id is not taken as the request id', async () => {
    const first = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'mine-1' } });
    const second = await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'mine-1' } });
    const id = first.headers.get('x-request-id') ?? '';
    expect(id).toMatch(UUID);
    expect(second.headers.get('x-request-id')).not.toBe(id);
  });

  it('keeps a well-formed client id as the correlation field only, and drops a malformed one', async () => {
    const kept = await fetch(`${server.url}/version.json`, {
      headers: { 'x-request-id': 'trace-abc.123' },
    });
    expect(kept.headers.get('x-correlation-id')).toBe('trace-abc.123');
    expect(kept.headers.get('x-request-id')).toMatch(UUID);
    const dropped = await fetch(`${server.url}/version.json`, {
      headers: { 'x-request-id': 'a b <script>' },
    });
    expect(dropped.headers.get('x-correlation-id')).toBeNull();
    expect(dropped.headers.get('x-request-id')).toMatch(UUID);
  });
});

describe('/dev/mailbox', () => {
  it('answers the machine itself and nobody else, whatever a proxy header says', async () => {
    const local = await server.app.inject({ url: '/dev/mailbox', remoteAddress: '127.0.0.1' });
    expect(local.statusCode).toBe(200);
    for (const url of ['/dev/mailbox', '/dev/mailbox.json']) {
      const remote = await server.app.inject({
        url,
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(remote.statusCode).toBe(404);
      expect(remote.body).not.toContain('oobCode');
    }
  });
});

describe('Cache-Control on answers that carry tokens or health data', () => {
  it('is no-store on sign-in, the token exchange and the data API', async () => {
    const signIn = await postJson(server, '/identity/sign-in', {
      email: 'nobody@example.com',
      password: 'Wrong123',
    });
    expect(signIn.headers.get('cache-control')).toBe('no-store');
    const token = await fetch(`${server.url}/connect/token`, { method: 'POST' });
    expect(token.headers.get('cache-control')).toBe('no-store');
    const data = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ customer { id } }' }),
    });
    expect(data.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GraphQL over GET', () => {
  it('is refused for a query in the URL', async () => {
    const res = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ __typename }')}`);
    expect(res.status).toBe(405);
    const body = (await res.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors[0]?.extensions.code).toBe('PERSISTED_QUERY_REQUIRED');
  });

  it('takes a persisted operation by its id', async () => {
    expect(persistedId).toMatch(/^sha256:/);
    const res = await fetch(`${server.url}/graphql?documentId=${encodeURIComponent(persistedId)}`, {
      headers: { authorization: `Bearer ${await accessToken(server)}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data?: { featureFlags?: unknown } };
    expect(body.data?.featureFlags).toBeDefined();
  });
});

describe('the websocket handshake', () => {
  function open(origin: string | undefined): Promise<number | 'open'> {
    return new Promise((resolve) => {
      const socket = new WebSocket(
        `${server.url.replace('http', 'ws')}/graphql`,
        'graphql-transport-ws',
        {
          ...(origin ? { origin } : {}),
        },
      );
      socket.once('open', () => {
        socket.close();
        resolve('open');
      });
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
      socket.once('error', () => resolve(0));
    });
  }

  it('refuses another origin and takes the portal’s own (PUBLIC_URL)', async () => {
    expect(await open('http://evil.example')).toBe(403);
    expect(await open('http://portal.test')).toBe('open');
  });

  it('takes the request’s own origin (a page opened at 127.0.0.1), and no neighbour of it', async () => {
    // The socket is at server.url (http://127.0.0.1:<port>), not at PUBLIC_URL's host.
    const { port } = new URL(server.url);
    expect(await open(server.url)).toBe('open');
    expect(await open(`http://127.0.0.1:${Number(port) + 1}`)).toBe(403);
    expect(await open(`https://127.0.0.1:${port}`)).toBe(403);
    expect(await open(`http://localhost:${port}`)).toBe(403);
    expect(await open('null')).toBe(403);
  });
});

describe('the page and its Content-Security-Policy', () => {
  it('puts a fresh nonce in index.html and the policy, with no unsafe-inline styles', async () => {
    const pages = await Promise.all([fetch(`${server.url}/`), fetch(`${server.url}/billing`)]);
    const nonces: string[] = [];
    for (const page of pages) {
      const html = await page.text();
      const csp = directives(page.headers.get('content-security-policy'));
      const nonce = /nonce="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(nonce).not.toBe(CSP_NONCE_PLACEHOLDER);
      expect(nonce.length).toBeGreaterThan(16);
      expect(csp.get('style-src')).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(csp.get('script-src')).toContain(`'nonce-${nonce}'`);
      expect(csp.get('base-uri')).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('connect-src')).toEqual(["'self'", 'ws://portal.test']);
      expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
      expect(page.headers.get('cache-control')).toBe('no-store');
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    const raw = await fetch(`${server.url}/index.html`);
    expect(await raw.text()).not.toContain(CSP_NONCE_PLACEHOLDER);
  });
});

describe('the maps origins in the policy (issue 14: places suggestions on billing and shipping)', () => {
  const MAPS_ORIGINS = ['https://maps.googleapis.com', 'https://maps.gstatic.com'];
  let withMaps: TestServer;
  beforeAll(async () => {
    withMaps = await startTestServer({ MAPS_API_KEY: 'test-maps-key' }, { webDist });
  });
  afterAll(async () => {
    await withMaps.close();
  });

  const policyOf = async (target: TestServer) => {
    const page = await fetch(`${target.url}/billing`);
    await page.text();
    return directives(page.headers.get('content-security-policy'));
  };

  it('names no maps origin in any directive, and serves no key, when MAPS_API_KEY is unset', async () => {
    const csp = await policyOf(server);
    expect(csp.size).toBeGreaterThan(0);
    for (const [, values] of csp) {
      for (const origin of MAPS_ORIGINS) expect(values).not.toContain(origin);
    }
    const config = (await (await fetch(`${server.url}/config.json`)).json()) as {
      mapsApiKey: string | null;
    };
    expect(config.mapsApiKey).toBeNull();
  });

  it('lets the script, its tiles and its requests through when MAPS_API_KEY is set', async () => {
    const csp = await policyOf(withMaps);
    expect(csp.get('script-src')).toContain('https://maps.googleapis.com');
    expect(csp.get('connect-src')).toContain('https://maps.googleapis.com');
    expect(csp.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://maps.googleapis.com',
      'https://maps.gstatic.com',
    ]);
    // Only where the places library needs it: not as a style, frame or form target.
    for (const name of ['style-src', 'frame-src', 'form-action', 'default-src']) {
      for (const origin of MAPS_ORIGINS) expect(csp.get(name) ?? []).not.toContain(origin);
    }
    const config = (await (await fetch(`${withMaps.url}/config.json`)).json()) as {
      mapsApiKey: string | null;
    };
    expect(config.mapsApiKey).toBe('test-maps-key');
  });
});

describe('persisted operations in production', () => {
  let production: TestServer;
  beforeAll(async () => {
    // Everything a production start requires (test/production-env.ts); nothing here pays.
    production = await startTestServer(productionEnv());
  });
  afterAll(async () => {
    await production.close();
  });

  const post = async (body: unknown) =>
    fetch(`${production.url}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${await accessToken(production)}`,
      },
      body: JSON.stringify(body),
    });

  it('refuses any other operation with a clear error', async () => {
    const res = await post({ query: '{ featureFlags { name } }' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      errors: { message: string; extensions: { code: string } }[];
    };
    expect(body.errors[0]?.extensions.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(body.errors[0]?.message).toMatch(/own operations/);
    expect((await post({ documentId: 'sha256:0000' })).status).toBe(400);
  });

  it('takes the web app’s own operations, by their text’s hash or by id', async () => {
    expect(documentHash(persistedQuery)).toBe(persistedId);
    // As the web app sends it: its own formatting of the text, and the hash beside it.
    const webForm = {
      query: `\n    ${persistedQuery}\n    `,
      extensions: { persistedQuery: { version: 1, sha256Hash: persistedId.slice(7) } },
    };
    for (const body of [{ query: persistedQuery }, { documentId: persistedId }, webForm]) {
      const res = await post(body);
      expect(res.status).toBe(200);
      const json = (await res.json()) as { data?: { featureFlags?: unknown } };
      expect(json.data?.featureFlags).toBeDefined();
    }
  });

  // Issue 16: the web app asks for a query without variables by GET of its id, no body.
  it('takes a query by GET of its id as the web app sends it, with no-store', async () => {
    const params = new URLSearchParams({
      operationName: 'GetFeatureFlags',
      documentId: persistedId,
    });
    const res = await fetch(`${production.url}/graphql?${params.toString()}`, {
      headers: { authorization: `Bearer ${await accessToken(production)}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const json = (await res.json()) as { data?: { featureFlags?: unknown } };
    expect(json.data?.featureFlags).toBeDefined();
  });

  it('refuses a mutation by GET, even one of the web app’s own', async () => {
    const [mutationId] = [...documents.entries()].find(([, q]) => /^\s*mutation\b/.test(q)) ?? [];
    expect(mutationId).toMatch(/^sha256:/);
    const res = await fetch(
      `${production.url}/graphql?documentId=${encodeURIComponent(String(mutationId))}`,
      { headers: { authorization: `Bearer ${await accessToken(production)}` } },
    );
    expect(res.status).toBe(405);
    const body = (await res.json()) as {
      data: unknown;
      errors: { extensions: { code: string } }[];
    };
    expect(body.data).toBeNull();
    expect(body.errors[0]?.extensions.code).toBe('METHOD_NOT_ALLOWED');
  });
});

// img-src, "limited to the portal and the file store": documents are never loaded from the
// store's own origin. With S3 (S3_BUCKET, S3_ENDPOINT) the server reads the object and answers
// it at /files/download on the portal's origin (modules/files/routes.ts,
// platform/document-store.ts), so the store is the portal's origin and img-src holds 'self',
// data: and blob: (previews), plus the maps images when the maps key is set.
describe('img-src with documents in an S3-compatible store', () => {
  let s3: TestServer;
  beforeAll(async () => {
    s3 = await startTestServer(
      {
        S3_BUCKET: 'portal-documents',
        S3_ENDPOINT: 'https://objects.storage.example',
        S3_ACCESS_KEY_ID: 'test-access-key',
        S3_SECRET_ACCESS_KEY: 'test-secret-key',
        MAPS_API_KEY: 'test-maps-key',
      },
      { webDist },
    );
  });
  afterAll(async () => {
    await s3.close();
  });

  it('holds the portal (which serves the files) and the maps images, not the store’s origin', async () => {
    for (const route of ['/', '/graphql', '/identity/sign-in']) {
      const res = await fetch(`${s3.url}${route}`);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('img-src'), route).toEqual([
        "'self'",
        'data:',
        'blob:',
        'https://maps.googleapis.com',
        'https://maps.gstatic.com',
      ]);
      expect(res.headers.get('content-security-policy'), route).not.toContain('storage.example');
    }
  });
});
