import { and, asc, desc, eq, inArray, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { charges } from '../../db/schema/billing';
import { addresses, contracts, customers, subscriptions } from '../../db/schema/customers';
import { billingReminders, invoices, type InvoiceAddress } from '../../db/schema/invoices';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceInsert = typeof invoices.$inferInsert;
type ChargeRow = typeof charges.$inferSelect;

/** SQL for invoices, renewals and reminders (billing reads customers' addresses and plans). */
export class InvoiceStore {
  constructor(private readonly db: Db) {}

  in(tx: Db): InvoiceStore {
    return new InvoiceStore(tx);
  }

  /** One invoice per charge: a second insert for the same charge does nothing. */
  async insert(values: InvoiceInsert): Promise<InvoiceRow | undefined> {
    const [row] = await this.db
      .insert(invoices)
      .values(values)
      .onConflictDoNothing({ target: invoices.chargeId })
      .returning();
    return row;
  }

  /** The customer's invoices, newest first. */
  list(customerId: string, limit: number): Promise<InvoiceRow[]> {
    return this.db
      .select()
      .from(invoices)
      .where(eq(invoices.customerId, customerId))
      .orderBy(desc(invoices.issuedAt), desc(invoices.seq))
      .limit(limit);
  }

  /** One of the customer's invoices; another customer's reads as undefined. */
  async own(customerId: string, id: string): Promise<InvoiceRow | undefined> {
    const [row] = await this.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, id), eq(invoices.customerId, customerId)));
    return row;
  }

  async byId(id: string): Promise<InvoiceRow | undefined> {
    const [row] = await this.db.select().from(invoices).where(eq(invoices.id, id));
    return row;
  }

  async shippingAddress(customerId: string): Promise<InvoiceAddress | null> {
    const [row] = await this.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.customerId, customerId), eq(addresses.addressType, 'SHIPPING')))
      .orderBy(desc(addresses.createdAt))
      .limit(1);
    if (!row) return null;
    return {
      streetAddress1: row.streetAddress1,
      streetAddress2: row.streetAddress2,
      city: row.city,
      state: row.state,
      stateCode: row.stateCode,
      zipCode: row.zipCode,
    };
  }

  async patient(customerId: string): Promise<{ name: string; dob: string | null } | undefined> {
    const [row] = await this.db.select().from(customers).where(eq(customers.id, customerId));
    return row ? { name: `${row.firstName} ${row.lastName}`, dob: row.dob } : undefined;
  }

  /** Subscriptions that may owe a renewal or a reminder: with a running contract. */
  renewalCandidates(): Promise<{ customerId: string; subscriptionId: string }[]> {
    return this.db
      .select({ customerId: subscriptions.customerId, subscriptionId: subscriptions.id })
      .from(subscriptions)
      .innerJoin(contracts, eq(contracts.id, subscriptions.contractId))
      .where(inArray(contracts.status, ['active', 'non_renewing']))
      .orderBy(asc(contracts.endDate));
  }

  /** Every charge whose idempotency key starts with the prefix (a renewal's attempts). */
  chargesWithKeyPrefix(prefix: string): Promise<ChargeRow[]> {
    return this.db
      .select()
      .from(charges)
      .where(like(charges.idempotencyKey, `${prefix.replace(/[%_\\]/g, '\\$&')}%`))
      .orderBy(asc(charges.createdAt));
  }

  /** Records a reminder; false when it was raised already. */
  async insertReminder(values: typeof billingReminders.$inferInsert): Promise<boolean> {
    const rows = await this.db
      .insert(billingReminders)
      .values(values)
      .onConflictDoNothing()
      .returning({ id: billingReminders.id });
    return rows.length > 0;
  }
}
