import type {
  CancelSubscriptionInput,
  ChangeSubscriptionInput,
  PriceChangeQuoteInput,
  ReplacePaymentSourceInput,
  StaffBilledPlanInput,
  UpdateBillingAddressInput,
} from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { codedError } from '../../platform/errors';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Events } from '../../platform/events';
import type { PaymentGateway } from '../../platform/gateway/gateway';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { CustomerService } from '../customers/service';
import type { NotificationService } from '../notifications/service';
import type { PaymentsService } from '../payments/service';
import { AccountDeletion } from './account-deletion';
import { updateBillingAddress } from './billing-address';
import { BillingCharges, type ChangeResult } from './charges';
import type { ReferralCreditPort } from './credits';
import { PaymentSources, type CardSetupView, type PaymentSourceView } from './payment-sources';
import { PlanChanges, type QuoteView } from './plan-changes';
import { Plans, type SubscriptionView } from './plans';
import { QuoteSigner } from './quote-signature';
import { Renewals } from './renewals';
import { BillingStore, type ItemPriceRow } from './store';

export interface BillingServiceDeps {
  customers: CustomerService;
  /** The corporate-health mode (plan-changes.ts refuses a covered membership's changes). */
  corporateHealth?: (customerId: string) => Promise<boolean>;
  /** Refused cards' reasons and processor trouble (never answered to the customer). */
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  uow: UnitOfWork;
  audit: AuditLog;
  clock: Clock;
  gateway: PaymentGateway;
  events: Events;
  signer: QuoteSigner;
  /** The money: charges, their invoices, the processor's customers (modules/payments). */
  payments: PaymentsService;
  notifications: NotificationService;
  credits: ReferralCreditPort;
}

/**
 * Billing (spec 02 §3, §7, §9): one service over billing's own tables, its parts by
 * responsibility: the plan as billed (plans.ts), quotes and plan changes (plan-changes.ts),
 * saved cards (payment-sources.ts, billing-address.ts) and renewals (renewals.ts). Its charges
 * go through the payments module's exactly-once engine (charges.ts hands it billing's intents
 * and applies what they pay for), which also issues the invoices. The customer's
 * subscriptions, contracts and addresses come through CustomerService.
 */
export class BillingService {
  /** Plan changes' and renewals' charges (the payments engine's billing side). */
  readonly charges: BillingCharges;
  /** The renewals job's pass (the scheduler runs it; tests call it). */
  readonly renewals: Renewals;
  /** What an account's deletion does to its plans and cards (account-deletion.ts). */
  readonly accountDeletion: AccountDeletion;
  private readonly plans: Plans;
  private readonly planChanges: PlanChanges;
  readonly sources: PaymentSources;

  constructor(
    private readonly store: BillingStore,
    private readonly deps: BillingServiceDeps,
  ) {
    this.charges = new BillingCharges({ ...deps, store });
    this.renewals = new Renewals({
      payments: deps.payments,
      store,
      customers: deps.customers,
      notifications: deps.notifications,
      charges: this.charges,
      uow: deps.uow,
      clock: deps.clock,
    });
    this.sources = new PaymentSources(store, deps);
    this.accountDeletion = new AccountDeletion(store, { ...deps, charges: this.charges });
    this.plans = new Plans(store, { ...deps, paymentSources: this.sources });
    this.planChanges = new PlanChanges(store, {
      ...deps,
      charges: this.charges,
      paymentSources: this.sources,
    });
  }

  /**
   * The billing job (hourly): renewals, then the replaced and removed cards the processor has
   * not been told to forget yet (a replacement's or a deletion's detach that failed).
   */
  async runJob() {
    const renewed = await this.renewals.run();
    const cards = await this.sources.detachRetired();
    return { ...renewed, cardsDetached: cards.detached };
  }

  /** GetCustomerSubscription: price, isUpfrontPayment, term (and what the plan tab shows). */
  subscription(
    customerId: string,
    subscriptionId: string,
    actor: AuditActor,
  ): Promise<SubscriptionView | null> {
    return this.plans.subscription(customerId, subscriptionId, actor);
  }

  /** The subscription and add-on price change quote (plan-changes.ts). */
  quote(customerId: string, input: PriceChangeQuoteInput, actor: AuditActor): Promise<QuoteView> {
    return this.planChanges.quote(customerId, input, actor);
  }

