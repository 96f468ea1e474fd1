import { and, asc, desc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { providers } from '../../db/schema/catalog';
import { providerMessages, providerMessageTemplates } from '../../db/schema/messages';

export type MessageRow = typeof providerMessages.$inferSelect;
export type MessageInsert = typeof providerMessages.$inferInsert;
export type TemplateRow = typeof providerMessageTemplates.$inferSelect;
export type ProviderRow = typeof providers.$inferSelect;

/** A message with the name and image of the provider it is from. */
export interface MessageWithProvider extends MessageRow {
  providerName: string | null;
  providerImage: string | null;
}

/**
 * The only place with SQL for provider messages. It reads the providers table for names and
 * images (a join, read only); providers belong to the appointments area.
 */
export class MessageStore {
  constructor(private readonly db: Db) {}

  /** The same store over a transaction (UnitOfWork's `tx`). */
  in(tx: Db): MessageStore {
    return new MessageStore(tx);
  }

  private selectWithProvider() {
    return this.db
      .select({
        ...getTableColumns(providerMessages),
        providerName: providers.displayName,
        providerImage: providers.profileImage,
      })
      .from(providerMessages)
      .leftJoin(providers, eq(providers.id, providerMessages.providerId));
  }

  /** The customer's messages, newest first. */
  async listForCustomer(customerId: string): Promise<MessageWithProvider[]> {
    return this.selectWithProvider()
      .where(eq(providerMessages.customerId, customerId))
      .orderBy(desc(providerMessages.createdAt), desc(providerMessages.id));
  }

  async findOwn(customerId: string, id: string): Promise<MessageWithProvider | undefined> {
    const [row] = await this.selectWithProvider().where(
      and(eq(providerMessages.id, id), eq(providerMessages.customerId, customerId)),
    );
    return row;
  }

  /** Sets read_on on one of the customer's own messages; the customer id is in the WHERE. */
  async markRead(customerId: string, id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(providerMessages)
      .set({ readOn: now })
      .where(and(eq(providerMessages.id, id), eq(providerMessages.customerId, customerId)))
      .returning({ id: providerMessages.id });
    return rows.length > 0;
  }

  async insert(values: MessageInsert): Promise<MessageRow> {
    const [row] = await this.db.insert(providerMessages).values(values).returning();
    if (!row) throw new Error('provider message not inserted');
    return row;
  }

  async insertTemplate(values: { type: string; description: string }): Promise<TemplateRow> {
    const [row] = await this.db.insert(providerMessageTemplates).values(values).returning();
    if (!row) throw new Error('template not inserted');
    return row;
  }

  async templates(): Promise<TemplateRow[]> {
    return this.db
      .select()
      .from(providerMessageTemplates)
      .orderBy(asc(providerMessageTemplates.type), asc(providerMessageTemplates.id));
  }

  async providersByUserIds(userIds: readonly string[]): Promise<ProviderRow[]> {
    if (userIds.length === 0) return [];
    return this.db
      .select()
      .from(providers)
      .where(inArray(providers.userId, [...userIds]))
      .orderBy(asc(providers.displayName));
  }

  async providerForUser(userId: string): Promise<ProviderRow | undefined> {
    const [row] = await this.db.select().from(providers).where(eq(providers.userId, userId));
    return row;
  }
}
