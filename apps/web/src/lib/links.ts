// The provider's external pages (spec 02 §2 "External links": treatments page, terms, bulk
// terms, privacy policy, privacy practices, ADA page). They come from the server at run time
// (/config.json `links`, set by LINK_*_URL; issue 44), put in place by main.tsx before the
// first render, so a page never shows another deployment's links. Until then, and when
// /config.json cannot be read, the example.com placeholders the server itself uses in
// development stand in (a production server refuses to start with them).
import { PLACEHOLDER_EXTERNAL_LINKS, type ExternalLinks } from '@portal/domain';

export type { ExternalLinks };
export const PLACEHOLDER_LINKS: Readonly<ExternalLinks> = PLACEHOLDER_EXTERNAL_LINKS;

const isWebUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\//.test(value);

/** /config.json's `links`, each one an http(s) URL or its placeholder. */
export function parseExternalLinks(value: unknown): ExternalLinks {
  const raw = (value ?? {}) as Record<string, unknown>;
  const links: Record<string, string> = { ...PLACEHOLDER_LINKS };
  for (const key in links) {
    const url = raw[key];
    if (isWebUrl(url)) links[key] = url;
  }
  return links as ExternalLinks;
}

/** Read at render time (never copied at import): main.tsx fills it before the first render. */
export const EXTERNAL_LINKS: ExternalLinks = { ...PLACEHOLDER_LINKS };

export function setExternalLinks(links: ExternalLinks): void {
  Object.assign(EXTERNAL_LINKS, links);
}
