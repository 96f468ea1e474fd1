import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  providerRef,
  treatmentRefColumns,
  type ProviderRef,
  type TreatmentRef,
} from '../../db/treatment-refs';
import { providers, treatments } from '../../db/schema/catalog';
import {
  prescriptionKits,
  prescriptionMediaAssets,
  prescriptions,
  shipmentEvents,
  shipments,
} from '../../db/schema/prescriptions';

export type PrescriptionRow = typeof prescriptions.$inferSelect;
export type KitRow = typeof prescriptionKits.$inferSelect;
export type MediaAssetRow = typeof prescriptionMediaAssets.$inferSelect;
export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentEventRow = typeof shipmentEvents.$inferSelect;

export interface PrescriptionRecord {
  prescription: PrescriptionRow;
  provider: ProviderRef | null;
  treatment: TreatmentRef | null;
  kits: KitRow[];
  mediaAssets: MediaAssetRow[];
  shipments: (ShipmentRow & { events: ShipmentEventRow[] })[];
}

/** The only place with SQL for prescriptions, their kits, media, shipments and events. */
export class PrescriptionStore {
  constructor(private readonly db: Db) {}

  in(tx: Db): PrescriptionStore {
    return new PrescriptionStore(tx);
  }

  /** The customer's prescriptions, newest first, each whole; one id when given. */
  async load(customerId: string, id?: string): Promise<PrescriptionRecord[]> {
    const rows = await this.db
      .select({
        prescription: prescriptions,
        ...treatmentRefColumns,
      })
      .from(prescriptions)
      .leftJoin(providers, eq(providers.id, prescriptions.providerId))
      .leftJoin(treatments, eq(treatments.id, prescriptions.treatmentId))
      .where(
        id
          ? and(eq(prescriptions.customerId, customerId), eq(prescriptions.id, id))
          : eq(prescriptions.customerId, customerId),
      )
      .orderBy(desc(prescriptions.createdAt));
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.prescription.id);
    const [kits, media, shipmentRows] = await Promise.all([
      this.db
        .select()
        .from(prescriptionKits)
        .where(inArray(prescriptionKits.prescriptionId, ids))
        .orderBy(asc(prescriptionKits.position)),
      this.db
        .select()
        .from(prescriptionMediaAssets)
        .where(inArray(prescriptionMediaAssets.prescriptionId, ids))
        .orderBy(asc(prescriptionMediaAssets.position)),
      this.db
        .select()
        .from(shipments)
        .where(inArray(shipments.prescriptionId, ids))
        .orderBy(asc(shipments.createdAt)),
    ]);
    const events = shipmentRows.length
      ? await this.db
          .select()
          .from(shipmentEvents)
          .where(
            inArray(
              shipmentEvents.shipmentId,
              shipmentRows.map((s) => s.id),
            ),
          )
          .orderBy(asc(shipmentEvents.occurredAt))
      : [];
    return rows.map((r) => ({
      prescription: r.prescription,
      provider: providerRef(r.prescription.providerId, r.providerName),
      treatment: r.treatment,
      kits: kits.filter((k) => k.prescriptionId === r.prescription.id),
      mediaAssets: media.filter((m) => m.prescriptionId === r.prescription.id),
      shipments: shipmentRows
        .filter((s) => s.prescriptionId === r.prescription.id)
        .map((s) => ({ ...s, events: events.filter((e) => e.shipmentId === s.id) })),
    }));
  }

  async insertPrescription(values: typeof prescriptions.$inferInsert): Promise<PrescriptionRow> {
    const [row] = await this.db.insert(prescriptions).values(values).returning();
    if (!row) throw new Error('prescription not inserted');
    return row;
  }

  async insertKits(values: (typeof prescriptionKits.$inferInsert)[]): Promise<void> {
    if (values.length) await this.db.insert(prescriptionKits).values(values);
  }

  async insertMediaAssets(values: (typeof prescriptionMediaAssets.$inferInsert)[]): Promise<void> {
    if (values.length) await this.db.insert(prescriptionMediaAssets).values(values);
  }

  async insertShipment(values: typeof shipments.$inferInsert): Promise<ShipmentRow> {
    const [row] = await this.db.insert(shipments).values(values).returning();
    if (!row) throw new Error('shipment not inserted');
    return row;
  }

  async findPrescription(id: string): Promise<PrescriptionRow | undefined> {
    const [row] = await this.db.select().from(prescriptions).where(eq(prescriptions.id, id));
    return row;
  }

  async findShipment(id: string): Promise<ShipmentRow | undefined> {
    const [row] = await this.db.select().from(shipments).where(eq(shipments.id, id));
    return row;
  }

  async findShipmentByTracking(
    carrier: ShipmentRow['carrier'],
    trackingNumber: string,
  ): Promise<ShipmentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(shipments)
      .where(and(eq(shipments.carrier, carrier), eq(shipments.trackingNumber, trackingNumber)));
    return row;
  }

  /** Inserts the events not recorded yet (same status at the same instant); returns the new. */
  async insertEvents(values: (typeof shipmentEvents.$inferInsert)[]): Promise<ShipmentEventRow[]> {
    if (values.length === 0) return [];
    return this.db.insert(shipmentEvents).values(values).onConflictDoNothing().returning();
  }

  async eventsOf(shipmentId: string): Promise<ShipmentEventRow[]> {
    return this.db
      .select()
      .from(shipmentEvents)
      .where(eq(shipmentEvents.shipmentId, shipmentId))
      .orderBy(asc(shipmentEvents.occurredAt));
  }

  async setShipmentTimes(
    id: string,
    times: { shippedAt: Date | null; deliveredAt: Date | null },
  ): Promise<void> {
    await this.db.update(shipments).set(times).where(eq(shipments.id, id));
  }

  async setStatus(id: string, status: string, now: Date): Promise<PrescriptionRow | undefined> {
    const [row] = await this.db
      .update(prescriptions)
      .set({ status, updatedAt: now })
      .where(eq(prescriptions.id, id))
      .returning();
    return row;
  }
}
