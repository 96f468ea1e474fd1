import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Portal</title>');
  writeFileSync(
    path.join(dist, 'assets', 'app-3f9a.js'),
    `console.info(${JSON.stringify('x'.repeat(4000))});`,
  );
  server = await startTestServer({}, { webDist: dist });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('serves index.html for app routes, never cached', async () => {
    for (const route of ['/', '/appointments', '/messages/42?x=1']) {
      const res = await fetch(`${server.url}${route}`);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      // Each answer carries its own CSP nonce: never stored.
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).toContain('<title>Portal</title>');
    }
  });

  it('serves hashed assets compressed and cached for good', async () => {
    const res = await fetch(`${server.url}/assets/app-3f9a.js`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toContain('console.info');
  });

  it('answers unknown API paths and missing files with a JSON 404, not the app', async () => {
    for (const route of [
      '/identity/nothing',
      '/staff/nothing',
      '/gateway/nothing',
      '/gateway/sandbox/nothing',
      '/assets/missing.js',
    ]) {
      const res = await fetch(`${server.url}${route}`);
      expect(res.status, route).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toMatchObject({ error: { code: 'not-found' } });
    }
  });

  it('sends the security headers (CSP without inline scripts, no framing)', async () => {
    const res = await fetch(`${server.url}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    await res.arrayBuffer();
  });
});
