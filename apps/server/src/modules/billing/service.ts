import {
  addMonthsToDate,
  addonItemPriceId,
  calendarDateIn,
  DEFAULT_TIME_ZONE,
  planItemPriceId,
  type StaffBilledPlanInput,
  currentBillingPeriod,
  paymentFailure,
  QUOTE_TTL_MINUTES,
  type CancelSubscriptionInput,
  type ChangeSubscriptionInput,
  type PriceChangeQuote,
  type PriceChangeQuoteInput,
  type ReplacePaymentSourceInput,
  type UpdateBillingAddressInput,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { codedError } from '../../platform/errors';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Events } from '../../platform/events';
import type { PaymentGateway } from '../../platform/gateway/gateway';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { BillingSubscription, ContractRow, CustomerService } from '../customers/service';
import { changeAnswer, Charging, type ChangeResult } from './charging';
import { previewCredits, type ReferralCreditPort } from './credits';
import { currentAddons, currentPlan, normalisedRequest, priceChange, sameRequest } from './pricing';
import { InvoiceStore } from './invoice-store';
import { InvoiceService } from './invoices';
import type { PdfOptions } from './invoice-pdf';
import { QuoteSigner } from './quote-signature';
import { Renewals, renewalSettled } from './renewals';
import type { NotificationService } from '../notifications/service';
import type { UrlSigner } from '../../platform/signed-urls';
import { updateBillingAddress } from './billing-address';
import { BillingStore, type ItemPriceRow, type PaymentSourceRow } from './store';

export type { ItemPriceRow, PaymentSourceRow };

export interface SubscriptionView {
  id: string;
  status: string;
  treatmentId: string | null;
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

export interface QuoteView extends PriceChangeQuote {
  /** Referral and account credit the charge will use (amountDue is after them). */
  referralCreditApplied: number;
  accountCreditApplied: number;
  id: string;
  signature: string;
  expiresAt: Date;
  subscriptionStatus: string;
  paymentSource: PaymentSourceRow | null;
}

export interface PaymentSourceView extends PaymentSourceRow {
  subscriptionIds: string[];
}

export class BillingService {
  /** Exposed to the renewals job (same module). */
  readonly charging: Charging;

  constructor(
    private readonly store: BillingStore,
    private readonly deps: {
      customers: CustomerService;
      uow: UnitOfWork;
      audit: AuditLog;
      clock: Clock;
      gateway: PaymentGateway;
      events: Events;
      signer: QuoteSigner;
      invoices: InvoiceService;
      invoiceStore: InvoiceStore;
      notifications: NotificationService;
      credits: ReferralCreditPort;
      afterGatewayCharge?: (() => void) | undefined;
    },
  ) {
    this.charging = new Charging({
      store,
      ...deps,
      onSettled: renewalSettled(deps.notifications),
    });
    this.renewals = new Renewals({
      invoices: deps.invoiceStore,
      store,
      customers: deps.customers,
      notifications: deps.notifications,
      charging: this.charging,
      uow: deps.uow,
      clock: deps.clock,
    });
  }

  /** The renewals job's pass (the scheduler runs it; tests call it). */
  readonly renewals: Renewals;

  /** Invoices: GetInvoices, GetInvoicePdfUrl and the signed PDF downloads. */
  get invoices(): InvoiceService {
    return this.deps.invoices;
  }

  private today(sub: BillingSubscription): string {
    return calendarDateIn(this.deps.clock.now(), sub.timeZone);
  }

