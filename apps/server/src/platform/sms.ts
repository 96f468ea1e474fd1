import type { NotificationPreferenceCategory } from '@portal/domain';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { smsOptOuts, smsOutbox } from '../db/schema/platform';
import type { DeliveryPolicy } from './mail';

export interface TextMessage {
  /** Ten digits (the customer's phone as stored). */
  to: string;
  body: string;
  /** Default Transactional (cannot be switched off); others check the preference. */
  category?: NotificationPreferenceCategory;
}

/** The provider seam: a real SMS gateway implements this (none is configured by default). */
export interface TextSender {
  send(message: TextMessage): Promise<void>;
}

/** Development outbox: texts are stored (shown at /dev/sms.json) instead of being sent. */
export class OutboxTextSender implements TextSender {
  constructor(private readonly db: Db) {}
  async send({ to, body }: TextMessage): Promise<void> {
    await this.db.insert(smsOutbox).values({ to, body });
  }
  list(limit = 50) {
    return this.db.select().from(smsOutbox).orderBy(desc(smsOutbox.createdAt)).limit(limit);
  }
}

/** Ten digits as phones are stored (a +1 E.164 number from Twilio loses its +1). */
export function storedPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/**
 * Issue 44: numbers that texted STOP. Carriers oblige it and Twilio blocks them anyway; the
 * gate does not even try (every category, transactional too) until the number texts START.
 */
export class SmsOptOuts {
  constructor(private readonly db: Db) {}
  async optOut(phone: string, at: Date): Promise<void> {
    await this.db
      .insert(smsOptOuts)
      .values({ phone: storedPhone(phone), optedOutAt: at })
      .onConflictDoNothing();
  }
  async optIn(phone: string): Promise<void> {
    await this.db.delete(smsOptOuts).where(eq(smsOptOuts.phone, storedPhone(phone)));
  }
  async isOptedOut(phone: string): Promise<boolean> {
    const [row] = await this.db
      .select({ phone: smsOptOuts.phone })
      .from(smsOptOuts)
      .where(eq(smsOptOuts.phone, storedPhone(phone)));
    return !!row;
  }
}

/** Texts pass the same preference check as mail (channel sms); the one way areas send texts. */
export class PreferenceGatedTextSender implements TextSender {
  private policy: DeliveryPolicy | undefined;
  constructor(
    private readonly provider: TextSender,
    private readonly optOuts?: SmsOptOuts,
  ) {}

  usePolicy(policy: DeliveryPolicy): void {
    this.policy = policy;
  }

  async send(message: TextMessage): Promise<void> {
    const category = message.category ?? 'Transactional';
    if (this.optOuts && (await this.optOuts.isOptedOut(message.to))) return;
    if (category !== 'Transactional') {
      if (!this.policy) throw new Error('text gate has no delivery policy');
      if (!(await this.policy.allows(message.to, category, 'sms'))) return;
    }
    await this.provider.send({ ...message, category });
  }
}
