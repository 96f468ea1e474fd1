import {
  addMonthsToDate,
  addonItemPriceId,
  calendarDateIn,
  currentBillingPeriod,
  DEFAULT_TIME_ZONE,
  planItemPriceId,
  type CancelSubscriptionInput,
  type StaffBilledPlanInput,
} from '@portal/domain';
import { codedError } from '../../platform/errors';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Events } from '../../platform/events';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { ContractRow, CustomerService } from '../customers/service';
import type { PaymentSources } from './payment-sources';
import { billingToday, ownSubscription } from './plan-changes';
import { currentAddons, currentPlan } from './pricing';
import type { BillingStore, PaymentSourceRow } from './store';
import { givenFields, runStaffAction } from '../staff/staff-audit';

// The plan as billed (spec 02 §3, §7): what GetCustomerSubscription shows, its cancellation,
// and the staff API's plan given to a customer. The subscription and contract rows are the
// customers module's: billing reads and changes them through CustomerService.

export interface SubscriptionView {
  id: string;
  status: string;
  treatmentId: string | null;
  /**
   * What the quote and the change take as newSubscriptionPlanType: the treatment's short id.
   * Not the product part of the item price (`trt-monthly-USD` is a testosterone plan).
   */
  planType: string | null;
  planItemPriceId: string | null;
  addons: string[];
  /** What one billing period costs now, in cents. */
  price: number;
  isUpfrontPayment: boolean;
  /** Contract length in months. */
  term: number;
  contract: ContractRow | null;
  renewalDate: string | null;
  paymentSource: PaymentSourceRow | null;
}

export interface PlansDeps {
  customers: Pick<
    CustomerService,
    'subscriptionForBilling' | 'setNonRenewing' | 'createSubscription' | 'changePlan'
  >;
  uow: UnitOfWork;
  audit: AuditLog;
  clock: Clock;
  events: Events;
  paymentSources: PaymentSources;
}

export class Plans {
  constructor(
    private readonly store: BillingStore,
    private readonly deps: PlansDeps,
  ) {}

  /** GetCustomerSubscription: price, isUpfrontPayment, term (and what the plan tab shows). */
  async subscription(
    customerId: string,
    subscriptionId: string,
    actor: AuditActor,
  ): Promise<SubscriptionView | null> {
    const sub = await this.deps.customers.subscriptionForBilling(customerId, subscriptionId);
    if (!sub) return null;
    await this.deps.audit.record(actor, {
      action: 'read',
      entity: 'subscription',
      entityId: subscriptionId,
      details: { operation: 'GetCustomerSubscription' },
    });
    const plan = currentPlan(sub);
    const treatment = sub.subscription.treatmentId
      ? await this.store.treatmentById(sub.subscription.treatmentId)
      : undefined;
    const period = sub.contract
      ? currentBillingPeriod({
          contractStart: sub.contract.startDate,
          lengthMonths: plan.length,
          upfront: plan.upfront,
          today: billingToday(this.deps.clock, sub),
        })
      : null;
    return {
      id: sub.subscription.id,
      status: sub.subscription.status,
      treatmentId: sub.subscription.treatmentId,
      planType: treatment?.shortId ?? null,
      planItemPriceId: plan.planItemPriceId,
      addons: currentAddons(sub),
      price: plan.periodCharge,
      isUpfrontPayment: plan.upfront,
      term: plan.length,
      contract: sub.contract,
      renewalDate: period && sub.contract?.autoRenew ? period.end : null,
      paymentSource: (await this.store.sourceOfSubscription(subscriptionId)) ?? null,
    };
  }

