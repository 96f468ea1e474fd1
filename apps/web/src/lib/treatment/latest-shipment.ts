import type { Prescription, Shipment } from './use-prescriptions';

/**
 * Spec 01 §2, home orders module: the shipment the customer is most likely waiting for, the
 * newest prescription's that has one among those the tracker shows (a cancelled prescription's
 * or one from before the tracker is not an order in flight). Prescriptions come newest first.
 */
export function latestShipment(
  prescriptions: readonly Prescription[],
): { prescription: Prescription; shipment: Shipment } | null {
  const newestFirst = [...prescriptions].sort(
    (a, b) => Date.parse(b.created_at) - Date.parse(a.created_at),
  );
  for (const prescription of newestFirst) {
    if (prescription.show_tracker && prescription.shipping_status) {
      return { prescription, shipment: prescription.shipping_status };
    }
  }
  return null;
}
