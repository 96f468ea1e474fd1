import {
  addMonthsToDate,
  calendarDateIn,
  currentBillingPeriod,
  daysBetween,
  isContractLength,
  NOTIFICATION_TYPE,
} from '@portal/domain';
import type { AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { BillingSubscription, CustomerService } from '../customers/service';
import type { NotificationService } from '../notifications/service';
import type { ChargeRow, InvoiceLine, PaymentsService } from '../payments/service';
import { PlanMoved, type BillingCharges } from './charges';
import { currentPlan, type RenewalIntent } from './pricing';
import type { BillingStore } from './store';

// Renewals (docs/architecture.md, "Billing: renewals"): run by the scheduler on the server's
// clock. Each due billing period is charged under the key renewal:<contract>:<period>:<attempt>
// through the payments module's exactly-once charging, as a plan change is; a run repeated (or
// two at once) finds the attempt's charge and does not charge again. A declined renewal is
// retried after RENEWAL_RETRY_DAYS, at most RENEWAL_MAX_ATTEMPTS times, and raises
// notice_payment_due_v1 (charges.ts). A charge a crash left pending is the payments job's.

export const RENEWAL_RETRY_DAYS = 3;
export const RENEWAL_MAX_ATTEMPTS = 4;
/** action_required_contract_expire_v1 is raised this many days before a contract ends. */
export const CONTRACT_EXPIRY_NOTICE_DAYS = 14;
export const RENEWALS_JOB = 'billing-renewals';
export const RENEWALS_EVERY_MS = 60 * 60_000;

const actor: AuditActor = { type: 'system', id: 'billing-renewals' };
const DAY_MS = 24 * 60 * 60_000;

export interface RenewalRun {
  charged: number;
  declined: number;
  reminded: number;
}

/** What the care team's retry of a declined renewal came to (retry). */
export type RenewalRetry =
  | { status: 'charged'; charge: ChargeRow }
  /** The period has a later attempt already (someone retried, or the job did): it stands. */
  | { status: 'superseded'; next: ChargeRow }
  /** Nothing to charge now: the plan moved or ended, or the attempts ran out. */
  | { status: 'not-due' }
  | { status: 'not-found' };

/** A renewal attempt's key: renewal:<contract>:<period start>:<attempt>. */
const RENEWAL_KEY = /^(renewal:[^:]+:\d{4}-\d{2}-\d{2}:)(\d+)$/;

export interface RenewalsDeps {
  payments: Pick<PaymentsService, 'chargesWithKeyPrefix' | 'chargeByKey' | 'chargeWithRefunds'>;
  store: BillingStore;
  customers: CustomerService;
  notifications: NotificationService;
  charges: BillingCharges;
  uow: UnitOfWork;
  clock: Clock;
}

export class Renewals {
  constructor(private readonly deps: RenewalsDeps) {}

  /**
   * One pass: charge what is due, remind of contracts ending. `only`: one customer's plans (the
   * development server's /dev/jobs/renewals/run; the scheduler passes nothing).
   */
  async run(only?: { customerId: string }): Promise<RenewalRun> {
    const run: RenewalRun = {
      charged: 0,
      declined: 0,
      reminded: 0,
    };
    const candidates = await this.deps.customers.renewalCandidates(only?.customerId);
    for (const candidate of candidates) {
      const sub = await this.deps.customers.subscriptionForBilling(
        candidate.customerId,
        candidate.subscriptionId,
      );
      if (!sub?.contract) continue;
      if (await this.remind(sub)) run.reminded += 1;
      const charge = await this.renew(sub);
      if (charge?.status === 'succeeded') run.charged += 1;
      else if (charge) run.declined += 1;
    }
    return run;
  }

  /**
   * The care team retries a declined renewal now (the care queue's renewal_failed) instead of
   * after RENEWAL_RETRY_DAYS: the period's next attempt, charged as the job charges it (same
   * key sequence, so a retry and the job, or two retries at once, charge once), with the card
   * on file now. Audited as the staff member's.
   */
  async retry(chargeId: string, by: AuditActor): Promise<RenewalRetry> {
    const found = await this.deps.payments.chargeWithRefunds(chargeId);
    const key = found ? RENEWAL_KEY.exec(found.charge.idempotencyKey) : null;
    if (!found || !key || found.charge.purpose !== 'renewal' || !found.charge.subscriptionId) {
      return { status: 'not-found' };
    }
    const { charge } = found;
    const [, prefix = '', attempt = '0'] = key;
    const next = await this.deps.payments.chargeByKey(`${prefix}${String(Number(attempt) + 1)}`);
    if (next) return { status: 'superseded', next };
    if (charge.status !== 'declined') return { status: 'not-found' };
    const sub = await this.deps.customers.subscriptionForBilling(
      charge.customerId,
      charge.subscriptionId ?? '',
    );
    const retried = sub ? await this.renew(sub, { actor: by, period: prefix }) : null;
    if (retried) return { status: 'charged', charge: retried };
    const raced = await this.deps.payments.chargeByKey(`${prefix}${String(Number(attempt) + 1)}`);
    return raced ? { status: 'superseded', next: raced } : { status: 'not-due' };
  }

  private today(sub: BillingSubscription): string {
    return calendarDateIn(this.deps.clock.now(), sub.timeZone);
  }

  /** action_required_contract_expire_v1, once per contract, in its last days. */
  private async remind(sub: BillingSubscription): Promise<boolean> {
    const contract = sub.contract;
    if (!contract) return false;
    if (contract.autoRenew && contract.length === 1) return false;
    const left = daysBetween(this.today(sub), contract.endDate);
    if (left <= 0 || left > CONTRACT_EXPIRY_NOTICE_DAYS) return false;
    const row = await this.deps.uow.run(actor, async (work) => {
      const fresh = await this.deps.store.in(work.tx).insertReminder({
        kind: NOTIFICATION_TYPE.contractExpire,
        subscriptionId: sub.subscription.id,
        contractId: contract.id,
        createdAt: this.deps.clock.now(),
      });
      if (!fresh) return null;
      return this.deps.notifications.create(
        {
          customerId: sub.subscription.customerId,
          type: NOTIFICATION_TYPE.contractExpire,
          title: 'Your plan is ending soon',
          message: 'Choose how to continue your treatment before your plan ends.',
          severity: 'warning',
          status: 'requires_action',
          action: { label: 'Review plan', url: '/billing/change-membership' },
          metadata: { subscriptionIds: [sub.subscription.id], contractEndDate: contract.endDate },
        },
        work,
      );
    });
    if (row) await this.deps.notifications.published(row, 'created');
    return row !== null;
  }

  /**
   * Charges the period due now, if any and not charged yet; the charge row, or null. A plan
   * cancelled inside its commitment (non-renewing) still runs to its end date, and its
   * monthly payments are still due, as the plan tab and the cancel dialog say (issue 45):
   * they are charged like any other month; only the renewal at the end is not.
   */
  private async renew(
    sub: BillingSubscription,
    /** A staff retry: its actor, and the period it retries (its key prefix), charged at once. */
    retry?: { actor: AuditActor; period: string },
  ): Promise<ChargeRow | null> {
    const contract = sub.contract;
    if (!contract) return null;
    const status = sub.subscription.status;
    const today = this.today(sub);
    const renews = status === 'active' && contract.autoRenew;
    const running = status === 'active' || status === 'non_renewing';
    if (today >= contract.endDate ? !renews : !running) return null;
    const plan = currentPlan(sub);
    const length = isContractLength(contract.length) ? contract.length : 1;
    let periodStart: string;
    let next: RenewalIntent['contract'] = null;
    if (today >= contract.endDate) {
      periodStart = contract.endDate;
      next = {
        startDate: contract.endDate,
        endDate: addMonthsToDate(contract.endDate, length),
        length,
        price: contract.price,
        discountAmount: contract.discountAmount,
        coupon: contract.coupon,
      };
    } else {
      const period = currentBillingPeriod({
        contractStart: contract.startDate,
        lengthMonths: length,
        upfront: plan.upfront,
        today,
      });
      // The first period was paid when the contract was made.
      if (period.start <= contract.startDate) return null;
      periodStart = period.start;
    }
    const prefix = `renewal:${contract.id}:${periodStart}:`;
    // A retry charges the period it was asked for, never one that came due since.
    if (retry && retry.period !== prefix) return null;
    const attempts = await this.deps.payments.chargesWithKeyPrefix(prefix);
    if (attempts.some((c) => c.status === 'succeeded' || c.status === 'pending')) return null;
    if (attempts.length >= RENEWAL_MAX_ATTEMPTS) return null;
    const last = attempts.at(-1);
    const now = this.deps.clock.now();
    if (
      !retry &&
      last?.settledAt &&
      now.getTime() - last.settledAt.getTime() < RENEWAL_RETRY_DAYS * DAY_MS
    ) {
      return null;
    }
    const treatment = sub.subscription.treatmentId
      ? await this.deps.store.treatmentById(sub.subscription.treatmentId)
      : undefined;
    const name = treatment?.displayName ?? 'Your plan';
    const months = length === 1 ? 'month-to-month' : `${String(length)} months`;
    const source = await this.deps.store.sourceOfSubscription(sub.subscription.id);
    const intent: RenewalIntent = {
      kind: 'renewal',
      customerId: sub.subscription.customerId,
      subscriptionId: sub.subscription.id,
      previousContractId: contract.id,
      treatmentId: sub.subscription.treatmentId ?? '',
      newName: `${name}, ${months}`,
      items: sub.items.map((i) => ({
        itemPriceId: i.itemPriceId,
        itemType: i.itemType === 'addon' ? 'addon' : 'plan',
      })),
      contract: next,
      periodStart,
      invoice: {
        description: `${name}, ${months}: renewal from ${periodStart}`,
        lines: renewalLines(plan.periodCharge + contract.discountAmount, contract.discountAmount, {
          plan: `${name}, ${months}`,
          medication: name,
          coupon: contract.coupon,
        }),
        serviceDate: periodStart,
        providerName: null,
      },
    };
    let charge: ChargeRow;
    try {
      charge = await this.deps.charges.begin(retry?.actor ?? actor, {
        customerId: intent.customerId,
        subscriptionId: intent.subscriptionId,
        key: `${prefix}${String(attempts.length + 1)}`,
        amount: plan.periodCharge,
        paymentMethodId: source?.gatewayPaymentMethodId ?? null,
        intent,
        purpose: 'renewal',
        pricedOnContractId: contract.id,
      });
    } catch (error) {
      // A change of the plan is being paid, or replaced the contract: the next run decides.
      if (error instanceof PlanMoved) return null;
      throw error;
    }
    return this.deps.charges.complete(retry?.actor ?? actor, charge);
  }
}

function renewalLines(
  gross: number,
  discount: number,
  names: { plan: string; medication: string; coupon: string | null },
): InvoiceLine[] {
  const lines: InvoiceLine[] = [
    { kind: 'plan', description: names.plan, amount: gross, medication: names.medication },
  ];
  if (discount > 0) {
    lines.push({
      kind: 'coupon',
      description: `Coupon ${names.coupon ?? ''}`.trim(),
      amount: -discount,
    });
  }
  return lines;
}
