import type { Prescription } from '../../lib/treatment/use-prescriptions';

/** What a prescription is called: its first medication kit, else its first kit, else its treatment. */
export function prescriptionName(prescription: Prescription): string | null {
  const medication = prescription.kit_snapshots.find((k) => k.internal_type === 'medication');
  return (
    (medication ?? prescription.kit_snapshots[0])?.catalog_name ??
    prescription.treatment?.display_name ??
    null
  );
}
