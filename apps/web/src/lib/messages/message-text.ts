// A provider message's text alone, for previews (home's messaging card, the message list).
// Issue 16: no HTML sanitizer here, so home's first paint does not load DOMPurify (~9 KB gzip;
// message-html.ts keeps it for the detail screen, which shows the HTML). Reading text needs
// none: DOMParser builds an inert document (no script runs, no image or frame loads, no event
// handler fires), and the preview is React text, never HTML.

/** Elements whose text is code or markup, not words a person wrote. */
const NOT_TEXT = 'script, style, template, noscript, iframe, object, embed';

/** The message's text alone, whitespace collapsed. */
export function messagePlainText(html: string): string {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  for (const element of body.querySelectorAll(NOT_TEXT)) element.remove();
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
