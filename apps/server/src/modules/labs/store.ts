import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  providerRef,
  treatmentRefColumns,
  type ProviderRef,
  type TreatmentRef,
} from '../../db/treatment-refs';
import { providers, treatments } from '../../db/schema/catalog';
import { labOrders } from '../../db/schema/labs';

export type LabOrderRow = typeof labOrders.$inferSelect;

export interface LabOrderRecord {
  order: LabOrderRow;
  provider: ProviderRef | null;
  treatment: TreatmentRef | null;
}

/** The only place with SQL for lab orders. */
export class LabStore {
  constructor(private readonly db: Db) {}

  in(tx: Db): LabStore {
    return new LabStore(tx);
  }

  /** The customer's lab orders, newest first; one id when given. */
  async load(customerId: string, id?: string): Promise<LabOrderRecord[]> {
    const rows = await this.db
      .select({
        order: labOrders,
        ...treatmentRefColumns,
      })
      .from(labOrders)
      .leftJoin(providers, eq(providers.id, labOrders.providerId))
      .leftJoin(treatments, eq(treatments.id, labOrders.treatmentId))
      .where(
        id
          ? and(eq(labOrders.customerId, customerId), eq(labOrders.id, id))
          : eq(labOrders.customerId, customerId),
      )
      .orderBy(desc(labOrders.createdAt));
    return rows.map((r) => ({
      order: r.order,
      provider: providerRef(r.order.providerId, r.providerName),
      treatment: r.treatment,
    }));
  }

  async insert(values: typeof labOrders.$inferInsert): Promise<LabOrderRow> {
    const [row] = await this.db.insert(labOrders).values(values).returning();
    if (!row) throw new Error('lab order not inserted');
    return row;
  }
}
