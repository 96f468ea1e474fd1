import type { MarketingAnnouncementInput } from '@portal/domain';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { DeliveryPolicy, Mailer } from '../../platform/mail';

/** What the marketing sender needs to know about a customer. */
export interface MarketingRecipients {
  emailOf(customerId: string): Promise<string | null>;
}

/**
 * The real marketing path (issue 14): the care team sends an announcement to a customer. It goes
 * through the gated mailer like every other mail, so the customer's Marketing/email preference
 * decides, and the mail carries the RFC 8058 List-Unsubscribe headers. The answer says whether
 * the preference let it out.
 */
export class MarketingService {
  constructor(
    private readonly mailer: Mailer,
    private readonly policy: DeliveryPolicy,
    private readonly recipients: MarketingRecipients,
    private readonly audit: AuditLog,
  ) {}

  async sendAnnouncement(
    customerId: string,
    input: MarketingAnnouncementInput,
    actor: AuditActor,
  ): Promise<{ sent: boolean } | null> {
    const to = await this.recipients.emailOf(customerId);
    if (!to) return null;
    const sent = await this.policy.allows(to, 'Marketing', 'email');
    await this.mailer.send({
      to,
      subject: input.subject,
      text: input.text,
      html: `<p>${escapeHtml(input.text).replace(/\n/g, '<br>')}</p>`,
      category: 'Marketing',
    });
    await this.audit.record(actor, {
      action: 'marketing.announcement',
      entity: 'customer',
      entityId: customerId,
      // The patient and the field names, never the subject or the text (issue 41).
      details: { customerId, fields: ['subject', 'text'], sent },
    });
    return { sent };
  }
}

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

export function createMarketingService(deps: {
  mailer: Mailer;
  policy: DeliveryPolicy;
  recipients: MarketingRecipients;
  audit: AuditLog;
}): MarketingService {
  return new MarketingService(deps.mailer, deps.policy, deps.recipients, deps.audit);
}
