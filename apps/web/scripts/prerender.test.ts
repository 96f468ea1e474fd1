import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

// Issue 46: the build step itself (a Node process through Vite's SSR loader, as `npm run build`
// runs it), on a stand-in for the build's index.html.
const run = promisify(execFile);
const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = createRequire(import.meta.url).resolve('tsx/cli');
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta property="csp-nonce" nonce="__CSP_NONCE__">
    <script type="module" crossorigin src="/assets/index-1a2b.js" nonce="__CSP_NONCE__"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let outDir: string | undefined;
afterEach(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
  outDir = undefined;
});

async function prerender(index: string): Promise<string> {
  outDir = mkdtempSync(path.join(os.tmpdir(), 'portal-prerender-'));
  writeFileSync(path.join(outDir, 'index.html'), index);
  await run(process.execPath, [tsx, 'scripts/prerender.ts'], {
    cwd: webDir,
    env: { ...process.env, PORTAL_WEB_OUT_DIR: outDir },
  });
  return readFileSync(path.join(outDir, 'sign-in.html'), 'utf8');
}

describe('scripts/prerender.ts: sign-in.html (issue 46)', () => {
  it('holds the sign-in page and the CSS of every class it uses, every tag with the nonce', async () => {
    const doc = new DOMParser().parseFromString(await prerender(INDEX), 'text/html');
    const root = doc.getElementById('root');
    expect(root?.getAttribute('data-prerendered')).toBe(String(new Date().getFullYear()));
    // The page itself: the form, its fields and button, the footer's notice (the LCP element).
    const form = root?.querySelector('form');
    expect(form?.querySelector('input[name="email"][type="email"]')).not.toBeNull();
    expect(form?.querySelector('input[name="password"][type="password"]')).not.toBeNull();
    expect(form?.querySelector('button[type="submit"]')?.textContent).toBe('Log in');
    expect(root?.querySelector('h1')?.textContent).toBe('Sign in');
    // Before the app runs, the head script adds the typed email to these two (e2e:
    // sign-in-early.spec.ts); the Log in button stays disabled, so Enter submits nothing.
    const carrying = [...(root?.querySelectorAll('a[data-carries-email]') ?? [])];
    expect(carrying.map((a) => a.getAttribute('href'))).toEqual(['/forgot-password', '/sign-up']);
    expect(form?.querySelector('button[type="submit"]')?.hasAttribute('disabled')).toBe(true);
    expect(root?.querySelector('footer')?.textContent).toContain('emergency');
    // The server writes the deployment's links where the placeholders are.
    expect(root?.querySelector('footer a[target="_blank"]')?.getAttribute('href')).toMatch(
      /^__PORTAL_LINK_\w+__$/,
    );

    // Critical CSS: Emotion's tags in <head>, in the form the client's cache (key css) adopts.
    const styles = [...doc.head.querySelectorAll('style[data-emotion]')];
    const css = styles.map((style) => style.textContent).join('\n');
    expect(css).toMatch(/body\{[^}]*margin:0/);
    const used = new Set(
      [...(root?.querySelectorAll('[class]') ?? [])].flatMap((el) =>
        // css-0: Emotion's class for no styles at all.
        [...el.classList].filter((name) => /^css-[a-z0-9]+/.test(name) && name !== 'css-0'),
      ),
    );
    expect(used.size).toBeGreaterThan(20);
    const missing = [...used].filter((name) => !css.includes(`.${name}`));
    expect(missing).toEqual([]);

    // CSP: every inline style and script carries the nonce placeholder; no style attribute.
    for (const tag of doc.querySelectorAll('style, script')) {
      expect(tag.getAttribute('nonce'), tag.outerHTML.slice(0, 80)).toBe('__CSP_NONCE__');
    }
    expect(root?.querySelector('[style]')).toBeNull();
    // The scripts load once the page is painted: no script tag of their own.
    expect(doc.querySelector('script[src], link[rel="modulepreload"]')).toBeNull();
    expect(doc.querySelector('script[type="module"]')?.textContent).toContain(
      'import("/assets/index-1a2b.js")',
    );
    // The guard that hides the page from a browser whose first render differs.
    expect(doc.head.querySelector('script:not([src])')?.textContent).toContain('portal.session');
  }, 90_000);

  it('fails the build when index.html has no empty #root to fill', async () => {
    await expect(prerender(INDEX.replace('<div id="root"></div>', ''))).rejects.toThrow(
      /no empty #root/,
    );
  }, 90_000);
});
