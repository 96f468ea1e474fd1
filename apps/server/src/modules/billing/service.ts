import type {
  CancelSubscriptionInput,
  ChangeSubscriptionInput,
  PriceChangeQuoteInput,
  ReplacePaymentSourceInput,
  StaffBilledPlanInput,
  UpdateBillingAddressInput,
} from '@portal/domain';
import type { Db } from '../../db/client';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Events } from '../../platform/events';
import type { PaymentGateway } from '../../platform/gateway/gateway';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { CustomerService } from '../customers/service';
import type { NotificationService } from '../notifications/service';
import type { UrlSigner } from '../../platform/signed-urls';
import { updateBillingAddress } from './billing-address';
import { Charging, type ChangeResult } from './charging';
import type { ReferralCreditPort } from './credits';
import { InvoiceStore } from './invoice-store';
import { InvoiceService } from './invoices';
import type { PdfOptions } from './invoice-pdf';
import { PaymentSources, type PaymentSourceView } from './payment-sources';
import { PlanChanges, type QuoteView } from './plan-changes';
import { Plans, type SubscriptionView } from './plans';
import { QuoteSigner } from './quote-signature';
import { Renewals, renewalSettled } from './renewals';
import { BillingStore, type ItemPriceRow } from './store';

export interface BillingServiceDeps {
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
}

/**
 * Billing (spec 02 §3, §7, §9): one service over billing's own tables, its parts by
 * responsibility: the plan as billed (plans.ts), quotes and plan changes (plan-changes.ts),
 * saved cards (payment-sources.ts, billing-address.ts), invoices (invoices.ts) and renewals
 * (renewals.ts), all charging through one exactly-once engine (charging.ts). The customer's
 * subscriptions, contracts and addresses come through CustomerService.
 */
export class BillingService {
  /** Exposed to the renewals job (same module). */
  readonly charging: Charging;
  /** The renewals job's pass (the scheduler runs it; tests call it). */
  readonly renewals: Renewals;
  private readonly plans: Plans;
  private readonly planChanges: PlanChanges;
  private readonly sources: PaymentSources;

  constructor(
    private readonly store: BillingStore,
    private readonly deps: BillingServiceDeps,
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
    this.sources = new PaymentSources(store, deps);
    this.plans = new Plans(store, { ...deps, paymentSources: this.sources });
    this.planChanges = new PlanChanges(store, {
      ...deps,
      charging: this.charging,
      paymentSources: this.sources,
    });
  }

  /** Invoices: GetInvoices, GetInvoicePdfUrl and the signed PDF downloads. */
  get invoices(): InvoiceService {
    return this.deps.invoices;
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

  /** Finishes charges a crash left between the gateway and the commit (run at start). */
  reconcilePendingCharges(): Promise<{ settled: number; failed: number }> {
    return this.charging.reconcile({ type: 'system', id: 'billing-reconciliation' });
  }

  /** Customer payment sources, newest first (updated_at descending). */
  paymentSources(customerId: string, actor: AuditActor): Promise<PaymentSourceView[]> {
    return this.sources.list(customerId, actor);
  }

  /** Replace payment source with a gateway token (payment-sources.ts). */
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
    customers: deps.customers,
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
