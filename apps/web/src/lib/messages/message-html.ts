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
