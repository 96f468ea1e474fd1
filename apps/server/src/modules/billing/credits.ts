import { applyCredits, type AppliedCredits } from '@portal/domain';
import type { Work } from '../../platform/unit-of-work';
import type { InvoiceLine } from '../payments/service';
import type { BillingStore } from './store';

/** One referral's share of the credit a charge took (given back if the charge fails). */
export interface ReferralCreditPart {
  referralId: string;
  cents: number;
}

/**
 * Billing's narrow port to referral credit (the referrals module implements it; services.ts
 * injects it). Billing never reads the referrals' tables.
 */
export interface ReferralCreditPort {
  /** Credit the customer holds; inside a unit of work the rows are locked. */
  available(customerId: string, work?: Work): Promise<number>;
  /** Takes exactly `cents`, oldest referral first, in billing's unit of work. */
  take(work: Work, customerId: string, cents: number): Promise<ReferralCreditPart[]>;
  giveBack(work: Work, parts: readonly ReferralCreditPart[]): Promise<void>;
}

/** What a charge took from the customer's credits, kept on its intent. */
export interface ChargeCredits {
  referralCents: number;
  accountCents: number;
  referralParts: ReferralCreditPart[];
}

/** What credits would take from a bill now (a quote's preview; nothing is locked). */
export async function previewCredits(
  port: ReferralCreditPort,
  store: BillingStore,
  customerId: string,
  grossCents: number,
): Promise<AppliedCredits> {
  return applyCredits(grossCents, {
    referralCents: await port.available(customerId),
    accountCents: await store.accountCredit(customerId),
  });
}

/** The invoice's credit lines (negative): with them the lines add up to what was charged. */
export function creditLines(credits: Pick<ChargeCredits, 'referralCents' | 'accountCents'>) {
  const lines: InvoiceLine[] = [];
  if (credits.referralCents > 0) {
    lines.push({ kind: 'credit', description: 'Referral credit', amount: -credits.referralCents });
  }
  if (credits.accountCents > 0) {
    lines.push({ kind: 'credit', description: 'Account credit', amount: -credits.accountCents });
  }
  return lines;
}
