// The sandbox gateway's own pages (the hosted pay-later checkout, the 3-D Secure challenge):
// plain HTML with no script, styled alike, as an outside processor's pages would be. They are
// the processor's, not the portal's, so they are not in the web app or its catalogues.

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

/** `nonce`: the response's CSP nonce (cspNonce): the policy allows no other inline style. */
export function sandboxPage(title: string, body: string, nonce: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style nonce="${escapeHtml(nonce)}">body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1c1c1c}
main{max-width:420px;margin:48px auto;background:#fff;border-radius:12px;padding:24px}
@media (max-width:480px){main{margin:16px;padding:20px}}
button{font-size:1rem;padding:12px 20px;border:0;border-radius:8px;background:#1a4fa0;color:#fff;width:100%;cursor:pointer}
button.secondary{background:#fff;color:#1a4fa0;border:1px solid #1a4fa0}
form+form{margin-top:12px}
a{color:#1a4fa0}
.note{color:#555;font-size:.875rem}
</style></head><body><main>${body}</main></body></html>`;
}

/**
 * Where a page may send the browser back to: a path on the merchant's own origin, starting
 * with exactly one `/` (`//host` and `/\host` are other hosts to a browser); anything else
 * goes to `/`, so the page can never be used to redirect to another site.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2048) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Control characters (a tab or newline inside "/\t/evil") are dropped by browsers' URL
  // parsers, which would turn the path into "//evil".
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return '/';
  return value;
}
