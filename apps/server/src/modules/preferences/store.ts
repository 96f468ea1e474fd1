import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consents, notificationPreferences } from '../../db/schema/preferences';

export type ConsentRow = typeof consents.$inferSelect;
export type NotificationPreferenceRow = typeof notificationPreferences.$inferSelect;

/** The only place with SQL for consents and notification preferences. */
export class PreferenceStore {
  constructor(private readonly db: Db) {}

  /** The same store over a transaction (UnitOfWork's `tx`). */
  in(tx: Db): PreferenceStore {
    return new PreferenceStore(tx);
  }

  async consentsAndPreferences(customerId: string) {
    const [consentRows, preferenceRows] = await Promise.all([
      this.db
        .select()
        .from(consents)
        .where(eq(consents.customerId, customerId))
        .orderBy(asc(consents.type)),
      this.db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.customerId, customerId))
        .orderBy(asc(notificationPreferences.type), asc(notificationPreferences.channel)),
    ]);
    return { consents: consentRows, preferences: preferenceRows };
  }

  /** One preference row (a category on a channel), if the customer ever set it. */
  async preference(customerId: string, type: string, channel: string) {
    const [row] = await this.db
      .select()
      .from(notificationPreferences)
      .where(
        and(
          eq(notificationPreferences.customerId, customerId),
          eq(notificationPreferences.type, type),
          eq(notificationPreferences.channel, channel),
        ),
      );
    return row;
  }

  /** Upserts one consent; the number of rows written (1). */
  async upsertConsent(tx: Db, customerId: string, type: string, status: string, now: Date) {
    const rows = await tx
      .insert(consents)
      .values({ customerId, type, status, updated: now })
      .onConflictDoUpdate({
        target: [consents.customerId, consents.type],
        set: { status, updated: now },
      })
      .returning();
    return rows.length;
  }

  /** Upserts one notification preference (a type on a channel); the number of rows written. */
  async upsertPreference(
    tx: Db,
    customerId: string,
    preference: { type: string; channel: string; status: string },
    now: Date,
  ) {
    const rows = await tx
      .insert(notificationPreferences)
      .values({ customerId, ...preference, updatedAt: now })
      .onConflictDoUpdate({
        target: [
          notificationPreferences.customerId,
          notificationPreferences.type,
          notificationPreferences.channel,
        ],
        set: { status: preference.status, updatedAt: now },
      })
      .returning();
    return rows.length;
  }

  /** Erasure on account deletion: preferences go; consents stay (proof of what was agreed). */
  async deleteAll(customerId: string): Promise<void> {
    await this.db
      .delete(notificationPreferences)
      .where(eq(notificationPreferences.customerId, customerId));
  }
}
