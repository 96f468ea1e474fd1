import type { Clock } from '../../platform/clock';
import type { Work } from '../../platform/unit-of-work';
import type { CustomerService } from '../customers/service';
import type { ChargeRow, PaymentsService } from '../payments/service';
import type { ReferralCreditPort } from './credits';
import type { ChargeIntent } from './pricing';
import type { BillingStore } from './store';

// Two rules of billing's charges that must hold under attack (issue 45): one change per
// contract, however many quotes are fired at once (stillPricedOn, checked in begin's
// transaction), and a late success after a failure takes again the credits the failure gave
// back (retakeCredits, in the settling transaction).

/**
 * The subscription is no longer on the contract a charge was priced on, or another of its
 * charges is still being paid: the charge is not made (a change answers TC104 quote_changed,
 * a renewal waits for the job's next run).
 */
export class PlanMoved extends Error {
  constructor() {
    super('the plan moved since it was priced');
  }
}

/** Billing's purposes whose charges can move a subscription (one open at a time). */
const PLAN_PURPOSES = ['subscription_change', 'renewal', 'plan_end'] as const;

/**
 * Whether the charge may be made, in begin's transaction under the customer's lock (which
 * every billing charge of the customer takes, so it also serialises this subscription's
 * changes and renewals): the subscription is still on the contract it was priced on, and no
 * other change or renewal of it is open. An open one settles outside this lock and may
 * replace the contract, so it is refused too rather than awaited. Together these make one
 * change per contract: N quotes fired at once give one charge.
 */
export async function stillPricedOn(
  deps: {
    payments: Pick<PaymentsService, 'chargesFor'>;
    customers: Pick<CustomerService, 'subscriptionForBilling'>;
  },
  work: Work,
  values: {
    customerId: string;
    subscriptionId: string;
    key: string;
    pricedOnContractId: string | null;
  },
): Promise<boolean> {
  // The charges first, then the contract: a settlement commits a charge's success and its
  // new contract together, so a charge read as settled means the contract read next is the
  // new one. (Read the other way round, a settlement committing between the two reads let a
  // second change through on PostgreSQL.)
  const charged: ChargeRow[] = [];
  for (const purpose of PLAN_PURPOSES) {
    charged.push(...(await deps.payments.chargesFor(purpose, values.subscriptionId, work)));
  }
  const open = charged.some(
    (c) =>
      c.idempotencyKey !== values.key && (c.status === 'pending' || c.status === 'requires_action'),
  );
  if (open) return false;
  const sub = await deps.customers.subscriptionForBilling(
    values.customerId,
    values.subscriptionId,
    work.tx,
  );
  return (sub?.contract?.id ?? null) === values.pricedOnContractId;
}

/**
 * Takes again the credits a charge took and its failure gave back (a late success), in the
 * settling transaction: what is still there, referral credit under its rows' locks and
 * account credit by its conditional update. The shortfall, when the customer spent some of
 * it meanwhile, or null when all was taken.
 */
export async function retakeCredits(
  deps: { store: BillingStore; credits: ReferralCreditPort; clock: Clock },
  work: Work,
  intent: ChargeIntent,
): Promise<{ shortCents: number; referralCents: number; accountCents: number } | null> {
  const credits = intent.credits;
  if (!credits) return null;
  const store = deps.store.in(work.tx);
  const referral = Math.min(
    credits.referralCents,
    await deps.credits.available(intent.customerId, work),
  );
  if (referral > 0) await deps.credits.take(work, intent.customerId, referral);
  const account = Math.min(
    credits.accountCents,
    await store.accountCredit(intent.customerId, true),
  );
  if (
    account > 0 &&
    !(await store.takeAccountCredit(intent.customerId, account, deps.clock.now()))
  ) {
    throw new Error('account credit moved under its lock');
  }
  const shortCents = credits.referralCents - referral + (credits.accountCents - account);
  await work.audit({
    action: 'update',
    entity: 'account_credit',
    entityId: intent.customerId,
    details: { retakenAfterLateSuccess: referral + account, shortCents },
  });
  return shortCents > 0
    ? { shortCents, referralCents: credits.referralCents, accountCents: credits.accountCents }
    : null;
}
