import type { PaymentDeclineReason } from '@portal/domain';

/**
 * The sandbox's well-known test numbers (the usual processor test cards). Any other valid
 * number succeeds. `verify` declines when the card is checked (saving it); `charge` only when
 * it is charged (it saves fine, then every charge fails: good for "replace the card");
 * `authenticate` saves fine and asks for 3-D Secure on every charge made while the customer is
 * at the screen, and declines with its reason when nobody is there to answer (renewals, jobs).
 */
export const SANDBOX_TEST_CARDS: Record<
  string,
  { when: 'verify' | 'charge' | 'authenticate'; reason: PaymentDeclineReason }
> = {
  '4000000000000002': { when: 'verify', reason: 'declined' },
  '4000000000009995': { when: 'verify', reason: 'insufficientFunds' },
  '4000000000009987': { when: 'verify', reason: 'lostOrStolen' }, // lost
  '4000000000009979': { when: 'verify', reason: 'lostOrStolen' }, // stolen
  '4000000000000069': { when: 'verify', reason: 'expiredCard' },
  '4000000000000127': { when: 'verify', reason: 'invalidCard' }, // incorrect CVC
  '4000000000000119': { when: 'verify', reason: 'collectionFailed' }, // processing error
  '4000000000000036': { when: 'verify', reason: 'addressMismatch' }, // postal code check fails
  '4000000000000044': { when: 'verify', reason: 'doNotHonor' },
  '4000000000000101': { when: 'verify', reason: 'notAllowed' },
  '4000000000000259': { when: 'verify', reason: 'unsupportedInstrument' },
  '4000000000000341': { when: 'charge', reason: 'declined' },
  '4000002760003184': { when: 'authenticate', reason: 'declined' }, // Stripe's "always authenticate"
};

/** The 3-D Secure test card, for tests and the demo notes. */
export const SANDBOX_AUTHENTICATE_CARD = '4000002760003184';

/**
 * What a token's card does, stored instead of the number: succeed, verify:<r>, charge:<r> or
 * authenticate:<r> (r: the reason it declines when 3-D Secure cannot be asked).
 */
export function behaviourOf(cardNumber: string): string {
  const card = SANDBOX_TEST_CARDS[cardNumber];
  return card ? `${card.when}:${card.reason}` : 'succeed';
}