  private async ownSubscription(customerId: string, subscriptionId: string, code: string) {
    const sub = await this.deps.customers.subscriptionForBilling(customerId, subscriptionId);
    // Another customer's subscription reads as not found.
    if (!sub) throw codedError(code, 'Subscription not found.', { reason: 'not_found' });
    return sub;
  }

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
    const period = sub.contract
      ? currentBillingPeriod({
          contractStart: sub.contract.startDate,
          lengthMonths: plan.length,
          upfront: plan.upfront,
          today: this.today(sub),
        })
      : null;
    return {
      id: sub.subscription.id,
      status: sub.subscription.status,
      treatmentId: sub.subscription.treatmentId,
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

  /** The subscription and add-on price change quote; stored, signed, and good for a while. */
  async quote(
    customerId: string,
    input: PriceChangeQuoteInput,
    actor: AuditActor,
  ): Promise<QuoteView> {
    const sub = await this.ownSubscription(customerId, input.existingSubscriptionId, 'TC101');
    if (sub.subscription.status === 'cancelled') {
      throw codedError('TC107', 'This plan was cancelled.', { reason: 'cancelled' });
    }
    const { quote: priced } = await priceChange(this.store, sub, input, this.today(sub));
    const credits = await previewCredits(
      this.deps.credits,
      this.store,
      customerId,
      priced.amountDue,
    );
    const quote = { ...priced, amountDue: credits.dueCents };
    const expiresAt = new Date(this.deps.clock.now().getTime() + QUOTE_TTL_MINUTES * 60_000);
    const row = await this.deps.uow.run(actor, async (work) => {
      const stored = await this.store.in(work.tx).insertQuote({
        customerId,
        subscriptionId: sub.subscription.id,
        request: normalisedRequest(input),
        quote,
        amountDue: quote.amountDue,
        expiresAt,
      });
      await work.audit({
        action: 'create',
        entity: 'billing_quote',
        entityId: stored.id,
        details: { subscriptionId: sub.subscription.id, amountDue: quote.amountDue },
      });
      return stored;
    });
    return {
      ...quote,
      referralCreditApplied: credits.referralCents,
      accountCreditApplied: credits.accountCents,
      id: row.id,
      signature: this.deps.signer.sign({ id: row.id, amountDue: row.amountDue, expiresAt }),
      expiresAt,
      subscriptionStatus: sub.subscription.status,
      paymentSource: (await this.paymentSourceFor(customerId, sub.subscription.id)) ?? null,
    };
  }

  private async paymentSourceFor(customerId: string, subscriptionId: string, db?: Db) {
    const store = db ? this.store.in(db) : this.store;
    return (
      (await store.sourceOfSubscription(subscriptionId)) ??
      (await store.activePaymentSources(customerId))[0]
    );
  }

  /**
   * Change customer subscription: submits the quote it was shown. The quote's signature, owner,
   * request and expiry are checked and the change re-priced; if the amount moved it is refused,
   * not charged. The plan changes only if the payment succeeds (TC108 otherwise).
   */
  async change(
    customerId: string,
    input: ChangeSubscriptionInput,
    actor: AuditActor,
  ): Promise<ChangeResult> {
    const refused = (reason: string, message: string) => codedError('TC104', message, { reason });
    const stored = await this.store.quote(customerId, input.quoteId);
    if (
      !stored ||
      stored.subscriptionId !== input.existingSubscriptionId ||
      !this.deps.signer.verify(
        { id: stored.id, amountDue: stored.amountDue, expiresAt: stored.expiresAt },
        input.quoteSignature,
      )
    ) {
      throw refused('quote_invalid', 'This quote is not valid.');
    }
    if (!sameRequest(stored.request, normalisedRequest(input))) {
      throw refused('quote_mismatch', 'The change differs from the quote shown.');
    }
    // The quote id is the idempotency key: a repeat of a change already made answers as it did.
    const replay = async () => {
      const existing = await this.store.chargeByKey(stored.id);
      if (!existing) return undefined;
      const source = existing.paymentSourceId
        ? await this.store.paymentSource(customerId, existing.paymentSourceId)
        : undefined;
      return changeAnswer(
        await this.charging.complete(actor, existing, source?.gatewayPaymentMethodId ?? null),
      );
    };
    const replayed = await replay();
    if (replayed) return replayed;
    if (stored.expiresAt.getTime() < this.deps.clock.now().getTime()) {
      throw refused('quote_expired', 'This quote has expired; please review the new one.');
    }
    const sub = await this.ownSubscription(customerId, input.existingSubscriptionId, 'TC101');
    if (sub.subscription.status === 'cancelled') {
      throw codedError('TC107', 'This plan was cancelled.', { reason: 'cancelled' });
    }
    const { quote, intent } = await priceChange(this.store, sub, input, this.today(sub));
    const credits = await previewCredits(
      this.deps.credits,
      this.store,
      customerId,
      quote.amountDue,
    );
    if (credits.dueCents !== stored.amountDue) {
      // The same change sent twice at once: the first took the credits while this one priced
      // them, so the amount only looks moved; answer as the first did.
      const concurrent = await replay();
      if (concurrent) return concurrent;
      throw refused(
        'quote_changed',
        'The price has changed since this quote; please review the new one.',
      );
    }
    const source = await this.paymentSourceFor(customerId, sub.subscription.id);
    if (!source && credits.dueCents > 0) {
      throw codedError('TC106', 'Add a payment method first.', { reason: 'no_payment_source' });
    }
    const charge = await this.charging.begin(actor, {
      customerId,
      subscriptionId: sub.subscription.id,
      key: stored.id,
      amount: quote.amountDue,
      expectedAmount: stored.amountDue,
      paymentSourceId: source?.id ?? null,
      intent,
      quote,
    });
    return changeAnswer(
      await this.charging.complete(actor, charge, source?.gatewayPaymentMethodId ?? null),
    );
  }

  /** Finishes charges a crash left between the gateway and the commit (run at start). */
  reconcilePendingCharges(): Promise<{ settled: number; failed: number }> {
    return this.charging.reconcile({ type: 'system', id: 'billing-reconciliation' });
  }

  /** Customer payment sources, newest first (updated_at descending). */
  async paymentSources(customerId: string, actor: AuditActor): Promise<PaymentSourceView[]> {
    const sources = await this.store.activePaymentSources(customerId);
    const links = await this.store.subscriptionsOfSources(sources.map((s) => s.id));
    await this.deps.audit.record(actor, {
      action: 'read',
      entity: 'payment_source',
      entityId: null,
      details: { customerId, count: sources.length },
    });
    return sources.map((s) => ({
      ...s,
      subscriptionIds: links.filter((l) => l.paymentSourceId === s.id).map((l) => l.subscriptionId),
    }));
  }

  /**
   * Replace payment source: the gateway checks the card behind the token; the new source takes
   * over the old one's subscriptions (or, for a first card, all of the customer's). ST102 with
   * the processor's reason when the card is refused; nothing changes then.
   */
  async replacePaymentSource(
    customerId: string,
    input: ReplacePaymentSourceInput,
    actor: AuditActor,
  ) {
    const old = input.oldPaymentSourceId
      ? await this.store.paymentSource(customerId, input.oldPaymentSourceId)
      : undefined;
    if (input.oldPaymentSourceId && old?.status !== 'active') {
      throw codedError('ST101', 'Payment method not found.', { reason: 'not_found' });
    }
    const attached = await this.deps.gateway.attach(input.paymentToken);
    if (!attached.ok) {
      const failure = paymentFailure('paymentSource', attached.reason);
      throw codedError(failure.code, 'The card was not accepted.', { reason: failure.reason });
    }
    const pm = attached.paymentMethod;
    return this.deps.uow.run(
      actor,
      async (work) => {
        const store = this.store.in(work.tx);
        const now = this.deps.clock.now();
        const created = await store.insertPaymentSource({
          customerId,
          gatewayPaymentMethodId: pm.id,
          brand: pm.brand,
          last4: pm.last4,
          expiryMonth: pm.expiryMonth,
          expiryYear: pm.expiryYear,
          billingFirstName: old?.billingFirstName ?? null,
          billingLastName: old?.billingLastName ?? null,
          billingStreetAddress1: old?.billingStreetAddress1 ?? null,
          billingStreetAddress2: old?.billingStreetAddress2 ?? null,
          billingCity: old?.billingCity ?? null,
          billingState: old?.billingState ?? null,
          billingStateCode: old?.billingStateCode ?? null,
          billingZipCode: old?.billingZipCode ?? null,
          createdAt: now,
          updatedAt: now,
        });
        const subscriptionIds = old
          ? (await store.subscriptionsOfSources([old.id])).map((l) => l.subscriptionId)
          : await this.deps.customers.subscriptionIds(customerId, work.tx);
        await store.linkSubscriptions(subscriptionIds, created.id);
        if (old) await store.retirePaymentSource(old.id, now);
        await work.audit({
          action: 'create',
          entity: 'payment_source',
          entityId: created.id,
          details: { replaced: old?.id ?? null, brand: pm.brand, last4: pm.last4, subscriptionIds },
        });
        return {
          oldPaymentSourceId: old?.id ?? null,
          newPaymentSourceId: created.id,
          subscriptionIds,
        };
      },
      { lock: `billing:${customerId}` },
    );
  }

  /** Update billing address of the customer's own active payment source (billing-address.ts). */
  updateBillingAddress(customerId: string, input: UpdateBillingAddressInput, actor: AuditActor) {
    return updateBillingAddress(this.store, this.deps.uow, customerId, input, actor);
  }

  /**
   * Cancels with a reason: the plan runs to its contract's end and does not renew (the terms
   * of a commitment). C110 when it cannot be cancelled. The free text is stored, never logged
   * or audited.
   */
  async cancel(customerId: string, input: CancelSubscriptionInput, actor: AuditActor) {
    const sub = await this.ownSubscription(customerId, input.subscriptionId, 'C110');
    if (!['active', 'future', 'paused'].includes(sub.subscription.status)) {
      throw codedError('C110', 'This plan cannot be cancelled.', {
        reason: sub.subscription.status,
      });
    }
    const effectiveDate = sub.contract?.endDate ?? this.today(sub);
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
        await this.deps.customers.setNonRenewing(work, {
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
  async giveBilledPlan(customerId: string, input: StaffBilledPlanInput, actor: AuditActor) {
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
    const created = await this.deps.uow.run(
      actor,
      async (work) => {
        const subscription = await this.deps.customers.createSubscription(
          customerId,
          { treatmentId: treatment.id, status: 'active' },
          work,
        );
        const contract = await this.deps.customers.changePlan(work, {
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
      ? await this.replacePaymentSource(
          customerId,
          { oldPaymentSourceId: null, paymentToken: input.paymentToken },
          actor,
        )
      : null;
    await this.deps.events.customerChanged(customerId, 'billing');
    return { ...created, paymentSourceId: card?.newPaymentSourceId ?? null };
  }

  /** GetTreatmentPricingMap: every plan of the product an item price belongs to. */
  async treatmentPricingMap(itemPriceId: string): Promise<ItemPriceRow[]> {
    const [price] = await this.store.itemPrices([itemPriceId]);
    return price ? this.store.planPricesOfProduct(price.productId) : [];
  }

  /** GetLiteProgramPricing. */
  liteProgramPricing() {
    return this.store.litePlanPrices();
  }

  /** Demo and tests: the price list (plans, add-ons) and coupons. */
  async seedCatalogue(
    prices: Parameters<BillingStore['upsertItemPrices']>[0],
    coupons: Parameters<BillingStore['upsertCoupons']>[0] = [],
  ): Promise<void> {
    await this.store.upsertItemPrices(prices);
    await this.store.upsertCoupons(coupons);
  }
}

export function createBillingService(deps: {
  db: Db;
  customers: CustomerService;
  uow: UnitOfWork;
  audit: AuditLog;
  clock: Clock;
  gateway: PaymentGateway;
  events: Events;
  quoteSecret: Buffer;
  /** Signs invoice PDF URLs (the files module's signer). */
  urlSigner: UrlSigner;
  publicUrl: string;
  notifications: NotificationService;
  /** Referral credit (the referrals module's, through billing's narrow port). */
  credits: ReferralCreditPort;
  pdf?: PdfOptions | undefined;
  afterGatewayCharge?: (() => void) | undefined;
}): BillingService {
  const invoiceStore = new InvoiceStore(deps.db);
  const invoices = new InvoiceService({
    store: invoiceStore,
    audit: deps.audit,
    clock: deps.clock,
    signer: deps.urlSigner,
    publicUrl: deps.publicUrl,
    pdf: deps.pdf,
  });
  return new BillingService(new BillingStore(deps.db), {
    invoices,
    invoiceStore,
    notifications: deps.notifications,
    credits: deps.credits,
    customers: deps.customers,
    uow: deps.uow,
    audit: deps.audit,
    clock: deps.clock,
    gateway: deps.gateway,
    events: deps.events,
    signer: new QuoteSigner(deps.quoteSecret),
    afterGatewayCharge: deps.afterGatewayCharge,
  });
}
