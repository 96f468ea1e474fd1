import { commitmentOutlook, calendarDateIn } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Work } from '../../platform/unit-of-work';
import type { BillingSubscription, CustomerService } from '../customers/service';
import type { ChargeRow, PaymentsService } from '../payments/service';
import { PlanMoved, type BillingCharges } from './charges';
import { paidForCurrentPeriod } from './period-paid';
import { currentPlan, type PlanEndIntent } from './pricing';
import type { BillingStore } from './store';

// Account deletion, billing's part (issue 45). Deleting an account ends its plans: nothing
// more ships (its addresses are erased) and nothing renews. What the customer still owes is
// what the plan's terms say ending early costs (packages/domain commitment.ts, the plan tab and
// the cancel dialog: "the payments left in your commitment are still due"): a monthly-billed
// commitment's payments left, charged once, to the saved card, before the deletion (the
// deletion dialog says so); a month-to-month or upfront plan owes nothing more, and nothing
// paid is refunded. Then, in the deletion's transaction, the plans end and the cards are
// removed: their billing name and address erased (brand, last 4 and expiry stay with the
// charges and invoices that name the card; invoices keep their own address snapshot), and
// after the commit the processor is told to forget them (PaymentSources.detachRetired); one it
// could not be told is told by the billing job.

/** A charge of the plan still open at deletion is waited for this many times, this long. */
const SETTLE_ATTEMPTS = 10;
const SETTLE_RETRY_MS = 200;

export interface AccountDeletionDeps {
  customers: Pick<CustomerService, 'subscriptionIds' | 'subscriptionForBilling' | 'endPlan'>;
  charges: BillingCharges;
  payments: Pick<PaymentsService, 'chargesFor' | 'chargesWithKeyPrefix'>;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

/** A plan still running: charged, shipped and (unless cancelled) renewing. */
function running(sub: BillingSubscription | undefined): sub is BillingSubscription {
  const on = (status: string | undefined) => status === 'active' || status === 'non_renewing';
  return sub !== undefined && on(sub.contract?.status) && on(sub.subscription.status);
}

export class AccountDeletion {
  constructor(
    private readonly store: BillingStore,
    private readonly deps: AccountDeletionDeps,
  ) {}

  /**
   * Before the deletion: each running commitment's payments left, charged once (the key is
   * the contract's, so a deletion tried again charges nothing more). A decline leaves a
   * payment-due invoice; the deletion goes on either way (it is the customer's right).
   */
  async settle(customerId: string, actor: AuditActor): Promise<ChargeRow[]> {
    const settled: ChargeRow[] = [];
    for (const subscriptionId of await this.deps.customers.subscriptionIds(customerId)) {
      const charge = await this.settleOne(customerId, subscriptionId, actor);
      if (charge) settled.push(charge);
    }
    return settled;
  }

  private async settleOne(
    customerId: string,
    subscriptionId: string,
    actor: AuditActor,
  ): Promise<ChargeRow | null> {
    const { customers, charges } = this.deps;
    for (let attempt = 1; ; attempt += 1) {
      const sub = await customers.subscriptionForBilling(customerId, subscriptionId);
      if (!running(sub)) return null;
      const owed = await this.owed(sub);
      if (!owed) return null;
      const source = await this.store.sourceOfSubscription(subscriptionId);
      try {
        const charge = await charges.begin(actor, {
          customerId,
          subscriptionId,
          key: `plan-end:${owed.intent.contractId}`,
          amount: owed.amount,
          paymentMethodId: source?.gatewayPaymentMethodId ?? null,
          intent: owed.intent,
          purpose: 'plan_end',
          pricedOnContractId: owed.intent.contractId,
        });
        return await charges.complete(actor, charge);
      } catch (error) {
        if (!(error instanceof PlanMoved)) throw error;
        // A renewal (or change) of this plan is being paid this very moment: what is owed
        // depends on its outcome, so it is priced again once that one settled.
        if (attempt >= SETTLE_ATTEMPTS) {
          this.deps.logger.error(
            { customerId, subscriptionId },
            'commitment not settled at deletion: another charge of the plan stayed open',
          );
          return null;
        }
        await new Promise((resolve) => setTimeout(resolve, SETTLE_RETRY_MS));
      }
    }
  }

  /**
   * The payments left in a running commitment, as the plan tab states them (after today), and
   * this month's when it is due and not paid yet (the job had not charged it, or it was
   * declined); none: null.
   */
  private async owed(
    sub: BillingSubscription,
  ): Promise<{ amount: number; intent: PlanEndIntent } | null> {
    const contract = sub.contract;
    if (!contract) return null;
    const plan = currentPlan(sub);
    const today = calendarDateIn(this.deps.clock.now(), sub.timeZone);
    const unpaidNow = (await paidForCurrentPeriod(this.deps.payments, sub, today)) === 0;
    const outlook = commitmentOutlook({
      today,
      startDate: contract.startDate,
      endDate: contract.endDate,
      lengthMonths: plan.length,
      upfront: plan.upfront,
      pricePerPeriod: plan.periodCharge,
      renews: false,
    });
    const payments = outlook.paymentsLeft + (unpaidNow ? 1 : 0);
    const amount = payments * plan.periodCharge;
    if (amount <= 0) return null;
    const name = `${plan.length === 1 ? 'Month-to-month plan' : `${String(plan.length)}-month plan`}`;
    const description = `${name}: the ${String(payments)} payments left in the commitment`;
    return {
      amount,
      intent: {
        kind: 'plan_end',
        customerId: sub.subscription.customerId,
        subscriptionId: sub.subscription.id,
        previousContractId: contract.id,
        contractId: contract.id,
        treatmentId: sub.subscription.treatmentId ?? '',
        newName: name,
        items: sub.items.map((i) => ({
          itemPriceId: i.itemPriceId,
          itemType: i.itemType === 'addon' ? 'addon' : 'plan',
        })),
        contract: null,
        paymentsLeft: payments,
        invoice: {
          description,
          lines: [{ kind: 'plan', description, amount }],
          serviceDate: today,
          providerName: null,
        },
      },
    };
  }

  /**
   * In the deletion's transaction: every plan of the customer ends, and every card of theirs
   * is removed with its billing name and address erased (detached after the commit).
   */
  async end(customerId: string, work: Work): Promise<void> {
    const { customers } = this.deps;
    for (const subscriptionId of await customers.subscriptionIds(customerId, work.tx)) {
      const sub = await customers.subscriptionForBilling(customerId, subscriptionId, work.tx);
      if (!sub || sub.subscription.status === 'cancelled') continue;
      await customers.endPlan(work, {
        customerId,
        subscriptionId,
        contractId: sub.contract?.id ?? null,
      });
    }
    const removed = await this.store.in(work.tx).removeCardsOf(customerId, this.deps.clock.now());
    await work.audit({
      action: 'erase',
      entity: 'payment_source',
      entityId: null,
      details: { customerId, removed: removed.length },
    });
  }
}
