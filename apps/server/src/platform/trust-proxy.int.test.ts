import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness';

// Issue 40: with trustProxy on, a made-up X-Forwarded-For opened a fresh rate-limit counter on
// every request. TRUST_PROXY names the proxies whose header counts; by default none does.

/** The global limit's remaining count for one API request, sent with `forwardedFor`. */
async function remaining(server: TestServer, forwardedFor: string): Promise<number> {
  const res = await fetch(`${server.url}/.well-known/jwks.json`, {
    headers: { 'x-forwarded-for': forwardedFor },
  });
  expect(res.status).toBe(200);
  return Number(res.headers.get('x-ratelimit-remaining'));
}

describe('TRUST_PROXY and the rate-limit key', () => {
  let direct: TestServer;
  let proxied: TestServer;
  beforeAll(async () => {
    direct = await startTestServer();
    // The test client connects from loopback, so here loopback plays the proxy.
    proxied = await startTestServer({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  it('by default, a made-up X-Forwarded-For does not change the key: one counter', async () => {
    const first = await remaining(direct, '203.0.113.1');
    expect(await remaining(direct, '203.0.113.2')).toBe(first - 1);
    expect(await remaining(direct, '198.51.100.7, 203.0.113.3')).toBe(first - 2);
  });

  it('through a trusted proxy, the client address it forwards is the key', async () => {
    const first = await remaining(proxied, '203.0.113.1');
    // Another client behind the same proxy has a counter of its own…
    expect(await remaining(proxied, '203.0.113.2')).toBe(first);
    // …and the first client's counter goes on where it was.
    expect(await remaining(proxied, '203.0.113.1')).toBe(first - 1);
    // Only the proxy's own entry counts: an address the client prepended is not trusted.
    expect(await remaining(proxied, '198.51.100.7, 203.0.113.1')).toBe(first - 2);
  });
});
