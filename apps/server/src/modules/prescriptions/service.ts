import {
  PRESCRIPTION_STATUS_FOR_SHIPMENT,
  normalizeShipmentStatus,
  shipmentStage,
  shipmentTimeline,
  type Carrier,
  type CreatePrescriptionInput,
  type PrescriptionSnackbarStatus,
  type ShipmentEventInput,
  type ShipmentInput,
} from '@portal/domain';
import type { Db } from '../../db/client';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Work } from '../../platform/unit-of-work';
import {
  PrescriptionStore,
  type PrescriptionRow,
  type ShipmentEventRow,
  type ShipmentRow,
  type PrescriptionRecord,
} from './store';
import { prescriptionView, type PrescriptionView } from './views';

export type { PrescriptionRow, PrescriptionView, ShipmentRow };

export interface NewPrescription extends Omit<CreatePrescriptionInput, 'treatmentShortId'> {
  treatmentId: string | null;
}

export interface AddedEvents {
  shipment: ShipmentRow;
  prescription: PrescriptionRow;
  added: ShipmentEventRow[];
}

export class PrescriptionService {
  constructor(
    private readonly store: PrescriptionStore,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  /**
   * The customer's prescriptions with their shipments and scans for the care console's patient
   * page, newest first. Not audited here: the staff overview audits its read once.
   */
  recordsForCareTeam(customerId: string): Promise<PrescriptionRecord[]> {
    return this.store.load(customerId);
  }

  /** Prescriptions by customer (and Customer.prescriptions): own, newest first; audited. */
  async list(
    customerId: string,
    timeZone: string,
    actor: AuditActor,
    operation = 'PrescriptionsByCustomer',
  ): Promise<PrescriptionView[]> {
    const records = await this.store.load(customerId);
    await this.audit.record(actor, {
      action: 'read',
      entity: 'prescription',
      entityId: customerId,
      details: { operation, ids: records.map((r) => r.prescription.id) },
    });
    const now = this.clock.now();
    return records.map((r) => prescriptionView(r, now, timeZone));
  }

  /** One own prescription; undefined for another customer's id (reads as not found). */
  async findOwn(
    customerId: string,
    id: string,
    timeZone: string,
    actor: AuditActor,
  ): Promise<PrescriptionView | undefined> {
    const [record] = await this.store.load(customerId, id);
    if (!record) return undefined;
    await this.audit.record(actor, {
      action: 'read',
      entity: 'prescription',
      entityId: id,
      details: { operation: 'Prescription' },
    });
    return prescriptionView(record, this.clock.now(), timeZone);
  }

  /** Staff API: writes a prescription with its kits, media and first shipment; audited. */
  async create(customerId: string, input: NewPrescription, work: Work): Promise<PrescriptionRow> {
    const store = this.store.in(work.tx);
    const now = this.clock.now();
    const createdAt = input.writtenAt ?? now;
    const prescription = await store.insertPrescription({
      customerId,
      providerId: input.providerId ?? null,
      treatmentId: input.treatmentId,
      status: input.status,
      createdAt,
      updatedAt: createdAt,
    });
    await store.insertKits(
      input.kits.map((kit, position) => ({
        prescriptionId: prescription.id,
        position,
        catalogName: kit.catalogName,
        kitName: kit.kitName,
        directions: kit.directions,
        quantity: kit.quantity,
        strength: kit.strength,
        form: kit.form,
        internalType: kit.internalType,
        refills: kit.refills,
        volumeMl: kit.volumeMl ?? null,
        weeklyDoseMg: kit.weeklyDoseMg ?? null,
        createdAt,
      })),
    );
    await store.insertMediaAssets(
      input.mediaAssets.map((asset, position) => ({
        prescriptionId: prescription.id,
        position,
        ...asset,
      })),
    );
    await work.audit({
      action: 'create',
      entity: 'prescription',
      entityId: prescription.id,
      // The names of the fields given (issue 41), never their values: directions and
      // strengths are the patient's treatment.
      details: {
        customerId,
        fields: Object.keys(input).filter((k) => input[k as keyof NewPrescription] != null),
        kits: input.kits.length,
      },
    });
    if (input.shipment) await this.addShipment(prescription, input.shipment, work);
    return prescription;
  }

  /** Staff API: a shipment for a prescription; undefined when there is no such prescription. */
  async addShipmentTo(
    prescriptionId: string,
    input: ShipmentInput,
    work: Work,
  ): Promise<ShipmentRow | undefined> {
    const prescription = await this.store.in(work.tx).findPrescription(prescriptionId);
    return prescription ? this.addShipment(prescription, input, work) : undefined;
  }

  private async addShipment(
    prescription: PrescriptionRow,
    input: ShipmentInput,
    work: Work,
  ): Promise<ShipmentRow> {
    const row = await this.store.in(work.tx).insertShipment({
      prescriptionId: prescription.id,
      customerId: prescription.customerId,
      carrier: input.carrier,
      trackingNumber: input.trackingNumber ?? null,
      createdAt: this.clock.now(),
    });
    await work.audit({
      action: 'create',
      entity: 'shipment',
      entityId: row.id,
      // Field names only (issue 41): a tracking number leads to the patient's address.
      details: {
        customerId: prescription.customerId,
        prescriptionId: prescription.id,
        fields: input.trackingNumber ? ['carrier', 'trackingNumber'] : ['carrier'],
      },
    });
    return row;
  }

  /** Staff API: sets a prescription's status (a cancellation, say); audited. */
  async setStatus(
    prescriptionId: string,
    status: PrescriptionSnackbarStatus,
    work: Work,
  ): Promise<PrescriptionRow | undefined> {
    const row = await this.store.in(work.tx).setStatus(prescriptionId, status, this.clock.now());
    if (row) {
      await work.audit({
        action: 'update',
        entity: 'prescription',
        entityId: row.id,
        details: { status },
      });
    }
    return row;
  }

  findShipmentByTracking(
    carrier: Carrier,
    trackingNumber: string,
  ): Promise<ShipmentRow | undefined> {
    return this.store.findShipmentByTracking(carrier, trackingNumber);
  }

  /**
   * Records carrier or pharmacy events of a shipment (each scan once: a repeated post or a
   * redelivered webhook adds nothing), then brings the shipment's shipped and delivered times
   * and the prescription's status in line with its timeline. A cancelled prescription keeps
   * its status. Undefined when there is no such shipment.
   */
  async addEvents(
    shipmentId: string,
    events: ShipmentEventInput[],
    source: 'staff' | 'webhook',
    work: Work,
  ): Promise<AddedEvents | undefined> {
    const store = this.store.in(work.tx);
    const shipment = await store.findShipment(shipmentId);
    if (!shipment) return undefined;
    const added = await store.insertEvents(
      events.map((e) => ({
        shipmentId,
        rawStatus: e.status,
        status: normalizeShipmentStatus(e.status),
        occurredAt: e.occurredAt,
        message: e.message ?? null,
        location: e.location ?? null,
        source,
      })),
    );
    const all = await store.eventsOf(shipmentId);
    const carrierScans = all.filter((e) => shipmentStage(e.rawStatus).source === 'carrier');
    const shippedAt = carrierScans[0]?.occurredAt ?? null;
    const deliveredAt =
      carrierScans.find((e) => shipmentStage(e.rawStatus).stage === 'delivered')?.occurredAt ??
      null;
    await store.setShipmentTimes(shipmentId, { shippedAt, deliveredAt });
    let prescription = await store.findPrescription(shipment.prescriptionId);
    if (!prescription) throw new Error('shipment without its prescription');
    const current = shipmentTimeline(
      all.map((e) => ({ ...e, status: e.rawStatus })),
      this.clock.now(),
    ).current;
    const status = current?.status ? PRESCRIPTION_STATUS_FOR_SHIPMENT[current.status] : null;
    if (status && prescription.status !== 'cancelled' && status !== prescription.status) {
      prescription =
        (await store.setStatus(prescription.id, status, this.clock.now())) ?? prescription;
    }
    if (added.length > 0) {
      await work.audit({
        action: 'update',
        entity: 'shipment',
        entityId: shipmentId,
        // How many events and which fields, not the carrier's words (they can name a place).
        details: {
          customerId: prescription.customerId,
          source,
          added: added.length,
          fields: ['events', 'status'],
        },
      });
    }
    return { shipment: { ...shipment, shippedAt, deliveredAt }, prescription, added };
  }
}

/** Builds the service over its own store (called by the composition root). */
export function createPrescriptionService(deps: {
  db: Db;
  audit: AuditLog;
  clock: Clock;
}): PrescriptionService {
  return new PrescriptionService(new PrescriptionStore(deps.db), deps.audit, deps.clock);
}
