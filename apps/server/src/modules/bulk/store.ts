import { and, desc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bulkCharges, bulkOrders, gatewayWebhookEvents } from '../../db/schema/bulk';

export type BulkOrderRow = typeof bulkOrders.$inferSelect;
export type BulkChargeRow = typeof bulkCharges.$inferSelect;

/** The only place with SQL for bulk orders, their charges and processed webhook events. */
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

  /** awaiting_approval → approved with its action, once (the condition decides). */
  async approveOrder(
    customerId: string,
    orderId: string,
    actionId: string,
    now: Date,
  ): Promise<BulkOrderRow | undefined> {
    const [row] = await this.db
      .update(bulkOrders)
      .set({ status: 'approved', actionId, updatedAt: now })
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

  /** The pending row for the action, or undefined when one exists already (the unique key). */
  async insertPendingCharge(
    values: typeof bulkCharges.$inferInsert,
  ): Promise<BulkChargeRow | undefined> {
    const [row] = await this.db
      .insert(bulkCharges)
      .values(values)
      .onConflictDoNothing({ target: bulkCharges.actionId })
      .returning();
    return row;
  }

  async chargeOfAction(actionId: string): Promise<BulkChargeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(bulkCharges)
      .where(eq(bulkCharges.actionId, actionId));
    return row;
  }

  /** Records the gateway's answer on a pending row only: one request settles it. */
  async settleCharge(
    id: string,
    values: Partial<typeof bulkCharges.$inferInsert>,
  ): Promise<BulkChargeRow | undefined> {
    const [row] = await this.db
      .update(bulkCharges)
      .set(values)
      .where(and(eq(bulkCharges.id, id), eq(bulkCharges.status, 'pending')))
      .returning();
    return row;
  }

  /**
   * A new attempt on a charge that did not go through (declined, or never sent): the row goes
   * back to pending with the card to try; the condition lets one of racing retries do it.
   */
  async restartCharge(
    id: string,
    gatewayPaymentMethodId: string,
    now: Date,
  ): Promise<BulkChargeRow | undefined> {
    const [row] = await this.db
      .update(bulkCharges)
      .set({
        status: 'pending',
        gatewayPaymentMethodId,
        gatewayChargeId: null,
        processorReason: null,
        settledAt: null,
        createdAt: now,
      })
      .where(and(eq(bulkCharges.id, id), inArray(bulkCharges.status, ['declined', 'failed'])))
      .returning();
    return row;
  }

  async markCompleted(id: string): Promise<void> {
    await this.db
      .update(bulkCharges)
      .set({ actionCompleted: true, completionError: null })
      .where(eq(bulkCharges.id, id));
  }

  async recordCompletionFailure(id: string, error: string, attempts: number): Promise<void> {
    await this.db
      .update(bulkCharges)
      .set({ completionError: error.slice(0, 500), completionAttempts: attempts })
      .where(eq(bulkCharges.id, id));
  }

  /** Charges a crash left between the gateway and the commit, created before `before`. */
  pendingCharges(before: Date): Promise<BulkChargeRow[]> {
    return this.db
      .select()
      .from(bulkCharges)
      .where(and(eq(bulkCharges.status, 'pending'), lte(bulkCharges.createdAt, before)));
  }

  /** Paid, but the action was not completed (spec 02 §8 actionFailure). */
  uncompletedCharges(): Promise<BulkChargeRow[]> {
    return this.db
      .select()
      .from(bulkCharges)
      .where(and(eq(bulkCharges.status, 'succeeded'), eq(bulkCharges.actionCompleted, false)))
      .orderBy(bulkCharges.createdAt);
  }

  /** True the first time an event id is seen (the primary key is the judge). */
  async claimEvent(id: string, type: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .insert(gatewayWebhookEvents)
      .values({ id, type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: gatewayWebhookEvents.id });
    return rows.length === 1;
  }
}
