import { REFERRAL_CREDIT_CENTS } from '@portal/domain';
import type { Db } from '../db/client';
import { referrals } from '../db/schema/referrals';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Alex's referrals (spec 02 §4): one friend invited last week (pending) and one who joined and
 * paid, whose $50 Alex has used up (completed). Runs inside the demo seed's transaction.
 */
export async function seedReferrals(
  tx: Db,
  input: { customerId: string; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  await tx.insert(referrals).values([
    {
      referrerCustomerId: input.customerId,
      refereeEmail: 'jamie.ortiz@example.com',
      status: 'email_sent',
      creditCents: REFERRAL_CREDIT_CENTS,
      createdAt: ago(6),
      updatedAt: ago(6),
      emailSentAt: ago(6),
    },
    {
      referrerCustomerId: input.customerId,
      refereeEmail: 'morgan.lee@example.com',
      status: 'referrer_discount_received',
      creditCents: REFERRAL_CREDIT_CENTS,
      referrerDiscountRemaining: 0,
      createdAt: ago(70),
      updatedAt: ago(20),
      emailSentAt: ago(70),
      signedUpAt: ago(64),
      discountReceivedAt: ago(50),
    },
  ]);
}
