import type { CustomerActionStatus } from '@portal/domain';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerActions, customerActionTypes } from '../../db/schema/customer-actions';
import { customers } from '../../db/schema/customers';

type ActionRow = typeof customerActions.$inferSelect;

/** An action with its type's code and its customer's identity-provider user id. */
export interface CustomerActionRecord extends ActionRow {
  typeCode: string;
  customerUserId: string | null;
}

/** The only place with SQL for customer actions. */
export class CustomerActionStore {
  constructor(private readonly db: Db) {}

  in(tx: Db): CustomerActionStore {
    return new CustomerActionStore(tx);
  }

  private select(where: SQL | undefined) {
    const a = customerActions;
    return this.db
      .select({
        action: a,
        typeCode: customerActionTypes.typeCode,
        customerUserId: customers.userId,
      })
      .from(a)
      .innerJoin(customerActionTypes, eq(customerActionTypes.id, a.actionTypeId))
      .innerJoin(customers, eq(customers.id, a.customerId))
      .where(where)
      .orderBy(desc(a.createdAt), desc(a.id));
  }

  /**
   * One of the customer's own actions: the customer id in the WHERE clause is what keeps
   * another customer's action out of reach (it reads as not found).
   */
  async findOwn(customerId: string, id: string): Promise<CustomerActionRecord | undefined> {
    const [row] = await this.select(
      and(eq(customerActions.id, id), eq(customerActions.customerId, customerId)),
    );
    return row && { ...row.action, typeCode: row.typeCode, customerUserId: row.customerUserId };
  }

  /** Any customer's action by id: for a caller that proved the owner another way (a signed webhook). */
  async findById(id: string): Promise<CustomerActionRecord | undefined> {
    const [row] = await this.select(eq(customerActions.id, id));
    return row && { ...row.action, typeCode: row.typeCode, customerUserId: row.customerUserId };
  }

  /** pending → complete, only from pending: the condition makes one caller the completer. */
  async completePending(customerId: string, id: string, now: Date): Promise<ActionRow | undefined> {
    const [row] = await this.db
      .update(customerActions)
      .set({ status: 'complete', updatedAt: now })
      .where(
        and(
          eq(customerActions.id, id),
          eq(customerActions.customerId, customerId),
          eq(customerActions.status, 'pending'),
        ),
      )
      .returning();
    return row;
  }

  /** The customer's actions, newest first, optionally in one status. */
  async listOwn(
    customerId: string,
    status?: CustomerActionStatus,
  ): Promise<CustomerActionRecord[]> {
    const rows = await this.select(
      and(
        eq(customerActions.customerId, customerId),
        status ? eq(customerActions.status, status) : undefined,
      ),
    );
    return rows.map((r) => ({
      ...r.action,
      typeCode: r.typeCode,
      customerUserId: r.customerUserId,
    }));
  }

  /** The id of a type code, created on first use (the unique index decides between racers). */
  async typeId(typeCode: string): Promise<string> {
    await this.db.insert(customerActionTypes).values({ typeCode }).onConflictDoNothing();
    const [row] = await this.db
      .select({ id: customerActionTypes.id })
      .from(customerActionTypes)
      .where(eq(customerActionTypes.typeCode, typeCode));
    if (!row) throw new Error(`customer action type ${typeCode} not found`);
    return row.id;
  }

  async insert(values: typeof customerActions.$inferInsert): Promise<ActionRow> {
    const [row] = await this.db.insert(customerActions).values(values).returning();
    if (!row) throw new Error('customer action not inserted');
    return row;
  }
}
