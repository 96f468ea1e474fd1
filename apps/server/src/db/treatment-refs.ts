import { providers, treatments } from './schema/index';

/** The provider a treatment record names, as its list and detail views show it. */
export interface ProviderRef {
  id: string;
  displayName: string;
}

/** The treatment a record belongs to, as its list and detail views show it. */
export interface TreatmentRef {
  id: string;
  shortId: string;
  displayName: string;
  billingProductId: string | null;
}

/**
 * The columns a treatment record (prescription, lab order) selects beside its own row when
 * it left-joins `providers` and `treatments`; `providerRef` turns them back into a reference.
 */
export const treatmentRefColumns = {
  providerName: providers.displayName,
  treatment: {
    id: treatments.id,
    shortId: treatments.shortId,
    displayName: treatments.displayName,
    billingProductId: treatments.billingProductId,
  },
};

export function providerRef(
  providerId: string | null,
  providerName: string | null,
): ProviderRef | null {
  return providerId && providerName ? { id: providerId, displayName: providerName } : null;
}
