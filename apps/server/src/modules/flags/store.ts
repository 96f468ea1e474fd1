import { eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { featureFlags } from '../../db/schema/index';

export class FlagStore {
  constructor(private readonly db: Db) {}

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
}
