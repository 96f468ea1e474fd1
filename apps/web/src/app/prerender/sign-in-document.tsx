import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { DEFAULT_LANGUAGE, LANGUAGES, PLACEHOLDER_EXTERNAL_LINKS } from '@portal/domain';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { createAppI18n } from '../../lib/i18n-app';
import { setExternalLinks, type ExternalLinks } from '../../lib/links';
import { STORAGE_KEYS } from '../../lib/session/storage-keys';
import { App } from '../app';
import { AppRoutes } from '../routes';
import { createAppServices } from '../services';
import { CARRIES_EMAIL_ATTRIBUTE } from '../../features/auth/carries-email';
import { PRERENDERED_ATTRIBUTE, PRERENDER_SKIP_ATTRIBUTE } from './prerender-fit';

// Issue 46: the sign-in page (`/`, signed out) as HTML with its critical CSS, rendered at build
// time (scripts/prerender.ts, through Vite's SSR loader: the app's own modules and aliases),
// so its first paint needs no JavaScript; main.tsx hydrates it. Only in Node, never in the app.

/** What index.html's placeholder is replaced with per response (apps/server: the CSP nonce). */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** Where the server writes each external link (LINK_*_URL) into sign-in.html. */
export const linkPlaceholder = (key: string) => `__PORTAL_LINK_${key}__`;

class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

/**
 * The browser the page is rendered for, as far as rendering reads it: no stored session, no
 * flag overrides, passkeys supported (every current browser in a secure context). Emotion and
 * React see no `document`, so they render as on a server.
 */
function installBrowserStandIn(): () => void {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'window');
  const standIn = {
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
    PublicKeyCredential: function PublicKeyCredential() {},
  };
  Object.defineProperty(globalThis, 'window', { value: standIn, configurable: true });
  return () => {
    if (saved) Object.defineProperty(globalThis, 'window', saved);
    else delete (globalThis as { window?: unknown }).window;
  };
}

/**
 * Runs before the first paint of sign-in.html: hides the build's markup from a browser whose
 * first render would differ (a stored session: its owner sees home, not sign-in; a customer
 * who chose, or whose browser prefers, a language other than English; no passkeys; another
 * year in the footer). main.tsx then renders afresh, as it does on index.html.
 */
function guardScript(year: number): string {
  const skip = `document.documentElement.setAttribute(${JSON.stringify(PRERENDER_SKIP_ATTRIBUTE)},"")`;
  // i18n-app's browserLanguage: the first of the browser's languages the portal has.
  const languages = JSON.stringify(LANGUAGES);
  return (
    `try{var k=${languages},s=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.session)}),` +
    `c=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.language)}),b=null,` +
    `n=navigator.languages&&navigator.languages.length?navigator.languages:[navigator.language];` +
    `for(var i=0;i<n.length&&!b;i++){var t=String(n[i]).trim().toLowerCase().split(/[-_]/)[0];` +
    `if(k.indexOf(t)>=0)b=t}` +
    `if(s||(c&&c!==${JSON.stringify(DEFAULT_LANGUAGE)})||(b&&b!==${JSON.stringify(DEFAULT_LANGUAGE)})` +
    `||typeof PublicKeyCredential!=="function"||new Date().getFullYear()!==${year})${skip}` +
    `}catch(e){${skip}}`
  );
}

/**
 * Also in sign-in.html's head: until main.tsx takes the page over (it removes #root's
 * PRERENDERED_ATTRIBUTE then), a click on a link that carries the typed email (forgot password,
 * create account) adds it to the link first, as the app's own link would: on a slow phone the
 * scripts can still be loading when a visitor types and follows one. A submit does nothing in
 * that time: the form is the app's, and its Log in button is disabled until the app runs.
 */
function earlyLinksScript(): string {
  const root = `document.getElementById("root")`;
  return (
    `document.addEventListener("click",function(e){var r=${root},` +
    `a=e.target&&e.target.closest?e.target.closest("a[${CARRIES_EMAIL_ATTRIBUTE}]"):null;` +
    `if(!a||!r||!r.hasAttribute(${JSON.stringify(PRERENDERED_ATTRIBUTE)})||!r.contains(a))return;` +
    `var f=r.querySelector('input[name="email"]'),v=f?f.value.trim():"";` +
    `if(v){var u=new URL(a.href);u.searchParams.set("email",v);a.href=u.href}},true);`
  );
}

