import type { ExternalLinks } from '@portal/domain';

// Issue 46: the web build's sign-in.html (apps/web/scripts/prerender.ts) is the sign-in page
// rendered at build time, with a placeholder wherever an external link goes: the links are
// this deployment's (LINK_*_URL), the ones /config.json hands the app, so React finds the page
// it would render itself. An unknown key stays as it is; the app then renders afresh.
const LINK_PLACEHOLDER = /__PORTAL_LINK_(\w+)__/g;

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** sign-in.html with `links` in place of its link placeholders. */
export function withExternalLinks(html: string, links: ExternalLinks): string {
  const byKey: Record<string, unknown> = { ...links };
  return html.replace(LINK_PLACEHOLDER, (placeholder, key: string) => {
    const url = byKey[key];
    return typeof url === 'string' ? escapeAttribute(url) : placeholder;
  });
}
