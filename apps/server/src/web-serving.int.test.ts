import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'portal-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Portal</title>');
  // The build's pre-rendered sign-in page (apps/web/scripts/prerender.ts, issue 46).
  writeFileSync(
    path.join(dist, 'sign-in.html'),
    '<!doctype html><title>Sign in</title><style nonce="__CSP_NONCE__"></style>' +
      '<a href="__PORTAL_LINK_terms__">Terms</a><a href="__PORTAL_LINK_unknown__">?</a>',
  );
  writeFileSync(
    path.join(dist, 'assets', 'app-3f9a.js'),
    `console.info(${JSON.stringify('x'.repeat(4000))});`,
  );
  // A built asset with the build's precompressed copies beside it (apps/web/scripts/precompress.ts);
  // each copy says which file it came from, so the test sees which one was sent.
  const built = (from: string) => `console.info(${JSON.stringify(from + 'y'.repeat(4000))});`;
  writeFileSync(path.join(dist, 'assets', 'home-7c1e.js'), built('plain'));
  writeFileSync(path.join(dist, 'assets', 'home-7c1e.js.br'), brotliCompressSync(built('br')));
  writeFileSync(path.join(dist, 'assets', 'home-7c1e.js.gz'), gzipSync(built('gz')));
  server = await startTestServer({}, { webDist: dist });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the built web app', () => {
  it('serves index.html for app routes, never cached', async () => {
    for (const route of ['/?returnTo=%2Fweight', '/appointments', '/messages/42?x=1']) {
      const res = await fetch(`${server.url}${route}`);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      // Each answer carries its own CSP nonce: never stored.
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.text()).toContain('<title>Portal</title>');
    }
  });

  it("answers / with the pre-rendered sign-in page: this server's links and nonce in it", async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('<title>Sign in</title>');
    // The test server's links are the development placeholders.
    expect(html).toContain('<a href="https://example.com/terms">Terms</a>');
    // A key this server does not know stays a placeholder: the web app then renders afresh.
    expect(html).toContain('__PORTAL_LINK_unknown__');
    const nonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<style nonce="${nonce}">`);
    // The file itself is not served as it is (no nonce, no links).
    expect((await fetch(`${server.url}/sign-in.html`)).status).toBe(404);
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

  it("sends the build's precompressed copy the browser accepts, as the asset's own type", async () => {
    for (const [accept, encoding, from] of [
      ['br, gzip, zstd', 'br', 'br'],
      ['gzip', 'gzip', 'gz'],
    ] as const) {
      const res = await fetch(`${server.url}/assets/home-7c1e.js`, {
        headers: { 'accept-encoding': accept },
      });
      expect(res.status, accept).toBe(200);
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(res.headers.get('content-type'), accept).toContain('javascript');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
      expect(await res.text(), accept).toContain(`console.info("${from}yyy`);
    }
    const identity = await fetch(`${server.url}/assets/home-7c1e.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(await identity.text()).toContain('console.info("plainyyy');
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
