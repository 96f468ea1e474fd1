import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { SignInPage } from './app/lazy-screens';
import { PRERENDERED_ATTRIBUTE, prerenderFits } from './app/prerender/prerender-fit';
import { AppRoutes } from './app/routes';
import { createAppServices } from './app/services';
import { installChunkReload } from './lib/chunk-reload';
import { installGlobalErrorReporting } from './lib/errors/report-error';
import { captureFlagOverrides } from './lib/flags/overrides';
import { ANONYMOUS_TARGETING_KEY } from './lib/flags/flag-store';
import { createAppI18n } from './lib/i18n-app';
import { setExternalLinks } from './lib/links';
import { validateWithoutEval } from './lib/zod-without-eval';

// Before any screen's chunk makes a zod schema (zod decides at construction whether to eval).
validateWithoutEval(globalThis);
installGlobalErrorReporting(window);
installChunkReload(window);
captureFlagOverrides(window.location.search, window.sessionStorage);

const services = createAppServices();
// /refresh must load no data: the stored session is not even read there.
services.session.start({ restore: window.location.pathname !== '/refresh' });
void services.flags.setContext(ANONYMOUS_TARGETING_KEY);

// The server's CSP takes no inline style without this response's nonce: Emotion's style tags
// carry it (the server writes it into index.html's csp-nonce meta tag).
const nonce =
  document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
const emotionCache = createCache({ key: 'css', ...(nonce ? { nonce } : {}) });

/**
 * The external links come from /config.json (issue 44): the first render waits for it (one
 * small fetch, started by index.html's preload beside the scripts, shared with the flags), so
 * no page shows a placeholder link first. A slow or failed answer holds the page no longer
 * than this; the placeholders stand in then.
 */
const CONFIG_WAIT_MS = 3000;
const configReady = Promise.race([
  services.config.load().then((config) => config.links && setExternalLinks(config.links)),
  new Promise<void>((resolve) => setTimeout(resolve, CONFIG_WAIT_MS)),
]).catch(() => undefined);

// The sign-in page's chunk is in flight from index.html (modulepreload): the first render
// waits for it too, so a signed-out visitor's first paint is the page, not a loader that React
// then holds for its 300 ms fallback throttle (issue 46: the sign-in page's LCP). A failure is
// left to the render, which loads it again (and reloads the page on a missing chunk).
const firstScreenReady = SignInPage.preload().catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
const app = (
  <StrictMode>
    <CacheProvider value={emotionCache}>
      <App services={services} i18n={createAppI18n()}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </App>
    </CacheProvider>
  </StrictMode>
);
void Promise.all([configReady, firstScreenReady]).then(() => {
  // Issue 46: `/` signed out comes as sign-in.html, the page already in #root (scripts/
  // prerender.ts): React takes it over as it is when this browser's first render is that page,
  // and otherwise (a stored session, another language, other links …) renders afresh.
  if (prerenderFits(root, { services, config: services.config.getSnapshot() })) {
    // The app has the page from here: sign-in.html's early-link script stands down.
    root.removeAttribute(PRERENDERED_ATTRIBUTE);
    // A transition here too: hydration in slices, not one long task (issue 46: TBT).
    startTransition(() => {
      hydrateRoot(root, app);
    });
    return;
  }
  root.replaceChildren();
  root.removeAttribute(PRERENDERED_ATTRIBUTE);
  // A transition: React renders the first page in slices and yields to the browser between
  // them, instead of one long task of every screen's first render (issue 46: total blocking
  // time on a phone); nothing is on screen before it, so there is nothing to keep showing.
  startTransition(() => createRoot(root).render(app));
});
