import { spreadReferralCredit } from '../referrals/referrals';
import { assertCents } from './money';

/** What a charge takes from the customer's credits, and what is left to charge. */
export interface AppliedCredits {
  /** Referral credit used (at most 50% of the bill, spec 02 §6 and issue 11). */
  referralCents: number;
  /** Account credit used (carried from a downgrade: the customer's own money, no cap). */
  accountCents: number;
  /** What the card is charged: gross − referral − account, never below 0. */
  dueCents: number;
}

/**
 * Applies a customer's credits to one bill: referral credit first, capped at half the bill
 * (the rest waits for later bills), then account credit for as much of the rest as it covers.
 */
export function applyCredits(
  grossCents: number,
  available: { referralCents: number; accountCents: number },
): AppliedCredits {
  assertCents(grossCents);
  assertCents(available.accountCents);
  if (grossCents <= 0) return { referralCents: 0, accountCents: 0, dueCents: 0 };
  const referralCents =
    spreadReferralCredit(available.referralCents, [grossCents]).appliedCents[0] ?? 0;
  const accountCents = Math.min(Math.max(available.accountCents, 0), grossCents - referralCents);
  return { referralCents, accountCents, dueCents: grossCents - referralCents - accountCents };
}
