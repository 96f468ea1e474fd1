import { formatCents } from '@portal/domain';
import type { MailMessage } from '../../platform/mail';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The refund mail (issue 39): how much went back to the card, for which invoice, and where to
 * see it. Transactional (a receipt): the customer's preferences do not switch it off.
 */
export function refundMail(
  to: string,
  firstName: string,
  refund: { amountCents: number; invoiceNumber: string | null; description: string },
  link: string,
): MailMessage {
  const amount = formatCents(refund.amountCents);
  const subject = `We refunded ${amount}`;
  const what = refund.invoiceNumber
    ? `${refund.description} (invoice ${refund.invoiceNumber})`
    : refund.description;
  const intro = `Hi ${firstName}, we refunded ${amount} of your payment for ${what} to the card you paid with.`;
  const outro = 'Your bank may take 5 to 10 business days to show it on your statement.';
  const action = 'See your invoices';
  const text = `${intro}\n\n${outro}\n\n${action}: ${link}\n`;
  const html = `<!doctype html><html lang="en"><body style="font-family:Inter,Arial,sans-serif;color:#1f2933;line-height:1.5">
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(outro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#1f5f8b;color:#fff;text-decoration:none">${escapeHtml(action)}</a></p>
</body></html>`;
  return { to, subject, text, html, category: 'Transactional' };
}
