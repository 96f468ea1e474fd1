interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: Date;
  headers?: Record<string, string> | null;
  attachments?: readonly { index: number; filename: string; contentType: string }[];
}

/** Where the outbox serves a mail's attachment (platform/routes.ts). */
export function attachmentPath(mailId: string, index: number): string {
  return `/dev/mailbox/${encodeURIComponent(mailId)}/attachments/${index}`;
}

// Issue 43: each file the mail carried, by name and type, with a link that serves it.
function renderAttachments(mail: Mail): string {
  if (!mail.attachments?.length) return '';
  const items = mail.attachments
    .map(
      (file) =>
        `<li><a href="${escapeHtml(attachmentPath(mail.id, file.index))}">${escapeHtml(file.filename)}</a> <span class="meta">${escapeHtml(file.contentType)}</span></li>`,
    )
    .join('');
  return `<section aria-label="Attachments"><h3>Attachments</h3><ul>${items}</ul></section>`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The development outbox: every mail the app "sent", with links a newcomer can follow. */
export function renderMailbox(mails: Mail[]): string {
  const items = mails
    .map((mail) => {
      const body = escapeHtml(mail.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
      // Marketing mail's RFC 8058 one-click link, so it can be checked (and followed) here.
      const unsubscribe = mail.headers?.['List-Unsubscribe'];
      const list = unsubscribe
        ? `<p class="meta">List-Unsubscribe: ${escapeHtml(unsubscribe)}</p>`
        : '';
      return `<article><h2>${escapeHtml(mail.subject)}</h2><p class="meta">To ${escapeHtml(mail.to)} · ${mail.createdAt.toISOString()}</p>${list}<pre>${body}</pre>${renderAttachments(mail)}</article>`;
    })
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Development mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1f2933;background:#f5f7fa}
article{background:#fff;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0;box-shadow:0 1px 2px rgba(0,0,0,.08)}
h1{font-size:1.5rem}h2{font-size:1.1rem;margin:0}h3{font-size:1rem;margin:.5rem 0 .25rem}a{color:#1f5f8b}.meta{color:#52606d;font-size:.875rem}pre{white-space:pre-wrap;font-family:inherit}</style></head>
<body><main><h1>Development mailbox</h1><p>Mail is kept here because <code>SMTP_URL</code> is not set. Newest first.</p>
${items || '<p>No mail yet.</p>'}</main></body></html>`;
}
