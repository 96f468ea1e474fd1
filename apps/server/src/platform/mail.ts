import type { NotificationChannel, NotificationPreferenceCategory } from '@portal/domain';
import { desc } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { outbox } from '../db/schema/platform';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Which preference the mail falls under (DESIGN.md §4: every mail checks the customer's
   * notification preferences). Default Transactional: codes, receipts and care messages,
   * which the customer cannot switch off.
   */
  category?: NotificationPreferenceCategory;
  /** Extra headers; the gate adds List-Unsubscribe to marketing mail. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Real delivery through SMTP (SMTP_URL). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }
  async send({ category: _category, ...message }: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }
}

/** Development outbox: mail is stored and shown at /dev/mailbox instead of being sent. */
export class OutboxMailer implements Mailer {
  constructor(private readonly db: Db) {}
  async send({ to, subject, text, html, headers }: MailMessage): Promise<void> {
    await this.db.insert(outbox).values({ to, subject, text, html, headers: headers ?? {} });
  }
  list(limit = 50) {
    return this.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
  }
}

/**
 * What the gate asks before a mail or text goes out (the preferences module answers; the
 * platform does not know customers). `to` is the address or phone the message goes to.
 */
export interface DeliveryPolicy {
  allows(
    to: string,
    category: NotificationPreferenceCategory,
    channel: NotificationChannel,
  ): Promise<boolean>;
  /** RFC 8058 one-click link for this recipient and category, or null for a non-customer. */
  unsubscribeUrl(
    to: string,
    category: NotificationPreferenceCategory,
    channel: NotificationChannel,
  ): Promise<string | null>;
}

/**
 * The single choke point for mail: every area gets this mailer, never the transport. Anything
 * but transactional mail is sent only when the recipient's preference allows it, and marketing
 * mail carries List-Unsubscribe + List-Unsubscribe-Post (RFC 8058 one-click).
 */
export class PreferenceGatedMailer implements Mailer {
  private policy: DeliveryPolicy | undefined;
  constructor(private readonly transport: Mailer) {}

  /** The composition root sets the policy once the preferences module is built. */
  usePolicy(policy: DeliveryPolicy): void {
    this.policy = policy;
  }

  async send(message: MailMessage): Promise<void> {
    const category = message.category ?? 'Transactional';
    if (category === 'Transactional') return this.transport.send(message);
    if (!this.policy) throw new Error('mail gate has no delivery policy');
    if (!(await this.policy.allows(message.to, category, 'email'))) return;
    const url = await this.policy.unsubscribeUrl(message.to, category, 'email');
    const headers = url
      ? {
          ...message.headers,
          'List-Unsubscribe': `<${url}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        }
      : message.headers;
    await this.transport.send({ ...message, category, ...(headers ? { headers } : {}) });
  }
}
