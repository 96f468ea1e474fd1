import { z } from 'zod';
import { isSupportedStateCode } from '../us-states';

// Spec 02 §5: shipping and billing addresses. Message keys live in the account catalogue.
export const ADDRESS_MESSAGES = {
  poBox: 'address.poBox',
  zipInvalid: 'address.zipInvalid',
  stateUnsupported: 'address.stateUnsupported',
  firstNameRequired: 'address.firstNameRequired',
  lastNameRequired: 'address.lastNameRequired',
  streetRequired: 'address.streetRequired',
  cityRequired: 'address.cityRequired',
  tooLong: 'address.tooLong',
} as const;

// PO Box spellings seen in real address data (REFERENCES.md, Addresses). Each pattern needs a
// box word or a number right after the "PO", so "Pond St", "Polk Ave", "Box Elder St" and
// "#123" are not taken for one.
const PO_BOX_PATTERNS = [
  // PO Box, P.O. Box, P O Box, POBox, P.O.Bx
  /\bp\s*\.?\s*o\s*\.?\s*(?:box|bx)\b/i,
  // Post Office Box, Post Box, Postal Box
  /\bpost(?:al)?\s*(?:office\s*)?box\b/i,
  // POB 12, P.O.B. 12
  /\bp\s*\.?\s*o\s*\.?\s*b\s*\.?\s*#?\s*\d/i,
  // Box 12 (a line that starts with the box number)
  /^\s*(?:box|bx)\s*#?\s*\d/i,
];

/** Spec 02 §5: 'We are not able to ship to a PO Box address.' */
export function isPoBox(line: string | null | undefined): boolean {
  if (!line) return false;
  return PO_BOX_PATTERNS.some((p) => p.test(line));
}

export const ZIP_CODE_PATTERN = /^\d{5}(?:-\d{4})?$/;

const required = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: ADDRESS_MESSAGES.tooLong });

const streetLine = required(ADDRESS_MESSAGES.streetRequired, 200);
const secondLine = z.string().trim().max(200, { error: ADDRESS_MESSAGES.tooLong });

/**
 * The address fields both forms share: names required, a valid ZIP, one of the 50 states + DC
 * + the test state. `poBoxMessage`: a shipping address refuses a PO Box on either street line
 * with it; a billing address (null) takes one (issue 44: spec 02 §5 forbids PO Boxes for
 * shipping only: a card's billing address is where its statements go, often a box).
 */
function addressSchema(poBoxMessage: string | null) {
  const notPoBox = { error: poBoxMessage ?? '' };
  const firstLine =
    poBoxMessage === null ? streetLine : streetLine.refine((v) => !isPoBox(v), notPoBox);
  const otherLine =
    poBoxMessage === null ? secondLine : secondLine.refine((v) => !isPoBox(v), notPoBox);
  return z.object({
    firstName: required(ADDRESS_MESSAGES.firstNameRequired, 100),
    lastName: required(ADDRESS_MESSAGES.lastNameRequired, 100),
    streetAddress1: firstLine,
    streetAddress2: otherLine.nullish().transform((v) => v || null),
    city: required(ADDRESS_MESSAGES.cityRequired, 100),
    stateCode: z
      .string({ error: ADDRESS_MESSAGES.stateUnsupported })
      .trim()
      .toUpperCase()
      .refine(isSupportedStateCode, { error: ADDRESS_MESSAGES.stateUnsupported }),
    zipCode: z
      .string({ error: ADDRESS_MESSAGES.zipInvalid })
      .trim()
      .regex(ZIP_CODE_PATTERN, { error: ADDRESS_MESSAGES.zipInvalid }),
  });
}

/**
 * Spec 02 §5: a shipping address as the customer types it. The same schema checks the form
 * and the server's input: no PO Box on either street line, a valid ZIP, one of the 50 states +
 * DC + the test state, first and last names required.
 */
export const addressFormSchema = addressSchema(ADDRESS_MESSAGES.poBox);
export type AddressFormInput = z.input<typeof addressFormSchema>;
export type AddressForm = z.output<typeof addressFormSchema>;

/** Spec 02 §7: Update shipping address {address id, street 1, street 2, city, zip code} (+ names, state). */
export const updateShippingAddressSchema = addressFormSchema.extend({ addressId: z.uuid() });
export type UpdateShippingAddressInput = z.output<typeof updateShippingAddressSchema>;

/**
 * The billing address of a payment method (spec 02 §3 payment source billing_address): the
 * shipping rules, field names and messages, but a PO Box is a valid billing address.
 */
export const billingAddressFormSchema = addressSchema(null);
export type BillingAddressFormInput = z.input<typeof billingAddressFormSchema>;

/** Update billing address {payment source id, names, street 1 and 2, city, state, zip code}. */
export const updateBillingAddressSchema = billingAddressFormSchema.extend({
  paymentSourceId: z.uuid(),
});
export type UpdateBillingAddressInput = z.output<typeof updateBillingAddressSchema>;

/**
 * Spec 02 §6, SA100–SA103: why a shipping address change is refused, decided on the server
 * from the customer's real data. Pure: the facts come in, the code goes out.
 */
export interface AddressLockFacts {
  /** Current shipping state code, if any. */
  currentStateCode: string | null;
  requestedStateCode: string;
  /** Subscriptions that are active or non-renewing. */
  activeSubscriptionCount: number;
  /** Short ids of the treatments of those subscriptions. */
  activeTreatmentShortIds: readonly string[];
  /** Orders not yet delivered or cancelled (prescriptions on their way, pending bulk orders). */
  ordersInProgress: number;
}

/**
 * Treatments whose prescriptions are tied to the state they were written for: testosterone is
 * a Schedule III controlled substance, dispensed under the prescriber's registration in the
 * patient's state, so the care team changes the address by re-prescribing (SA102).
 */
export const ADDRESS_LOCKED_TREATMENTS = ['testosterone'] as const;

export type AddressLockCode = 'SA100' | 'SA101' | 'SA102' | 'SA103';

/**
 * The first rule that locks the change, or null. Order: an order in progress (SA103) first,
 * because a parcel on its way would go to the old address whatever else holds; then the
 * treatment type (SA102) and several subscriptions (SA101), which lock any edit; and last a
 * move to another state (SA100), which is refused only for a customer under treatment,
 * because the provider is licensed per state.
 */
export function addressLock(facts: AddressLockFacts): AddressLockCode | null {
  if (facts.ordersInProgress > 0) return 'SA103';
  if (
    facts.activeTreatmentShortIds.some((id) =>
      (ADDRESS_LOCKED_TREATMENTS as readonly string[]).includes(id),
    )
  )
    return 'SA102';
  if (facts.activeSubscriptionCount > 1) return 'SA101';
  if (
    facts.activeSubscriptionCount > 0 &&
    facts.currentStateCode !== null &&
    facts.currentStateCode !== facts.requestedStateCode
  )
    return 'SA100';
  return null;
}
