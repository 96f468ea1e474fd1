import { addMonthsToDate } from './dates';

// The plan tab's timeline beyond the next charge (issue 11): the next shipment and what ending
// the plan early costs. A plan ships once a month on its contract's start day (a day the month
// lacks becomes its last day); a monthly-billed plan is charged on those same days. Cancelling
// stops the plan from renewing, but the payments left in the commitment are still due (the
// plan runs, and ships, to its end date, and the renewals job charges each of those months:
// issue 45), so ending early costs exactly those payments; an upfront plan has paid its whole
// term already.

export interface CommitmentInput {
  /** Today's date in the customer's time zone (yyyy-MM-dd). */
  today: string;
  /** The contract's first day and the day after its last (yyyy-MM-dd). */
  startDate: string;
  endDate: string;
  lengthMonths: number;
  upfront: boolean;
  /** One charge of the plan, in cents (a month's, or the whole term's when upfront). */
  pricePerPeriod: number;
  /** The plan goes on after its end (auto-renew on and not cancelled). */
  renews: boolean;
  /** A cancelled plan ships nothing more and owes nothing more. */
  cancelled?: boolean;
}

export interface CommitmentOutlook {
  /** The next monthly shipment day from today on, or null when none is left. */
  nextShipmentDate: string | null;
  /** Monthly payments of the commitment still to come (after today). */
  paymentsLeft: number;
  /**
   * When the next of those payments is charged (the first of them), or null when none is
   * left: a cancelled commitment keeps being charged each month to its end (issue 45), so
   * the plan tab shows it although the plan does not renew.
   */
  nextPaymentDate: string | null;
  /** What ending the plan now still costs: the payments left, in cents. */
  earlyEndCost: number;
}

/** The `k`th monthly day of a contract, counted from its start so no clamped day drifts. */
function monthly(startDate: string, k: number): string {
  return addMonthsToDate(startDate, k);
}

export function commitmentOutlook(input: CommitmentInput): CommitmentOutlook {
  const { today, startDate, endDate, lengthMonths } = input;
  if (input.cancelled) {
    return { nextShipmentDate: null, paymentsLeft: 0, nextPaymentDate: null, earlyEndCost: 0 };
  }
  let k = 0;
  while (monthly(startDate, k) < today) k += 1;
  const candidate = monthly(startDate, k);
  const nextShipmentDate = candidate < endDate || input.renews ? candidate : null;

  let paymentsLeft = 0;
  let nextPaymentDate: string | null = null;
  if (!input.upfront && lengthMonths > 1) {
    for (let m = 0; m < lengthMonths; m += 1) {
      const day = monthly(startDate, m);
      if (day >= endDate) break;
      if (day > today) {
        paymentsLeft += 1;
        nextPaymentDate ??= day;
      }
    }
  }
  return {
    nextShipmentDate,
    paymentsLeft,
    nextPaymentDate,
    earlyEndCost: paymentsLeft * input.pricePerPeriod,
  };
}
