import {
  BULK_VIAL_MG,
  bulkVialOption,
  calendarDateIn,
  DEFAULT_TIME_ZONE,
  NOTIFICATION_TYPE,
  type BulkVialOption,
} from '@portal/domain';
import { codedError } from '../../platform/errors';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Events } from '../../platform/events';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import type { BillingService } from '../billing/service';
import type { CustomerActionService } from '../customers/actions-service';
import type { NotificationService } from '../notifications/service';
import type {
  ChargeIntent,
  ChargeRow,
  CheckoutOutcome,
  InvoiceDraft,
  PaymentsService,
  PurposeHandler,
} from '../payments/service';
import type { BulkStore } from './store';

// Paying for an approved bulk order (spec 02 §4, §8; issue 39): the bulk_order_charge action
// the care team's approval made is paid by card, exactly once through the payments module, or
// on the processor's hosted pay-later checkout, whose signed webhook the payments module hands
// to this module's checkout handler. Either way the charge issues its invoice ("Bulk
// semaglutide, N vials", with the medication for the HSA/FSA receipt), and its success
// completes the action, removes its notice and marks the order paid, in one transaction. A card
// that asks for 3-D Secure answers nextAction; the customer finishes it and asks again.

/** The customer action an approved bulk order becomes, and the one its payment completes. */
export const BULK_ACTION_TYPE = 'bulk_order_charge';

/** The payments module's purpose of bulk order charges (reference: the action id). */
export const BULK_PURPOSE = 'bulk_order';

/**
 * The processor's idempotency key names the attempt: the action and the card tried. The same
 * attempt replayed (double click, 100 racing requests, a restart after a crash) reuses the key
 * and charges once; a declined card retried with another card is a new attempt with a new key.
 */
export const bulkChargeKey = (actionId: string, paymentMethodId: string | null) =>
  `bulk:${actionId}:${paymentMethodId ?? 'none'}`;

/** Where the bulk payment notice (and the customer's entry to paying) points. */
export const bulkPaymentUrl = (actionId: string) =>
  `/user-action?mode=bulkOrderPayment&actionId=${actionId}`;

export interface PurchaseResult {
  purchaseSucceeded: boolean;
  actionCompleted: boolean;
  /** The processor's reason when the card was declined. */
  reason: string | null;
  /** The card asks for 3-D Secure: what the browser needs to finish it (issue 39). */
  nextAction?: { clientSecret: string; redirectUrl: string | null } | null;
}

/** What a bulk charge keeps as its intent (the payments ledger's opaque JSON). */
interface BulkIntent extends Record<string, unknown> {
  kind: 'bulk_order';
  customerId: string;
  actionId: string;
  vialCount: number;
}

export interface BulkPaymentDeps {
  uow: UnitOfWork;
  audit: AuditLog;
  clock: Clock;
  events: Events;
  payments: PaymentsService;
  customerActions: CustomerActionService;
  notifications: NotificationService;
  /** The customer's saved cards (billing's). */
  billing: Pick<BillingService, 'paymentSources'>;
  /** The web app's origin: the hosted checkout sends the customer back there. */
  publicUrl: string;
  /** Test hook: runs before the action is completed (a throw stands for a failed update). */
  beforeActionComplete?: (() => void) | undefined;
}

/** Another attempt for the action is open or paid: this one is not made. */
class AttemptOpen extends Error {}

const pending = () =>
  codedError('ST102', 'The payment is still being processed.', { reason: 'pending' });

export class BulkPayment {
  constructor(
    private readonly store: BulkStore,
    private readonly deps: BulkPaymentDeps,
  ) {
    deps.payments.register(BULK_PURPOSE, this.handler());
    deps.payments.registerCheckouts({
      purpose: BULK_PURPOSE,
      chargeFor: (work, checkout) => this.checkoutCharge(work, checkout),
    });
  }

  /** The action to pay, checked: the customer's own, pending, bulk, with 2 to 6 vials. */
  private async payable(customerId: string, actionId: string) {
    const action = await this.deps.customerActions.findOwnIn(customerId, actionId);
    if (!action || action.typeCode !== BULK_ACTION_TYPE) {
      throw codedError('ST102', 'Payment processing failed.', { reason: 'actionNotFound' });
    }
    const vialCount = action.metadata.vial_count;
    const option = typeof vialCount === 'number' ? bulkVialOption(vialCount) : undefined;
    if (!option) {
      throw codedError('ST102', 'Payment processing failed.', { reason: 'invalidVialCount' });
    }
    return { action, option };
  }

