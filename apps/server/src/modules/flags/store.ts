import { eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { featureFlags } from '../../db/schema/index';

export class FlagStore {
  constructor(private readonly db: Db) {}

  /** The same store over a transaction (UnitOfWork's `tx`). */
  in(tx: Db): FlagStore {
    return new FlagStore(tx);
  }

  /** Default rows and this customer's rows; the customer's win. */
  async flagsFor(customerId: string | null): Promise<Map<string, boolean>> {
    const rows = await this.db
      .select()
      .from(featureFlags)
      .where(
        customerId
          ? or(isNull(featureFlags.customerId), eq(featureFlags.customerId, customerId))
          : isNull(featureFlags.customerId),
      );
    const result = new Map<string, boolean>();
    for (const row of rows.filter((r) => r.customerId === null)) result.set(row.name, row.enabled);
    for (const row of rows.filter((r) => r.customerId !== null)) result.set(row.name, row.enabled);
    return result;
  }

  /** Sets a flag for one customer, or the default with customerId null; one statement. */
  async setFlag(name: string, customerId: string | null, enabled: boolean): Promise<void> {
    const insert = this.db.insert(featureFlags).values({ name, customerId, enabled });
    await (customerId === null
      ? insert.onConflictDoUpdate({
          target: [featureFlags.name],
          targetWhere: sql`${featureFlags.customerId} is null`,
          set: { enabled },
        })
      : insert.onConflictDoUpdate({
          target: [featureFlags.name, featureFlags.customerId],
          targetWhere: sql`${featureFlags.customerId} is not null`,
          set: { enabled },
        }));
  }
}
