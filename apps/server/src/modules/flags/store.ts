import { eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { featureFlags } from '../../db/schema/flags';

export class FlagStore {
  constructor(private readonly db: Db) {}

  // flagsFor's statements, built once (db/prepared.ts): every signed-in page load asks.
  private readonly forCustomer = preparedOnce(() =>
    this.db
      .select()
      .from(featureFlags)
      .where(
        or(
          isNull(featureFlags.customerId),
          eq(featureFlags.customerId, sql.placeholder('customerId')),
        ),
      )
      .prepare('flags_for_customer'),
  );
  private readonly defaults = preparedOnce(() =>
    this.db
      .select()
      .from(featureFlags)
      .where(isNull(featureFlags.customerId))
      .prepare('flags_defaults'),
  );

  /** The same store over a transaction (UnitOfWork's `tx`). */
  in(tx: Db): FlagStore {
    return new FlagStore(tx);
  }

  /** Default rows and this customer's rows; the customer's win. */
  async flagsFor(customerId: string | null): Promise<Map<string, boolean>> {
    const rows = await (customerId
      ? this.forCustomer().execute({ customerId })
      : this.defaults().execute());
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
