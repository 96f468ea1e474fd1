import type { AddressType } from '../vocabularies';

// Spec 01 §2 (the booking flow's "state of residence") and spec 02 §5 (providers are licensed
// per state): the state a customer lives in is read from their addresses by this one rule, on
// the server (which providers may see them) and in the web app (the slots it asks for).

/** What the rule reads of an address (its type is one of ADDRESS_TYPES). */
export interface ResidenceAddress {
  addressType: string;
  stateCode: string;
}

/**
 * The customer's state of residence: the shipping address's state, else the state of the
 * earliest address on file; null with no address (licensing is then left unchecked). The
 * addresses come oldest first.
 */
export function residenceState(addresses: readonly ResidenceAddress[]): string | null {
  const shipping = addresses.find((a) => a.addressType === ('SHIPPING' satisfies AddressType));
  return (shipping ?? addresses[0])?.stateCode ?? null;
}
