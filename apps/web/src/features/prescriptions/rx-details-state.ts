import type { Prescription } from '../../lib/treatment/use-prescriptions';

/** Spec 02 §2: /rx-details needs the prescription handed over from the list. */
export const RX_DETAILS_PATH = '/rx-details';

export interface RxDetailsState {
  prescription: Prescription;
}

export function handedOverPrescription(state: unknown): Prescription | null {
  if (typeof state !== 'object' || state === null || !('prescription' in state)) return null;
  const { prescription } = state;
  return typeof prescription === 'object' && prescription !== null && 'id' in prescription
    ? (prescription as Prescription)
    : null;
}
