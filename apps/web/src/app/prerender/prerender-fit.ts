import { FEATURE_FLAGS } from '@portal/domain';
import type { AppConfig } from '../../lib/config';
import { EXTERNAL_LINKS } from '../../lib/links';
import type { AppServices } from '../../lib/services';

// Issue 46: the sign-in page's HTML is rendered at build time (scripts/prerender.ts) for a
// signed-out visitor on `/` in English, in a browser with passkeys, with every flag off and
// the external links the server writes in (apps/server: sign-in.html). main.tsx hydrates it
// only when this browser would render exactly that; otherwise it renders afresh.

/** On #root when it holds the build's markup; the value is the year the footer shows. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/** On <html> when sign-in.html's head script hid that markup (it would not match). */
export const PRERENDER_SKIP_ATTRIBUTE = 'data-prerender-skip';

/** Whether the first render here would be the markup in `root` (see above). */
export function prerenderFits(
  root: HTMLElement,
  { services, config }: { services: AppServices; config: AppConfig | undefined },
): boolean {
  // sign-in.html's head script has checked what it could before the first paint (a stored
  // session or language, the browser's languages, passkeys, the year): it hid the page then.
  if (!root.hasAttribute(PRERENDERED_ATTRIBUTE)) return false;
  if (document.documentElement.hasAttribute(PRERENDER_SKIP_ATTRIBUTE)) return false;
  if (window.location.pathname !== '/' || window.location.search !== '') return false;
  if (services.session.getSnapshot().status !== 'signed-out') return false;
  const { flags } = services;
  if (flags.getBoolean(FEATURE_FLAGS.spanish, false)) return false;
  if (flags.getBoolean(FEATURE_FLAGS.googleSso, false) && config?.googleSignIn) return false;
  // The server wrote its links in; /config.json's (or the placeholders, if it failed) must agree.
  const links = new Set<string>(Object.values(EXTERNAL_LINKS));
  return [...root.querySelectorAll<HTMLAnchorElement>('a[target="_blank"]')].every((a) =>
    links.has(a.getAttribute('href') ?? ''),
  );
}
