import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema/payments';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceInsert = typeof invoices.$inferInsert;

/**
 * SQL for invoices (the customer's address and name come through CustomerService).
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

  async ofCharge(chargeId: string): Promise<InvoiceRow | undefined> {
    const [row] = await this.db.select().from(invoices).where(eq(invoices.chargeId, chargeId));
    return row;
  }

  /** A payment-due invoice whose charge was paid after all (a late success). */
  async markPaid(chargeId: string, amount: number, at: Date): Promise<InvoiceRow | undefined> {
    const [row] = await this.db
      .update(invoices)
      .set({ status: 'paid', amountPaid: amount, updatedAt: at })
      .where(and(eq(invoices.chargeId, chargeId), eq(invoices.status, 'payment_due')))
      .returning();
    return row;
  }

  async addRefunded(chargeId: string, cents: number, at: Date): Promise<InvoiceRow | undefined> {
    const [row] = await this.db
      .update(invoices)
      .set({ amountRefunded: sql`${invoices.amountRefunded} + ${cents}`, updatedAt: at })
      .where(eq(invoices.chargeId, chargeId))
      .returning();
    return row;
  }
}
