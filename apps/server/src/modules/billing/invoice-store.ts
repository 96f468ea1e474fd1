import { and, asc, desc, eq, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { charges } from '../../db/schema/billing';
import { billingReminders, invoices } from '../../db/schema/invoices';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceInsert = typeof invoices.$inferInsert;
type ChargeRow = typeof charges.$inferSelect;

/**
 * SQL for invoices, renewals' charges and reminders: billing's own tables only (the customer's
 * address, name and plans come through CustomerService).
 */
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
