import { z } from 'zod';
import { REFERRAL_CREDIT_CAP_PERCENT, REFERRAL_CREDIT_CENTS } from '../constants';
import type { ReferralStatus } from '../vocabularies';

// Spec 02 §3, §4, §5, §9: referral states, the credit they earn, the 50% cap over invoices,
// and the email-chip rules of the /referrals form. Pure: the server and the web share them.

/** What the state rules need of one referral (GetReferrals: status, referrer_discount_remaining). */
export interface ReferralStateInput {
  status: ReferralStatus;
  /** Cents of the referrer's $50 still to be used; null before the referrer received it. */
  referrerDiscountRemaining: number | null;
}

export type ReferralState = 'pending' | 'partlyUsed' | 'completed';

/**
 * Spec 02 §4: any status other than referrer_discount_received is pending;
 * referrer_discount_received with remaining discount not 0 is pending and partly used;
 * referrer_discount_received with remaining 0 is completed.
 */
export function referralState(referral: ReferralStateInput): ReferralState {
  if (referral.status !== 'referrer_discount_received') return 'pending';
  return referral.referrerDiscountRemaining === 0 ? 'completed' : 'partlyUsed';
}

export interface ReferralSummary {
  /** Pending referrals, the partly used ones included (spec 02 §4). */
  pendingCount: number;
  completedCount: number;
  /** Spec 02 §9: the used part of partly used discounts + 5000 per completed referral. */
  creditCents: number;
}

/** The /referrals header: the credit total and the pending and completed counts. */
export function summarizeReferrals(referrals: readonly ReferralStateInput[]): ReferralSummary {
  let pendingCount = 0;
  let completedCount = 0;
  let creditCents = 0;
  for (const referral of referrals) {
    const state = referralState(referral);
    if (state === 'completed') {
      completedCount += 1;
      creditCents += REFERRAL_CREDIT_CENTS;
      continue;
    }
    pendingCount += 1;
    if (state === 'partlyUsed') {
      const remaining = Math.min(
        Math.max(referral.referrerDiscountRemaining ?? REFERRAL_CREDIT_CENTS, 0),
        REFERRAL_CREDIT_CENTS,
      );
      creditCents += REFERRAL_CREDIT_CENTS - remaining;
    }
  }
  return { pendingCount, completedCount, creditCents };
}

/**
 * The lifecycle the server moves a referral through (spec 02 §3, §5): created when the customer
 * sends it, email_sent once the referee's mail is out, referee_signed_up when that email signs
 * up, referrer_discount_received when the referee pays a first invoice (the referrer holds
 * 5000 cents to use), expired or referral_invalid to end it early.
 */
export const REFERRAL_TRANSITIONS: Readonly<Record<ReferralStatus, readonly ReferralStatus[]>> = {
  created: [
    'email_sent',
    'coupon_code_generated',
    'referee_signed_up',
    'expired',
    'referral_invalid',
  ],
  coupon_code_generated: ['email_sent', 'referee_signed_up', 'expired', 'referral_invalid'],
  email_sent: ['referee_signed_up', 'expired', 'referral_invalid'],
  referee_signed_up: [
    'referrer_discount_applied',
    'referrer_discount_received',
    'referral_invalid',
  ],
  referrer_discount_applied: ['referrer_discount_received'],
  referrer_discount_received: [],
  expired: [],
  referral_invalid: [],
};

export function canMoveReferral(from: ReferralStatus, to: ReferralStatus): boolean {
  return REFERRAL_TRANSITIONS[from].includes(to);
}

export interface CreditSpread {
  /** Cents of credit applied to each invoice, in the order given. */
  appliedCents: number[];
  /** What is left for later invoices. */
  carriedForwardCents: number;
}

/**
 * Spec 02 §9: credit covers at most 50% of a monthly bill and the rest is carried forward to
 * the next invoices (a $50 credit on $50 bills is $25 on two invoices). Billing calls this with
 * the bills in order; integer cents, rounded down so the cap is never passed.
 */
export function spreadReferralCredit(
  creditCents: number,
  invoiceTotalsCents: readonly number[],
): CreditSpread {
  if (!Number.isSafeInteger(creditCents) || creditCents < 0) {
    throw new RangeError(`credit must be whole non-negative cents, got ${String(creditCents)}`);
  }
  let left = creditCents;
  const appliedCents = invoiceTotalsCents.map((total) => {
    if (!Number.isSafeInteger(total)) {
      throw new RangeError(`invoice totals must be integer cents, got ${String(total)}`);
    }
    const cap = Math.floor((Math.max(total, 0) * REFERRAL_CREDIT_CAP_PERCENT) / 100);
    const applied = Math.min(left, cap);
    left -= applied;
    return applied;
  });
  return { appliedCents, carriedForwardCents: left };
}

// ---------------------------------------------------------------------------
// The email-chip form (spec 02 §5).

/** The spec's own wording; the web shows them through i18n keys of the same meaning. */
export const REFERRAL_EMAIL_MESSAGES = {
  invalid: 'Email invalid',
  own: 'A subscription under the email provided already exist.',
} as const;

export type ReferralEmailProblem = keyof typeof REFERRAL_EMAIL_MESSAGES;

/** One email address, as the form, the server and the database compare them. */
export const referralEmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** CreateReferral {refereeEmail}. */
export const createReferralSchema = z.strictObject({ refereeEmail: referralEmailSchema });
export type CreateReferralInput = z.output<typeof createReferralSchema>;

/** Input splits on commas; surrounding spaces go, empty pieces are ignored. */
export function splitReferralEmails(input: string): string[] {
  return input
    .split(/[,\s]+/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** Why an email cannot be a referral, or null when it can. */
export function referralEmailProblem(
  email: string,
  ownEmail: string | null | undefined,
): ReferralEmailProblem | null {
  const parsed = referralEmailSchema.safeParse(email);
  if (!parsed.success) return 'invalid';
  if (ownEmail && parsed.data === ownEmail.trim().toLowerCase()) return 'own';
  return null;
}