  /** Change customer subscription: submits the quote it was shown (plan-changes.ts). */
  change(
    customerId: string,
    input: ChangeSubscriptionInput,
    actor: AuditActor,
  ): Promise<ChangeResult> {
    return this.planChanges.change(customerId, input, actor);
  }

  /** Customer payment sources, newest first (updated_at descending). */
  paymentSources(customerId: string, actor: AuditActor): Promise<PaymentSourceView[]> {
    return this.sources.list(customerId, actor);
  }

  /** startCardSetup: what the card form needs before it saves a card (payment-sources.ts). */
  startCardSetup(customerId: string, actor: AuditActor): Promise<CardSetupView> {
    return this.sources.startSetup(customerId, actor);
  }

  /** Replace payment source with a processor token (payment-sources.ts). */
  replacePaymentSource(customerId: string, input: ReplacePaymentSourceInput, actor: AuditActor) {
    return this.sources.replace(customerId, input, actor);
  }

  /** Update billing address of the customer's own active payment source (billing-address.ts). */
  updateBillingAddress(customerId: string, input: UpdateBillingAddressInput, actor: AuditActor) {
    return updateBillingAddress(this.store, this.deps.uow, customerId, input, actor);
  }

  /** Cancels with a reason; the plan runs to its contract's end (plans.ts). */
  cancel(customerId: string, input: CancelSubscriptionInput, actor: AuditActor) {
    return this.plans.cancel(customerId, input, actor);
  }

  /** Staff API: a plan from today's price list and, if given, a card (plans.ts). */
  giveBilledPlan(customerId: string, input: StaffBilledPlanInput, actor: AuditActor) {
    return this.plans.give(customerId, input, actor);
  }

  /** GetTreatmentPricingMap: every plan of the product an item price belongs to. */
  /**
   * The care console's patient page (issue 41): the money the patient page shows, through the
   * payments engine that keeps it: invoices (at most 50, as GetInvoices) and charges, newest
   * first, and the display names of the plans' treatments. Not audited here: the overview
   * audits its one read, naming its sections.
   */
  async careTeamMoney(customerId: string, treatmentIds: readonly string[]) {
    const [invoices, charges, treatments] = await Promise.all([
      this.deps.payments.invoices.listForCareTeam(customerId),
      this.deps.payments.chargesForCareTeam(customerId),
      Promise.all([...new Set(treatmentIds)].map((id) => this.store.treatmentById(id))),
    ]);
    const names = new Map(treatments.flatMap((t) => (t ? [[t.id, t.displayName] as const] : [])));
    return { invoices, charges, treatmentNames: names };
  }

  /**
   * The care team's link to an invoice's PDF, the same 5-minute signed URL the customer's
   * invoices tab gets (GetInvoicePdfUrl; the signing is audited); null when the invoice is not
   * this customer's.
   */
  invoicePdfUrl(customerId: string, invoiceId: string, actor: AuditActor): Promise<string | null> {
    return this.deps.payments.invoices.pdfUrl(customerId, invoiceId, 'invoice', actor);
  }

  /** GetTreatmentPricingMap; an item price the catalogue does not know is TC103. */
  async treatmentPricingMap(itemPriceId: string): Promise<ItemPriceRow[]> {
    const [price] = await this.store.itemPrices([itemPriceId]);
    if (!price) {
      throw codedError('TC103', 'No treatment pricing for this plan.', {
        reason: 'unknown_item_price',
      });
    }
    return this.store.planPricesOfProduct(price.productId);
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
  payments: PaymentsService;
  notifications: NotificationService;
  /** Referral credit (the referrals module's, through billing's narrow port). */
  credits: ReferralCreditPort;
  logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  corporateHealth?: (customerId: string) => Promise<boolean>;
}): BillingService {
  return new BillingService(new BillingStore(deps.db), {
    payments: deps.payments,
    notifications: deps.notifications,
    credits: deps.credits,
    logger: deps.logger,
    customers: deps.customers,
    corporateHealth: deps.corporateHealth,
    uow: deps.uow,
    audit: deps.audit,
    clock: deps.clock,
    gateway: deps.gateway,
    events: deps.events,
    signer: new QuoteSigner(deps.quoteSecret),
  });
}