  /** What a bulk charge is, for the ledger: the server's price, the invoice's lines. */
  private intentFor(
    customerId: string,
    actionId: string,
    option: BulkVialOption,
  ): Omit<ChargeIntent, 'key' | 'paymentMethodId' | 'onSession'> {
    const description = `Bulk semaglutide, ${String(option.vials)} vials`;
    const intent: BulkIntent = {
      kind: 'bulk_order',
      customerId,
      actionId,
      vialCount: option.vials,
    };
    const invoice: InvoiceDraft = {
      description,
      lines: [
        {
          kind: 'medication',
          description,
          amount: option.totalCents,
          medication: `Semaglutide ${String(BULK_VIAL_MG)} mg per vial, ${String(option.vials)} vials`,
        },
      ],
      serviceDate: calendarDateIn(this.deps.clock.now(), DEFAULT_TIME_ZONE),
      providerName: null,
    };
    return {
      customerId,
      subscriptionId: null,
      purpose: BULK_PURPOSE,
      reference: actionId,
      amount: option.totalCents,
      description,
      intent,
      invoice,
    };
  }

  /**
   * PurchaseBulkWithChargebee {customerActionId}: the price is the sale table's for the
   * action's vial count; the action and card are the idempotency key. A repeat answers the
   * first outcome (or, after 3-D Secure, asks the processor and settles); a completed action
   * with no charge of ours, another customer's action, or a vial count outside 2 to 6 is ST102
   * with nothing charged.
   */
  async purchase(customerId: string, actionId: string, actor: AuditActor): Promise<PurchaseResult> {
    const { payments } = this.deps;
    const { action, option } = await this.payable(customerId, actionId);
    const attempts = await payments.chargesFor(BULK_PURPOSE, action.id);
    if (attempts.some((c) => c.method === 'checkout' && c.status === 'succeeded')) {
      throw codedError('ST102', 'This order is already paid.', { reason: 'actionNotPending' });
    }
    const card = async () => {
      if (action.status !== 'pending') {
        throw codedError('ST102', 'This order is already complete.', {
          reason: 'actionNotPending',
        });
      }
      const [source] = await this.deps.billing.paymentSources(customerId, actor);
      if (!source) {
        throw codedError('ST102', 'There is no card to charge.', { reason: 'noPaymentSource' });
      }
      return source.gatewayPaymentMethodId;
    };
    const begin = (paymentMethodId: string) =>
      payments.charging
        .begin(
          actor,
          {
            ...this.intentFor(customerId, action.id, option),
            key: bulkChargeKey(action.id, paymentMethodId),
            paymentMethodId,
            // The customer is at the payment screen: a 3-D Secure challenge can be answered.
            onSession: true,
          },
          {
            lock: `bulk-charge:${action.id}`,
            // One attempt at a time, and none once paid: another card is tried only after a
            // decline, so two cards can never both be charged for one order.
            prepare: async (work, request) => {
              const open = await payments.chargesFor(BULK_PURPOSE, action.id, work);
              if (
                open.some((c) => ['pending', 'requires_action', 'succeeded'].includes(c.status))
              ) {
                throw new AttemptOpen();
              }
              return request;
            },
          },
        )
        .catch((error: unknown) => {
          if (error instanceof AttemptOpen) throw pending();
          throw error;
        });
    // The attempt that stands: the paid one, else the one still open, else the last declined.
    let charge =
      attempts.find((c) => c.status === 'succeeded') ??
      attempts.find((c) => c.status === 'pending' || c.status === 'requires_action') ??
      attempts.at(-1);
    if (!charge) {
      charge = await begin(await card());
    } else if (
      (charge.status === 'declined' || charge.status === 'failed') &&
      action.status === 'pending'
    ) {
      // A new attempt only with another card (or one never sent); the same card declined
      // answers its first result again, charging nothing.
      const source = await card();
      if (source !== charge.paymentMethodId) charge = await begin(source);
      else if (charge.status === 'failed') charge = await payments.charging.retry(actor, charge);
    }
    const { charge: settled, nextAction } = await payments.charging.complete(actor, charge);
    if (settled.status === 'requires_action') {
      if (!nextAction) throw pending();
      return { purchaseSucceeded: false, actionCompleted: false, reason: null, nextAction };
    }
    if (settled.status === 'pending') throw pending();
    // Another payment paid the order first (a checkout at the same moment): this card's was
    // refunded (issue 45); the order is paid, once.
    if (settled.attention === 'notApplied') {
      throw codedError('ST102', 'This order is already paid.', { reason: 'actionNotPending' });
    }
    const paid = settled.status === 'succeeded';
    return {
      purchaseSucceeded: paid,
      actionCompleted: paid && settled.fulfilledAt !== null,
      reason: paid ? null : (settled.processorReason ?? 'unknown'),
      nextAction: null,
    };
  }

