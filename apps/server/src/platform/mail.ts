import type { NotificationChannel, NotificationPreferenceCategory } from '@portal/domain';
import { desc, eq } from 'drizzle-orm';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { lazyPackage } from './lazy-package';
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
  /**
   * Issue 43: a calendar file (RFC 6047). It goes as nodemailer's `icalEvent`: a
   * `text/calendar; charset=utf-8; method=…` alternative part, which mail clients act on, and
   * the same file attached.
   */
  calendar?: MailCalendar;
}

export interface MailCalendar {
  method: 'REQUEST' | 'CANCEL';
  filename: string;
  content: string;
}

/** The MIME type of a calendar part: the `method` parameter is what Gmail and Outlook read. */
export function calendarContentType(method: MailCalendar['method']): string {
  return `text/calendar; charset=utf-8; method=${method}`;
}

/** What nodemailer is asked to send for a message (SMTP; tests compose it the same way). */
export function nodemailerMessage(
  from: string,
  { category: _category, calendar, ...message }: MailMessage,
) {
  return {
    from,
    ...message,
    ...(calendar
      ? {
          icalEvent: {
            method: calendar.method,
            filename: calendar.filename,
            content: calendar.content,
          },
        }
      : {}),
  };
}

/** A file a mail carried, as the development outbox lists it. */
export interface OutboxAttachment {
  index: number;
  filename: string;
  contentType: string;
  size: number;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** nodemailer (about 30 ms of CPU to load) loads with the first mail, not at start. */
const mailerPackage = lazyPackage<typeof nodemailer>('nodemailer');

/** Real delivery through SMTP (SMTP_URL). */
export class SmtpMailer implements Mailer {
  private transport: Transporter | undefined;
  constructor(
    private readonly url: string,
    private readonly from: string,
  ) {}
  async send(message: MailMessage): Promise<void> {
    this.transport ??= mailerPackage().createTransport(this.url);
    await this.transport.sendMail(nodemailerMessage(this.from, message));
  }
}

/**
 * The outbox keeps a mail's files in its `headers` JSON under this key (no column of their
 * own yet; list() takes them out again), content and all, so /dev/mailbox can serve them.
 */
const ATTACHMENTS_KEY = 'X-Outbox-Attachments';

interface StoredAttachment {
  filename: string;
  contentType: string;
  content: string;
}

function storedAttachments(headers: Record<string, string>): StoredAttachment[] {
  const value = headers[ATTACHMENTS_KEY];
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? (parsed as StoredAttachment[]) : [];
  } catch {
    return [];
  }
}

/** Development outbox: mail is stored and shown at /dev/mailbox instead of being sent. */
export class OutboxMailer implements Mailer {
  constructor(private readonly db: Db) {}
  async send({ to, subject, text, html, headers, calendar }: MailMessage): Promise<void> {
    // As SMTP sends it: the calendar part with its method, and the same file attached.
    const files: StoredAttachment[] = calendar
      ? [
          {
            filename: calendar.filename,
            contentType: calendarContentType(calendar.method),
            content: calendar.content,
          },
        ]
      : [];
    const stored = files.length
      ? { ...headers, [ATTACHMENTS_KEY]: JSON.stringify(files) }
      : (headers ?? {});
    await this.db.insert(outbox).values({ to, subject, text, html, headers: stored });
  }

  /** Newest first, each with its attachments' names, types and sizes (not their bytes). */
  async list(limit = 50) {
    const rows = await this.db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(limit);
    return rows.map(({ headers, ...row }) => {
      const { [ATTACHMENTS_KEY]: _files, ...rest } = headers;
      const attachments: OutboxAttachment[] = storedAttachments(headers).map((file, index) => ({
        index,
        filename: file.filename,
        contentType: file.contentType,
        size: Buffer.byteLength(file.content, 'utf8'),
      }));
      return { ...row, headers: rest, attachments };
    });
  }

  /** One attachment of one mail, or null. */
  async attachment(mailId: string, index: number): Promise<StoredAttachment | null> {
    const [row] = await this.db
      .select({ headers: outbox.headers })
      .from(outbox)
      .where(eq(outbox.id, mailId))
      .limit(1);
    return row ? (storedAttachments(row.headers)[index] ?? null) : null;
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
