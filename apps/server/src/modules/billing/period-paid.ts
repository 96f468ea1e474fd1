import { currentBillingPeriod } from '@portal/domain';
import type { BillingSubscription } from '../customers/service';
import type { ChargeRow, PaymentsService } from '../payments/service';
import { currentPlan } from './pricing';

// What a change may credit back (issue 45): the unused part of money actually taken for the
// current billing period, never the contract's price. Otherwise a period that was never paid
// (its renewal not charged yet, or declined) is refunded as if it had been, and switching plans
// back and forth each month pays nothing after the first switch.

/**
 * What our charges took for the subscription's current billing period, less refunds; undefined
 * for a first period no charge of ours made (a plan the care team recorded as paid elsewhere,
 * or one older than the ledger), which counts at its price.
 */
export async function paidForCurrentPeriod(
  payments: Pick<PaymentsService, 'chargesFor' | 'chargesWithKeyPrefix'>,
  sub: BillingSubscription,
  today: string,
): Promise<number | undefined> {
  const contract = sub.contract;
  if (!contract) return undefined;
  const plan = currentPlan(sub);
  const period = currentBillingPeriod({
    contractStart: contract.startDate,
    lengthMonths: plan.length,
    upfront: plan.upfront,
    today,
  });
  const kept = (charge: ChargeRow) => Math.max(0, plan.periodCharge - charge.amountRefunded);
  if (period.start <= contract.startDate) {
    // The first period is paid by the charge that made the contract (a change or a renewal
    // at the previous contract's end): the contract exists only once that charge succeeded.
    const subscriptionId = sub.subscription.id;
    const [changes, renewals] = await Promise.all([
      payments.chargesFor('subscription_change', subscriptionId),
      payments.chargesFor('renewal', subscriptionId),
    ]);
    const made = [...changes, ...renewals].find(
      (c) => c.status === 'succeeded' && madeContract(c) === contract.id,
    );
    return made ? kept(made) : undefined;
  }
  // A later period of a monthly-billed contract is paid by its renewal (any attempt).
  const renewals = await payments.chargesWithKeyPrefix(`renewal:${contract.id}:${period.start}:`);
  const paid = renewals.find((c) => c.status === 'succeeded');
  return paid ? kept(paid) : 0;
}

function madeContract(charge: ChargeRow): string | null {
  const result = charge.result as { newContractId?: unknown } | null;
  return typeof result?.newContractId === 'string' ? result.newContractId : null;
}
