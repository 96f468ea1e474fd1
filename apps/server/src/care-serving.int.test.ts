import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';

// The care console is the web build's second page (apps/web/care.html, issue 41). Both pages
// carry the build's nonce placeholder, so the test also sees each answer get its own nonce.
const PLACEHOLDER = '__CSP_NONCE__';
const page = (title: string) =>
  `<!doctype html><title>${title}</title><script nonce="${PLACEHOLDER}" type="module" src="/assets/x.js"></script>`;

let server: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'portal-dist-care-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), page('Portal'));
  writeFileSync(path.join(dist, 'care.html'), page('Care console'));
  server = await startTestServer({}, { webDist: dist });
});
afterAll(async () => {
  await server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('serving the care console', () => {
  it('answers /care and every path under it with care.html, with a nonce of its own', async () => {
    for (const route of ['/care', '/care/', '/care/queue', '/care/patients/42?tab=audit']) {
      const res = await fetch(`${server.url}${route}`);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('cache-control'), route).toBe('no-store');
      const html = await res.text();
      expect(html, route).toContain('<title>Care console</title>');
      expect(html, route).not.toContain(PLACEHOLDER);
      const nonce = /nonce="([^"]+)"/.exec(html)?.[1];
      expect(res.headers.get('content-security-policy'), route).toContain(`'nonce-${nonce}'`);
    }
  });

  it("keeps the customer's paths on index.html, /careers included", async () => {
    for (const route of ['/', '/home', '/careers', '/messages/care']) {
      const res = await fetch(`${server.url}${route}`);
      expect(res.status, route).toBe(200);
      expect(await res.text(), route).toContain('<title>Portal</title>');
    }
  });

  it('never sends care.html as a file, without its nonce', async () => {
    const res = await fetch(`${server.url}/care.html`);
    expect(res.status).toBe(404);
    await res.arrayBuffer();
  });
});
