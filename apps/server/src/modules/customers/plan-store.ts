import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contracts, customers, subscriptionItems, subscriptions } from '../../db/schema/customers';
import type { BillingSubscription, ContractRow, SubscriptionRow } from './store';

/**
 * SQL for a customer's plans: contracts, subscriptions and their items, as billing changes and
 * renews them through CustomerService (the customer record's reads are CustomerStore's).
 */
export class PlanStore {
  constructor(private readonly db: Db) {}

  /** The same store over a transaction (UnitOfWork's `tx`). */
  in(tx: Db): PlanStore {
    return new PlanStore(tx);
  }

  /** Subscriptions on a running contract (active or non-renewing), soonest contract end first. */
  subscriptionsOnRunningContracts(
    customerId?: string,
  ): Promise<{ customerId: string; subscriptionId: string }[]> {
    return this.db
      .select({ customerId: subscriptions.customerId, subscriptionId: subscriptions.id })
      .from(subscriptions)
      .innerJoin(contracts, eq(contracts.id, subscriptions.contractId))
      .where(
        and(
          inArray(contracts.status, ['active', 'non_renewing']),
          customerId === undefined ? undefined : eq(subscriptions.customerId, customerId),
        ),
      )
      .orderBy(asc(contracts.endDate));
  }

  /** One of the customer's subscriptions with its contract, items and the customer's zone. */
  async subscriptionWithContract(
    customerId: string,
    subscriptionId: string,
  ): Promise<BillingSubscription | undefined> {
    const [row] = await this.db
      .select({ subscription: subscriptions, contract: contracts, timeZone: customers.timeZone })
      .from(subscriptions)
      .innerJoin(customers, eq(customers.id, subscriptions.customerId))
      .leftJoin(contracts, eq(contracts.id, subscriptions.contractId))
      .where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.customerId, customerId)));
    if (!row) return undefined;
    const items = await this.db
      .select()
      .from(subscriptionItems)
      .where(eq(subscriptionItems.subscriptionId, subscriptionId));
    return { ...row, items };
  }

  async subscriptionIds(customerId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.customerId, customerId))
      .orderBy(asc(subscriptions.createdAt));
    return rows.map((r) => r.id);
  }

  /** The customer's oldest subscription to a treatment in a status, if any. */
  async subscriptionIdIn(
    customerId: string,
    treatmentId: string,
    status: string,
  ): Promise<string | undefined> {
    const [row] = await this.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.customerId, customerId),
          eq(subscriptions.treatmentId, treatmentId),
          eq(subscriptions.status, status),
        ),
      )
      .orderBy(asc(subscriptions.createdAt))
      .limit(1);
    return row?.id;
  }

  async insertContract(values: typeof contracts.$inferInsert): Promise<ContractRow> {
    const [row] = await this.db.insert(contracts).values(values).returning();
    if (!row) throw new Error('contract not inserted');
    return row;
  }

  /** Points a subscription at a new contract and treatment and replaces its items. */
  async replacePlan(input: {
    subscriptionId: string;
    contractId: string;
    treatmentId: string | null;
    items: { itemPriceId: string; itemType: string }[];
  }): Promise<void> {
    await this.db
      .update(subscriptions)
      .set({ contractId: input.contractId, treatmentId: input.treatmentId, status: 'active' })
      .where(eq(subscriptions.id, input.subscriptionId));
    await this.db
      .delete(subscriptionItems)
      .where(eq(subscriptionItems.subscriptionId, input.subscriptionId));
    await this.db
      .insert(subscriptionItems)
      .values(input.items.map((i) => ({ ...i, subscriptionId: input.subscriptionId })));
  }

  async setContractStatus(
    contractId: string,
    values: Pick<typeof contracts.$inferInsert, 'status' | 'autoRenew'>,
  ): Promise<void> {
    await this.db.update(contracts).set(values).where(eq(contracts.id, contractId));
  }

  async setSubscriptionStatus(subscriptionId: string, status: string): Promise<void> {
    await this.db.update(subscriptions).set({ status }).where(eq(subscriptions.id, subscriptionId));
  }

  async insertSubscription(
    values: Pick<typeof subscriptions.$inferInsert, 'customerId' | 'treatmentId' | 'status'>,
  ): Promise<SubscriptionRow> {
    const [row] = await this.db.insert(subscriptions).values(values).returning();
    if (!row) throw new Error('subscription not inserted');
    return row;
  }
}
