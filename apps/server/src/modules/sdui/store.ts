import { eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { sduiModules } from '../../db/schema/sdui';

export type SduiSurface = (typeof sduiModules.$inferSelect)['surface'];
export type SduiRow = typeof sduiModules.$inferSelect;

/** The only place with SQL for server-driven module lists. */
export class SduiStore {
  constructor(private readonly db: Db) {}

  /** The same store over a transaction (UnitOfWork's `tx`). */
  // rowsFor's statement, built once (db/prepared.ts): home asks on every load.
  private readonly rows = preparedOnce(() =>
    this.db
      .select()
      .from(sduiModules)
      .where(
        or(
          isNull(sduiModules.customerId),
          eq(sduiModules.customerId, sql.placeholder('customerId')),
        ),
      )
      .prepare('sdui_rows_for_customer'),
  );

  in(tx: Db): SduiStore {
    return new SduiStore(tx);
  }

  /** The default rows and the customer's own rows of both surfaces. */
  async rowsFor(customerId: string): Promise<SduiRow[]> {
    return this.rows().execute({ customerId });
  }

  /** Sets the list of one surface, for one customer or (null) the default; one statement. */
  async upsert(surface: SduiSurface, customerId: string | null, modules: string[]): Promise<void> {
    const insert = this.db.insert(sduiModules).values({ surface, customerId, modules });
    await (customerId === null
      ? insert.onConflictDoUpdate({
          target: [sduiModules.surface],
          targetWhere: sql`${sduiModules.customerId} is null`,
          set: { modules },
        })
      : insert.onConflictDoUpdate({
          target: [sduiModules.surface, sduiModules.customerId],
          targetWhere: sql`${sduiModules.customerId} is not null`,
          set: { modules },
        }));
  }
}
