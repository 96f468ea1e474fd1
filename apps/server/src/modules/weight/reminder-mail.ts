import type { MailMessage } from '../../platform/mail';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The weight tracker reminder mail (issue 13): a link that opens the weight dialog on home. */
export function weightReminderMail(to: string, firstName: string, link: string): MailMessage {
  const subject = 'Time to log your weight';
  const intro = `Hi ${firstName}, you have not logged your weight this week. A quick entry keeps your care team and your progress chart up to date.`;
  const action = 'Log your weight';
  const outro =
    'You can turn these reminders off in your notification settings (weight tracker reminders).';
  const text = `${intro}\n\n${action}: ${link}\n\n${outro}\n`;
  const html = `<!doctype html><html lang="en"><body style="font-family:Inter,Arial,sans-serif;color:#1f2933;line-height:1.5">
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#1f5f8b;color:#fff;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:14px;color:#52606d">${escapeHtml(outro)}</p>
</body></html>`;
  return { to, subject, text, html };
}
