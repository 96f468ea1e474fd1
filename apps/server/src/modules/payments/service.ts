import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { CheckoutRequest, GatewayEvent, PaymentGateway } from '../../platform/gateway/gateway';
import type { Mailer } from '../../platform/mail';
import type { UrlSigner } from '../../platform/signed-urls';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import type { CustomerService } from '../customers/service';
import { Charging, type Completed, type NextAction } from './charging';
import type { PdfOptions } from './invoice-pdf';
import { InvoiceStore } from './invoice-store';
import { InvoiceService, type InvoiceDraft, type InvoiceLine, type InvoiceRow } from './invoices';
import type {
  AfterCommit,
  Applied,
  ChargeIntent,
  ApplyContext,
  AttentionReason,
  CheckoutHandler,
  CheckoutOutcome,
  FailedApplied,
  PurposeHandler,
} from './purposes';
import { Refunds } from './refunds';
import { Settlement } from './settlement';
import { PaymentStore, type ChargeRow, type RefundRow } from './store';
import { WebhookEvents, type EventOutcome } from './webhook';

export type {
  AfterCommit,
  Applied,
  ApplyContext,
  AttentionReason,
  ChargeIntent,
  ChargeRow,
  CheckoutHandler,
  CheckoutOutcome,
  Completed,
  EventOutcome,
  FailedApplied,
  InvoiceDraft,
  InvoiceLine,
  InvoiceRow,
  NextAction,
  PurposeHandler,
  RefundRow,
};
export { PENDING_CHARGE_GRACE_MS } from './charging';

/** The one job that finishes unknown charges and refunds and retries unapplied ones. */
export const PAYMENTS_JOB = 'payments';
/** The charges the patient page lists, newest first. */
export const CARE_TEAM_CHARGES_LIMIT = 100;
export const PAYMENTS_JOB_EVERY_MS = 60_000;

const SYSTEM: AuditActor = { type: 'system', id: 'payments' };

export interface PaymentsDeps {
  db: Db;
  uow: UnitOfWork;
  audit: AuditLog;
  clock: Clock;
  gateway: PaymentGateway;
  mailer: Mailer;
  logger: Pick<FastifyBaseLogger, 'error'>;
  /** Invoices keep the shipping address and name the patient; mails go to the contact email. */
  customers: Pick<CustomerService, 'shippingAddressSnapshot' | 'patientFacts' | 'contactFacts'>;
  /** Signs invoice PDF URLs (the files module's signer). */
  urlSigner: UrlSigner;
  publicUrl: string;
  pdf?: PdfOptions | undefined;
  /** Test hook (BILLING_TEST_CRASH_AFTER_CHARGE): between the processor's answer and the commit. */
  afterGatewayCharge?: (() => void) | undefined;
}

/**
 * Payments (issue 39; docs/architecture.md "Payments"): the one ledger of charges and refunds,
 * the exactly-once charge (charging.ts), reconciliation, refunds (refunds.ts), an invoice for
 * every charge (invoices.ts), the processor's customers and its webhook events (webhook.ts).
 * Billing and bulk orders register a handler per purpose and hand it intents; it knows neither.
 */
export class PaymentsService {
  readonly charging: Charging;
  /** Step 3 of a charge and the application of paid ones (settlement.ts). */
  readonly settlement: Settlement;
  readonly invoices: InvoiceService;
  readonly refunds: Refunds;
  private readonly store: PaymentStore;
  private readonly webhook: WebhookEvents;
  private readonly handlers = new Map<string, PurposeHandler>();
  private checkoutHandler: CheckoutHandler | undefined;

  constructor(private readonly deps: PaymentsDeps) {
    this.store = new PaymentStore(deps.db);
    this.invoices = new InvoiceService({
      store: new InvoiceStore(deps.db),
      customers: deps.customers,
      audit: deps.audit,
      clock: deps.clock,
      signer: deps.urlSigner,
      publicUrl: deps.publicUrl,
      pdf: deps.pdf,
    });
    this.refunds = new Refunds({ ...deps, store: this.store, invoices: this.invoices });
    this.settlement = new Settlement({
      store: this.store,
      invoices: this.invoices,
      refunds: this.refunds,
      uow: deps.uow,
      clock: deps.clock,
      provider: deps.gateway.provider,
      handlers: this.handlers,
    });
    this.charging = new Charging({
      store: this.store,
      settlement: this.settlement,
      uow: deps.uow,
      clock: deps.clock,
      gateway: deps.gateway,
      processorCustomerOf: async (customerId) =>
        (await this.store.processorCustomer(customerId, deps.gateway.provider)) ?? null,
    });
    this.charging.afterGatewayCharge = deps.afterGatewayCharge;
    this.webhook = new WebhookEvents({
      store: this.store,
      settlement: this.settlement,
      refunds: this.refunds,
      uow: deps.uow,
      clock: deps.clock,
      checkouts: () => this.checkoutHandler,
    });
  }

  /** The processor in use (the card form and /config.json say which). */
  get provider(): PaymentGateway['provider'] {
    return this.deps.gateway.provider;
  }

  /** An owner's handler for its purpose (billing's plan changes and renewals, bulk orders). */
  register(purpose: string, handler: PurposeHandler): void {
    if (this.handlers.has(purpose)) throw new Error(`payment purpose ${purpose} registered twice`);
    this.handlers.set(purpose, handler);
  }

