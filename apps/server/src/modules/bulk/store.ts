import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bulkOrders } from '../../db/schema/bulk';

export type BulkOrderRow = typeof bulkOrders.$inferSelect;

/** The only place with SQL for bulk orders (their charges are the payments module's). */
export class BulkStore {
  constructor(private readonly db: Db) {}

  in(tx: Db): BulkStore {
    return new BulkStore(tx);
  }

  async insertOrder(values: typeof bulkOrders.$inferInsert): Promise<BulkOrderRow> {
    const [row] = await this.db.insert(bulkOrders).values(values).returning();
    if (!row) throw new Error('bulk order not inserted');
    return row;
  }

  async ordersOf(customerId: string): Promise<BulkOrderRow[]> {
    return this.db
      .select()
      .from(bulkOrders)
      .where(eq(bulkOrders.customerId, customerId))
      .orderBy(desc(bulkOrders.createdAt));
  }

  /**
   * awaiting_approval → approved with its action, once (the condition decides), recording who
   * approved it so a second approver can be told.
   */
  async approveOrder(
    customerId: string,
    orderId: string,
    actionId: string,
    now: Date,
    decidedBy: string | null,
  ): Promise<BulkOrderRow | undefined> {
    const [row] = await this.db
      .update(bulkOrders)
      .set({ status: 'approved', actionId, updatedAt: now, decidedBy, decidedAt: now })
      .where(
        and(
          eq(bulkOrders.id, orderId),
          eq(bulkOrders.customerId, customerId),
          eq(bulkOrders.status, 'awaiting_approval'),
        ),
      )
      .returning();
    return row;
  }

  /** awaiting_approval → declined with who and when; undefined when it was not awaiting. */
  async declineOrder(
    customerId: string,
    orderId: string,
    now: Date,
    decidedBy: string | null,
  ): Promise<BulkOrderRow | undefined> {
    const [row] = await this.db
      .update(bulkOrders)
      .set({ status: 'declined', updatedAt: now, decidedBy, decidedAt: now })
      .where(
        and(
          eq(bulkOrders.id, orderId),
          eq(bulkOrders.customerId, customerId),
          eq(bulkOrders.status, 'awaiting_approval'),
        ),
      )
      .returning();
    return row;
  }

  async orderById(customerId: string, orderId: string): Promise<BulkOrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(bulkOrders)
      .where(and(eq(bulkOrders.id, orderId), eq(bulkOrders.customerId, customerId)));
    return row;
  }

  /**
   * The approved order of a paid action says paid, with the date (the action is what was paid;
   * a vial count the care team took by phone has no order row, and nothing changes).
   */
  async markPaid(actionId: string, at: Date): Promise<BulkOrderRow | undefined> {
    const [row] = await this.db
      .update(bulkOrders)
      .set({ status: 'paid', paidAt: at, updatedAt: at })
      .where(and(eq(bulkOrders.actionId, actionId), eq(bulkOrders.status, 'approved')))
      .returning();
    return row;
  }
}
