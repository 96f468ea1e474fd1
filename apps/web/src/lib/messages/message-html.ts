import DOMPurify from 'dompurify';

// DESIGN §4: HTML from providers is sanitized before it is shown. Scripts, event handlers,
// forms and frames are dropped; what is left is formatting and links.
const OPTIONS = {
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style'],
};

export function sanitizeMessageHtml(html: string): string {
  return DOMPurify.sanitize(html, OPTIONS);
}

/** The message's text alone, for previews. */
export function messagePlainText(html: string): string {
  const container = document.createElement('div');
  container.innerHTML = sanitizeMessageHtml(html);
  return (container.textContent ?? '').replace(/\s+/g, ' ').trim();
}
