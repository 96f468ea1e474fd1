import type { PaymentDeclineReason } from '@portal/domain';

// Stripe's decline and error codes (https://docs.stripe.com/declines/codes) in the spec's
// words (spec 02 §8). Stripe puts the issuer's reason in `decline_code` when it has one and
// its own in `code` otherwise (expired_card, incorrect_cvc, authentication_required …), so
// the adapter reads `decline_code ?? code`. A code not listed is a plain decline: the customer
// sees the generic "declined" message rather than a reason we cannot vouch for.

const REASONS: Readonly<Record<string, PaymentDeclineReason>> = {
  generic_decline: 'declined',
  card_declined: 'declined',
  insufficient_funds: 'insufficientFunds',
  lost_card: 'lostOrStolen',
  stolen_card: 'lostOrStolen',
  expired_card: 'expiredCard',
  incorrect_cvc: 'invalidCard',
  invalid_cvc: 'invalidCard',
  incorrect_number: 'invalidCard',
  invalid_number: 'invalidCard',
  invalid_expiry_month: 'invalidCard',
  invalid_expiry_year: 'invalidCard',
  processing_error: 'collectionFailed',
  incorrect_zip: 'addressMismatch',
  do_not_honor: 'doNotHonor',
  transaction_not_allowed: 'notAllowed',
  not_permitted: 'notAllowed',
  card_velocity_exceeded: 'notAllowed',
  card_not_supported: 'unsupportedInstrument',
  currency_not_supported: 'unsupportedInstrument',
  // Off session nobody can answer 3-D Secure: to the customer it is a decline, and the
  // payment-due mail asks them to pay on the site, where the challenge can be shown.
  authentication_required: 'declined',
};

export function declineReasonOf(
  code: string | null | undefined,
  declineCode?: string | null,
): PaymentDeclineReason {
  // Object.hasOwn: a code named like an Object.prototype member ("constructor") is unknown.
  for (const candidate of [declineCode, code]) {
    if (candidate && Object.hasOwn(REASONS, candidate)) return REASONS[candidate] ?? 'declined';
  }
  return 'declined';
}