  /**
   * Cancels with a reason: the plan runs to its contract's end and does not renew (the terms
   * of a commitment). C110 when it cannot be cancelled. The free text is stored, never logged
   * or audited.
   */
  async cancel(customerId: string, input: CancelSubscriptionInput, actor: AuditActor) {
    const { customers } = this.deps;
    const sub = await ownSubscription(customers, customerId, input.subscriptionId, 'C110');
    if (!['active', 'future', 'paused'].includes(sub.subscription.status)) {
      throw codedError('C110', 'This plan cannot be cancelled.', {
        reason: sub.subscription.status,
      });
    }
    const effectiveDate = sub.contract?.endDate ?? billingToday(this.deps.clock, sub);
    const result = await this.deps.uow.run(
      actor,
      async (work) => {
        const inserted = await this.store.in(work.tx).insertCancellation({
          subscriptionId: sub.subscription.id,
          contractId: sub.contract?.id ?? null,
          reason: input.reason,
          otherText: input.otherText ?? null,
          effectiveDate,
        });
        if (!inserted)
          throw codedError('C110', 'This plan is already cancelled.', { reason: 'already' });
        await customers.setNonRenewing(work, {
          customerId,
          subscriptionId: sub.subscription.id,
          contractId: sub.contract?.id ?? null,
        });
        await work.audit({
          action: 'create',
          entity: 'subscription_cancellation',
          entityId: sub.subscription.id,
          details: { reason: input.reason, effectiveDate },
        });
        return { subscriptionId: sub.subscription.id, status: 'non_renewing', effectiveDate };
      },
      { lock: `billing:${customerId}` },
    );
    await this.deps.events.customerChanged(customerId, 'billing');
    return result;
  }

  /**
   * Staff API: a new subscription on a contract from today's price list (nothing is charged:
   * the care team records a plan paid elsewhere), and the card behind a gateway token if given
   * (ST102 when the gateway refuses it; the plan stays). Undefined for an unknown treatment.
   */
  async give(customerId: string, input: StaffBilledPlanInput, actor: AuditActor) {
    const { customers } = this.deps;
    const treatment = await this.store.treatmentByShortId(input.treatmentShortId);
    if (!treatment?.billingProductId) return undefined;
    const planId = planItemPriceId(
      treatment.billingProductId,
      input.newContractLength,
      input.isUpfrontPayment,
    );
    const addonIds = input.newAddons.map((sku) => addonItemPriceId(sku));
    const prices = await this.store.itemPrices([planId, ...addonIds]);
    const plan = prices.find((p) => p.id === planId);
    if (!plan || prices.length !== addonIds.length + 1) return undefined;
    const today = calendarDateIn(this.deps.clock.now(), DEFAULT_TIME_ZONE);
    // One staff action, one audit row (the subscription and its contract), field names only.
    const audit = { customerId, fields: givenFields(input) };
    const created = await runStaffAction(
      this.deps.uow,
      actor,
      audit,
      async (work) => {
        const subscription = await customers.createSubscription(
          customerId,
          { treatmentId: treatment.id, status: 'active' },
          work,
        );
        const contract = await customers.changePlan(work, {
          customerId,
          subscriptionId: subscription.id,
          previousContractId: null,
          treatmentId: treatment.id,
          contract: {
            startDate: today,
            endDate: addMonthsToDate(today, input.newContractLength),
            length: input.newContractLength,
            price: prices.reduce((sum, p) => sum + p.price, 0),
            discountAmount: 0,
            coupon: null,
          },
          items: [
            { itemPriceId: planId, itemType: 'plan' as const },
            ...addonIds.map((itemPriceId) => ({ itemPriceId, itemType: 'addon' as const })),
          ],
        });
        return { subscriptionId: subscription.id, contractId: contract.id };
      },
      { lock: `billing:${customerId}` },
    );
    const card = input.paymentToken
      ? await this.deps.paymentSources.replace(
          customerId,
          { oldPaymentSourceId: null, paymentToken: input.paymentToken },
          actor,
        )
      : null;
    await this.deps.events.customerChanged(customerId, 'billing');
    return { ...created, paymentSourceId: card?.newPaymentSourceId ?? null };
  }
}
