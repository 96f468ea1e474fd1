import type { NotificationPreferenceCategory } from '@portal/domain';
import { desc } from 'drizzle-orm';
import type { Db } from '../db/client';
import { smsOutbox } from '../db/schema/platform';
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

/** Texts pass the same preference check as mail (channel sms); the one way areas send texts. */
export class PreferenceGatedTextSender implements TextSender {
  private policy: DeliveryPolicy | undefined;
  constructor(private readonly provider: TextSender) {}

  usePolicy(policy: DeliveryPolicy): void {
    this.policy = policy;
  }

  async send(message: TextMessage): Promise<void> {
    const category = message.category ?? 'Transactional';
    if (category !== 'Transactional') {
      if (!this.policy) throw new Error('text gate has no delivery policy');
      if (!(await this.policy.allows(message.to, category, 'sms'))) return;
    }
    await this.provider.send({ ...message, category });
  }
}
