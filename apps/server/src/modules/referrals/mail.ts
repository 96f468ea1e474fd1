import type { MailMessage } from '../../platform/mail';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The invitation a referral sends its referee (spec 02 §5): who invites them and a sign-up link.
 * The subject is ours alone (issue 45): the first name is whatever the customer typed, and a
 * subject line is what a stranger reads before deciding to trust a mail from our domain, so a
 * customer's words ("URGENT: your account is locked…") must not be able to speak there. In the
 * body it stays, as the friend's name beside our own sentence, escaped in the HTML.
 */
export function referralInvitationMail(
  to: string,
  referrerFirstName: string,
  link: string,
): MailMessage {
  const subject = 'You are invited to the patient portal';
  const intro = `${referrerFirstName} thinks our care could help you too and invited you to join.`;
  const action = 'Create your account';
  const outro = 'If you were not expecting this, you can ignore this email.';
  const text = `${intro}\n\n${action}: ${link}\n\n${outro}\n`;
  const html = `<!doctype html><html lang="en"><body style="font-family:Inter,Arial,sans-serif;color:#1f2933;line-height:1.5">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#1f5f8b;color:#fff;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:14px;color:#52606d">${escapeHtml(outro)}</p>
</body></html>`;
  return { to, subject, text, html };
}
