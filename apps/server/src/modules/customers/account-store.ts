import { ACTIVE_SUBSCRIPTION_STATUSES } from '@portal/domain';
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerActions } from '../../db/schema/customer-actions';
import { addresses, customers, subscriptions } from '../../db/schema/customers';
import type { AddressRow, CustomerRow } from './store';

/** SQL of the account settings (phone, pronouns, addresses, erasure); customers' own tables. */
export class AccountStore {
  constructor(private readonly db: Db) {}

  in(tx: Db): AccountStore {
    return new AccountStore(tx);
  }

  async setContact(
    customerId: string,
    values: Partial<Pick<CustomerRow, 'phone' | 'gender' | 'email'>>,
    now: Date,
  ): Promise<CustomerRow | undefined> {
    const [row] = await this.db
      .update(customers)
      .set({ ...values, updatedAt: now })
      .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)))
      .returning();
    return row;
  }

  /** The customer's own address; another customer's id reads as not found. */
  async ownAddress(customerId: string, addressId: string): Promise<AddressRow | undefined> {
    const [row] = await this.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)));
    return row;
  }

  async shippingAddress(customerId: string): Promise<AddressRow | undefined> {
    const [row] = await this.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.customerId, customerId), eq(addresses.addressType, 'SHIPPING')))
      .orderBy(asc(addresses.createdAt))
      .limit(1);
    return row;
  }

  async updateAddress(
    id: string,
    values: Omit<typeof addresses.$inferInsert, 'id' | 'customerId' | 'addressType'>,
  ): Promise<AddressRow> {
    const [row] = await this.db
      .update(addresses)
      .set(values)
      .where(eq(addresses.id, id))
      .returning();
    if (!row) throw new Error('address vanished during its update');
    return row;
  }

  async activeSubscriptionCount(customerId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.customerId, customerId),
          inArray(subscriptions.status, [...ACTIVE_SUBSCRIPTION_STATUSES]),
          isNull(subscriptions.linkedToSubscriptionId),
        ),
      );
    return row?.n ?? 0;
  }

  /** Bulk orders paid for or awaiting payment that have not completed. */
  async pendingOrderActions(customerId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(customerActions)
      .where(
        and(eq(customerActions.customerId, customerId), eq(customerActions.status, 'pending')),
      );
    return row?.n ?? 0;
  }

  async idByEmail(email: string): Promise<string | null> {
    const [row] = await this.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.email, email), isNull(customers.deletedAt)))
      .limit(1);
    return row?.id ?? null;
  }

  async idByPhone(phone: string): Promise<string | null> {
    const [row] = await this.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.phone, phone), isNull(customers.deletedAt)))
      .limit(1);
    return row?.id ?? null;
  }

  /**
   * Account deletion's erasure (see AccountService.eraseForDeletion for what stays and why):
   * contact data and addresses go, the row and its name and birth date stay for the record.
   */
  async erase(customerId: string, tombstoneEmail: string, now: Date): Promise<void> {
    await this.db.delete(addresses).where(eq(addresses.customerId, customerId));
    await this.db
      .update(customers)
      .set({
        email: tombstoneEmail,
        phone: null,
        preferredName: null,
        gender: null,
        userId: null,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(customers.id, customerId));
  }
}