  /** The owner of hosted pay-later checkouts (bulk orders). */
  registerCheckouts(handler: CheckoutHandler): void {
    this.checkoutHandler = handler;
  }

  chargeByKey(key: string): Promise<ChargeRow | undefined> {
    return this.store.chargeByKey(key);
  }

  /** A purpose's charges for one thing it pays for, oldest first; in the caller's work if given. */
  chargesFor(purpose: string, reference: string, work?: Work): Promise<ChargeRow[]> {
    return (work ? this.store.in(work.tx) : this.store).chargesFor(purpose, reference);
  }

  /**
   * The care console's patient page (issue 41): the customer's charges, newest first, at most
   * 100. Not audited here: the patient overview audits its one read, naming the section.
   */
  chargesForCareTeam(customerId: string): Promise<ChargeRow[]> {
    return this.store.chargesOfCustomer(customerId, CARE_TEAM_CHARGES_LIMIT);
  }

  chargesWithKeyPrefix(prefix: string): Promise<ChargeRow[]> {
    return this.store.chargesWithKeyPrefix(prefix);
  }

  /** Paid charges whose purpose was not applied (spec 02 §8 actionFailure), of one purpose. */
  unfulfilled(purpose: string): Promise<ChargeRow[]> {
    return this.store.unfulfilledCharges(purpose);
  }

  /**
   * The processor's customer of one of ours, made once (a SetupIntent and every charge name
   * it); racing calls keep the first id recorded (Stripe's idempotency key makes them one).
   */
  async processorCustomer(customerId: string, actor: AuditActor): Promise<string> {
    const { gateway } = this.deps;
    const known = await this.store.processorCustomer(customerId, gateway.provider);
    if (known) return known;
    const contact = await this.deps.customers.contactFacts(customerId);
    const made = await gateway.createCustomer({ customerId, email: contact?.email ?? null });
    return this.deps.uow.run(actor, async (work) => {
      const tx = this.store.in(work.tx);
      if (
        await tx.insertProcessorCustomer({
          customerId,
          provider: gateway.provider,
          processorCustomerId: made,
          createdAt: this.deps.clock.now(),
        })
      ) {
        await work.audit({
          action: 'create',
          entity: 'processor_customer',
          entityId: customerId,
          details: { provider: gateway.provider },
        });
        return made;
      }
      return (await tx.processorCustomer(customerId, gateway.provider)) ?? made;
    });
  }

  /** The processor's customer if one was made (cards saved before it existed have none). */
  async knownProcessorCustomer(customerId: string): Promise<string | null> {
    return (await this.store.processorCustomer(customerId, this.deps.gateway.provider)) ?? null;
  }

  /** A hosted pay-later checkout for an amount the server priced; a repeated key opens one. */
  async createCheckout(
    request: Omit<CheckoutRequest, 'currency' | 'processorCustomerId'> & { customerId: string },
  ): Promise<{ id: string; url: string }> {
    const { customerId, ...rest } = request;
    return this.deps.gateway.createCheckout({
      ...rest,
      currency: 'usd',
      processorCustomerId: await this.knownProcessorCustomer(customerId),
    });
  }

  /** A verified webhook event, applied once (webhook.ts). */
  applyEvent(event: GatewayEvent): Promise<EventOutcome> {
    return this.webhook.apply(event);
  }

  /** Staff API: refunds all or part of a charge (refunds.ts). */
  refund(
    actor: AuditActor,
    chargeId: string,
    request: { amountCents: number; reason: string },
  ): Promise<RefundRow> {
    return this.refunds.refund(actor, chargeId, request);
  }

  /** A charge as the care team sees it, with its refunds; undefined when there is none. */
  async chargeWithRefunds(chargeId: string) {
    const charge = await this.store.chargeById(chargeId);
    return charge && { charge, refunds: await this.store.refundsOf(chargeId) };
  }

  /**
   * Staff API: money the care team must look at (issue 45): paid checkouts refunded because
   * they paid for nothing payable, and late successes whose credits could not all be taken
   * again; each with its refunds. Oldest first, at most 200, until marked seen.
   */
  async attention(): Promise<{ charge: ChargeRow; refunds: RefundRow[] }[]> {
    const rows = await this.store.attentionCharges();
    return Promise.all(
      rows.map(async (charge) => ({ charge, refunds: await this.store.refundsOf(charge.id) })),
    );
  }

  /** Staff API: the care team has dealt with a charge's attention; audited. */
  resolveAttention(actor: AuditActor, chargeId: string): Promise<ChargeRow | undefined> {
    return this.deps.uow.run(actor, async (work) => {
      const row = await this.store
        .in(work.tx)
        .resolveAttention(chargeId, this.deps.clock.now(), actor.id);
      if (row) {
        await work.audit({
          action: 'update',
          entity: 'charge',
          entityId: row.id,
          // The patient and the field's name (issue 41).
          details: { customerId: row.customerId, fields: ['attentionResolved'] },
        });
      }
      return row;
    });
  }

  /** At start and by the job: unknown charges and refunds finished, unapplied ones retried. */
  async reconcile() {
    const charges = await this.charging.reconcile(SYSTEM);
    const fulfilment = await this.settlement.retryFulfilment(SYSTEM);
    const refunds = await this.refunds.reconcile(SYSTEM);
    return { ...charges, ...fulfilment, ...refunds };
  }
}

/** Builds the service over its own stores (called by the composition root). */
export function createPaymentsService(deps: PaymentsDeps): PaymentsService {
  return new PaymentsService(deps);
}
