import {
  PRESCRIPTION_STATUS_DISPLAY_NAMES,
  concentrationFromStrength,
  isPrescriptionStatus,
  medicationRunway,
  mgToSyringeUnits,
  shipmentTimeline,
  showsShippingTracker,
  zonedParts,
  type Runway,
  type ShipmentTimeline,
} from '@portal/domain';
import type { KitRow, PrescriptionRecord, ShipmentEventRow, ShipmentRow } from './store';

// What the API shows of a prescription: the stored record with the domain's readings of it
// (display name, tracker stage, timeline, stall, syringe units, runway) at one instant.

export interface KitView extends KitRow {
  concentrationMgPerMl: number | null;
  /** The weekly dose in syringe units (U-100) for the kit's concentration. */
  weeklyDoseUnits: number | null;
}

export interface ShipmentView extends ShipmentRow {
  timeline: ShipmentTimeline<ShipmentEventRow & { status: string }>;
}

export interface PrescriptionView extends PrescriptionRecord {
  displayName: string;
  showTracker: boolean;
  kitViews: KitView[];
  shipmentViews: ShipmentView[];
  runway: Runway | null;
}

function kitView(kit: KitRow): KitView {
  const concentration = concentrationFromStrength(kit.strength);
  return {
    ...kit,
    concentrationMgPerMl: concentration,
    weeklyDoseUnits:
      concentration && kit.weeklyDoseMg ? mgToSyringeUnits(kit.weeklyDoseMg, concentration) : null,
  };
}

function shipmentView(shipment: PrescriptionRecord['shipments'][number], now: Date): ShipmentView {
  // The timeline reads what the carrier said, so a status we do not know still counts.
  const events = shipment.events.map((e) => ({ ...e, status: e.rawStatus }));
  return { ...shipment, timeline: shipmentTimeline(events, now) };
}

/**
 * The runway of the first medication kit with a weekly dose, a vial volume and a concentration,
 * counted from the day its latest shipment was delivered (in the customer's zone).
 */
function runwayOf(kits: KitView[], shipments: ShipmentRow[], now: Date, timeZone: string) {
  const kit = kits.find(
    (k) =>
      k.internalType === 'medication' && k.weeklyDoseMg && k.volumeMl && k.concentrationMgPerMl,
  );
  const delivered = shipments
    .map((s) => s.deliveredAt)
    .filter((d): d is Date => d !== null)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  if (!kit?.weeklyDoseMg || !kit.volumeMl || !kit.concentrationMgPerMl || !delivered) return null;
  return medicationRunway({
    supplyMg: kit.quantity * kit.volumeMl * kit.concentrationMgPerMl,
    weeklyDoseMg: kit.weeklyDoseMg,
    startedOn: zonedParts(delivered, timeZone).dateKey,
    today: zonedParts(now, timeZone).dateKey,
  });
}

export function prescriptionView(
  record: PrescriptionRecord,
  now: Date,
  timeZone: string,
): PrescriptionView {
  const { status, createdAt } = record.prescription;
  const kitViews = record.kits.map(kitView);
  return {
    ...record,
    displayName: isPrescriptionStatus(status) ? PRESCRIPTION_STATUS_DISPLAY_NAMES[status] : status,
    showTracker: showsShippingTracker({ status, createdAt }, timeZone),
    kitViews,
    shipmentViews: record.shipments.map((s) => shipmentView(s, now)),
    runway: status === 'cancelled' ? null : runwayOf(kitViews, record.shipments, now, timeZone),
  };
}