  /**
   * The pay-later link (spec 02 §4): a checkout on the processor's hosted page for the
   * server's amount, with the action id as client reference; its webhook completes the action.
   */
  async payLaterLink(customerId: string, actionId: string, actor: AuditActor): Promise<string> {
    const { action, option } = await this.payable(customerId, actionId);
    if (action.status !== 'pending') {
      throw codedError('ST102', 'This order is already complete.', { reason: 'actionNotPending' });
    }
    const back = `${this.deps.publicUrl}/bulk-payment?actionId=${action.id}`;
    const checkout = await this.deps.payments.createCheckout({
      customerId,
      idempotencyKey: `checkout:${action.id}`,
      clientReference: action.id,
      amountCents: option.totalCents,
      description: `Bulk semaglutide, ${String(option.vials)} vials`,
      // The hosted page sends the customer back to the success drawer (or, cancelled, the page).
      successUrl: `${back}&completed=true`,
      cancelUrl: back,
    });
    await this.deps.audit.record(actor, {
      action: 'create',
      entity: 'bulk_checkout',
      entityId: action.id,
      details: { checkoutId: checkout.id, amount: option.totalCents },
    });
    return checkout.url;
  }

  /**
   * A paid checkout (the payments module's webhook, in its transaction): a charge only for a
   * pending bulk action whose price is the amount paid and that no card has paid yet. Any
   * other paid checkout of a known action is money taken for nothing payable: the payments
   * module records it, refunds it and shows it to the care team (issue 45). Null only for a
   * reference that names no action (no customer to record it for).
   */
  private async checkoutCharge(
    work: Work,
    checkout: { clientReference: string; amountCents: number },
  ): Promise<CheckoutOutcome | null> {
    const action = await this.deps.customerActions.findAny(checkout.clientReference, work.tx);
    if (!action) return null;
    const vials = action.metadata.vial_count;
    const option = typeof vials === 'number' ? bulkVialOption(vials) : undefined;
    const notApplicable = (why: string): CheckoutOutcome => ({
      kind: 'notApplicable',
      customerId: action.customerId,
      description: `Bulk order checkout not applied (${why})`,
      why,
    });
    if (action.typeCode !== BULK_ACTION_TYPE || !option) return notApplicable('notABulkOrder');
    if (option.totalCents !== checkout.amountCents) return notApplicable('amountMismatch');
    const paid = await this.deps.payments.chargesFor(BULK_PURPOSE, action.id, work);
    if (paid.some((c) => c.status === 'succeeded' && c.attention !== 'notApplied')) {
      return notApplicable('paidAlready');
    }
    if (action.status !== 'pending') return notApplicable('actionNotPending');
    return { kind: 'charge', request: this.intentFor(action.customerId, action.id, option) };
  }

  /** What the payments engine does with a settled bulk charge. */
  private handler(): PurposeHandler {
    return {
      applySucceeded: async (work, charge, { retry }) => {
        const intent = charge.intent as BulkIntent;
        this.deps.beforeActionComplete?.();
        const completed = await this.deps.customerActions.complete(
          intent.customerId,
          intent.actionId,
          work,
        );
        await this.deps.notifications.removeNoticesFor(
          intent.customerId,
          NOTIFICATION_TYPE.bulkPayment,
          bulkPaymentUrl(intent.actionId),
          work,
        );
        if (!completed) {
          // Another payment of ours paid the order first (a card and a checkout at the same
          // moment): this one paid for nothing, and is refunded (issue 45).
          const others = await this.deps.payments.chargesFor(BULK_PURPOSE, intent.actionId, work);
          const paidFirst = others.some(
            (c) =>
              c.id !== charge.id &&
              c.status === 'succeeded' &&
              c.fulfilledAt !== null &&
              c.attention !== 'notApplied',
          );
          if (paidFirst) return { notApplicable: 'paidAlready' };
          // Paid, but the action changed behind the charge's back: the payment is kept and
          // the care team sees it (actionFailure); the job's retry accepts an action done
          // meanwhile.
          if (!retry) throw new Error('the action was no longer pending');
        }
        const order = await this.store.in(work.tx).markPaid(intent.actionId, this.deps.clock.now());
        if (order) {
          await work.audit({
            action: 'update',
            entity: 'bulk_order',
            entityId: order.id,
            details: { status: order.status, chargeId: charge.id },
          });
        }
        return { result: { actionCompleted: true } };
      },
      applyFailed: () => Promise.resolve({}),
      settled: (charge: ChargeRow) =>
        this.deps.events.customerChanged(charge.customerId, 'notifications'),
    };
  }

  /** Staff API: paid charges whose action was not completed (spec 02 §8 actionFailure). */
  actionFailures(): Promise<ChargeRow[]> {
    return this.deps.payments.unfulfilled(BULK_PURPOSE);
  }
}
