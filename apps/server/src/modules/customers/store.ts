import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  addresses,
  contracts,
  customers,
  customerTags,
  subscriptionItems,
  subscriptions,
} from '../../db/schema/index';

export type CustomerRow = typeof customers.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
export type ContractRow = typeof contracts.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionItemRow = typeof subscriptionItems.$inferSelect;

export interface CustomerRecord {
  customer: CustomerRow;
  addresses: AddressRow[];
  tags: string[];
  contracts: ContractRow[];
  subscriptions: (SubscriptionRow & { items: SubscriptionItemRow[] })[];
}

/** The only place with SQL for customers. */
export class CustomerStore {
  constructor(private readonly db: Db) {}

  async findById(id: string): Promise<CustomerRow | undefined> {
    const [row] = await this.db.select().from(customers).where(eq(customers.id, id));
    return row;
  }

  /** One customer with everything GetCustomerData shows, in five indexed reads. */
  async loadRecord(id: string): Promise<CustomerRecord | undefined> {
    const customer = await this.findById(id);
    if (!customer) return undefined;
    const [addressRows, tagRows, contractRows, subscriptionRows] = await Promise.all([
      this.db
        .select()
        .from(addresses)
        .where(eq(addresses.customerId, id))
        .orderBy(asc(addresses.createdAt)),
      this.db
        .select({ name: customerTags.name })
        .from(customerTags)
        .where(eq(customerTags.customerId, id))
        .orderBy(asc(customerTags.name)),
      this.db
        .select()
        .from(contracts)
        .where(eq(contracts.customerId, id))
        .orderBy(asc(contracts.startDate)),
      this.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.customerId, id))
        .orderBy(asc(subscriptions.createdAt)),
    ]);
    const items = subscriptionRows.length
      ? await this.db
          .select()
          .from(subscriptionItems)
          .where(
            inArray(
              subscriptionItems.subscriptionId,
              subscriptionRows.map((s) => s.id),
            ),
          )
      : [];
    return {
      customer,
      addresses: addressRows,
      tags: tagRows.map((t) => t.name),
      contracts: contractRows,
      subscriptions: subscriptionRows.map((s) => ({
        ...s,
        items: items.filter((i) => i.subscriptionId === s.id),
      })),
    };
  }
}