async function renderToText(element: React.ReactNode): Promise<string> {
  // Never outline a boundary (React writes a large one out of place, with a script to move it).
  const { prelude } = await prerender(element, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}

/** The sign-in page's markup and the style tags of the CSS it uses. */
export async function renderSignInPage(): Promise<{ html: string; styles: string }> {
  const restore = installBrowserStandIn();
  const links = Object.fromEntries(
    Object.keys(PLACEHOLDER_EXTERNAL_LINKS).map((key) => [key, linkPlaceholder(key)]),
  ) as unknown as ExternalLinks;
  try {
    setExternalLinks(links);
    const services = createAppServices({
      fetch: () => Promise.reject(new Error('no network while pre-rendering')),
      locks: { request: () => Promise.reject(new Error('no locks while pre-rendering')) },
    });
    services.session.start({ restore: true });
    // The nonce placeholder, as main.tsx's cache carries the response's nonce.
    const cache = createCache({ key: 'css', nonce: CSP_NONCE_PLACEHOLDER });
    // Before rendering: it switches the cache to collecting styles instead of writing <style>
    // tags into the markup.
    const emotion = createEmotionServer(cache);
    const html = await renderToText(
      <StrictMode>
        <CacheProvider value={cache}>
          <App services={services} i18n={createAppI18n()}>
            <StaticRouter location="/">
              <AppRoutes />
            </StaticRouter>
          </App>
        </CacheProvider>
      </StrictMode>,
    );
    const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
    return { html, styles };
  } finally {
    setExternalLinks(PLACEHOLDER_EXTERNAL_LINKS);
    restore();
  }
}

/**
 * The page is on screen without its scripts, so they load once it is painted: the HTML, its
 * stylesheet and fonts have the connection to themselves until then, and the scripts (the
 * entry and the files it imports, as Vite's modulepreload links named them) follow at once.
 */
function scriptsAfterFirstPaint(indexHtml: string): string {
  const entryTag = /\s*<script type="module" crossorigin src="([^"]+)"[^>]*><\/script>/;
  const preloadTag = /\s*<link rel="modulepreload" crossorigin href="([^"]+)"[^>]*>/g;
  const entry = entryTag.exec(indexHtml)?.[1];
  if (!entry) throw new Error("index.html has no module script (Vite's entry)");
  const preloads = [...indexHtml.matchAll(preloadTag)].map((match) => match[1]);
  const load = [
    `var d=false,p=${JSON.stringify(preloads)};`,
    'function l(){if(d)return;d=true;p.forEach(function(h){var k=document.createElement("link");',
    'k.rel="modulepreload";k.crossOrigin="";k.href=h;document.head.append(k)});',
    `import(${JSON.stringify(entry)})}`,
    // A frame, then the task after it: the page has been painted. A tab opened in the
    // background paints no frame until shown: the timer loads the scripts there.
    'requestAnimationFrame(function(){setTimeout(l)});setTimeout(l,1000);',
  ].join('');
  return indexHtml
    .replace(preloadTag, '')
    .replace(
      entryTag,
      `\n    <script type="module" nonce="${CSP_NONCE_PLACEHOLDER}">${load}</script>`,
    );
}

/** index.html (the build's) with the sign-in page in #root and its CSS and guard in <head>. */
export async function renderSignInDocument(indexHtml: string, year: number): Promise<string> {
  const { html, styles } = await renderSignInPage();
  if (!html.includes('<form')) throw new Error('the pre-rendered page has no sign-in form');
  if (html.includes('<template') || html.includes('<script')) {
    throw new Error('the pre-rendered page still waits for something (a Suspense boundary)');
  }
  // CSP: style-src takes no inline style attribute; React sets them through the DOM instead.
  if (/<[^>]+\sstyle="/.test(html)) {
    throw new Error('the pre-rendered page has a style attribute, which the CSP would block');
  }
  const root = '<div id="root"></div>';
  const charset = '<meta charset="UTF-8" />';
  if (!indexHtml.includes(root) || !indexHtml.includes(charset) || !indexHtml.includes('</head>')) {
    throw new Error('index.html has no empty #root, or no charset or </head>');
  }
  const nonce = `nonce="${CSP_NONCE_PLACEHOLDER}"`;
  // Early in <head> (after the charset): a script after a stylesheet waits for it, and the
  // parser with it.
  const guard = `<script ${nonce}>${guardScript(year)}${earlyLinksScript()}</script>`;
  const head = [
    `<style ${nonce}>html[${PRERENDER_SKIP_ATTRIBUTE}] #root[${PRERENDERED_ATTRIBUTE}]{display:none}</style>`,
    styles,
  ].join('\n    ');
  return scriptsAfterFirstPaint(indexHtml)
    .replace(charset, `${charset}\n    ${guard}`)
    .replace('</head>', `  ${head}\n  </head>`)
    .replace(root, `<div id="root" ${PRERENDERED_ATTRIBUTE}="${year}">${html}</div>`);
}
