import { bulkVialOption } from '@portal/domain';
import { codedError } from '../../platform/errors';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Events } from '../../platform/events';
import type { SandboxCheckout } from '../../platform/gateway/checkout';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { BillingService } from '../billing/service';
import type { CustomerActionService } from '../customers/actions-service';
import type { BulkCharging } from './charging';
import type { BulkChargeRow, BulkStore } from './store';

// Paying for an approved bulk order (spec 02 §4, §8): the bulk_order_charge action the care
// team's approval made is paid by card, exactly once through charging.ts, or on the gateway's
// hosted pay-later page, whose signed webhook completes it.

/** The customer action an approved bulk order becomes, and the one its payment completes. */
export const BULK_ACTION_TYPE = 'bulk_order_charge';

export interface PurchaseResult {
  purchaseSucceeded: boolean;
  actionCompleted: boolean;
  /** The processor's reason when the card was declined. */
  reason: string | null;
}

export interface BulkPaymentDeps {
  uow: UnitOfWork;
  audit: AuditLog;
  clock: Clock;
  events: Events;
  checkout: SandboxCheckout;
  customerActions: CustomerActionService;
  /** The customer's saved cards (billing's). */
  billing: Pick<BillingService, 'paymentSources'>;
}

const SYSTEM: AuditActor = { type: 'system', id: 'bulk-payments' };

export class BulkPayment {
  constructor(
    private readonly store: BulkStore,
    private readonly charging: BulkCharging,
    private readonly deps: BulkPaymentDeps,
  ) {}

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

  /**
   * PurchaseBulkWithChargebee {customerActionId}: the price is the sale table's for the
   * action's vial count; the action id is the idempotency key. A repeat answers the first
   * outcome; a completed action with no charge of ours, another customer's action, or a vial
   * count outside 2 to 6 is ST102 with nothing charged.
   */
  async purchase(customerId: string, actionId: string, actor: AuditActor): Promise<PurchaseResult> {
    const { action, option } = await this.payable(customerId, actionId);
    let charge = await this.store.chargeOfAction(action.id);
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
    if (!charge) {
      charge = await this.charging.begin(actor, {
        customerId,
        actionId: action.id,
        vialCount: option.vials,
        amount: option.totalCents,
        gatewayPaymentMethodId: await card(),
      });
    } else if (
      charge.method === 'card' &&
      (charge.status === 'declined' || charge.status === 'failed') &&
      action.status === 'pending'
    ) {
      // A new attempt only with another card (or one never sent); the same card declined
      // answers its first result again, charging nothing.
      const source = await card();
      if (charge.status === 'failed' || source !== charge.gatewayPaymentMethodId) {
        charge = await this.charging.retry(actor, charge, source);
      }
    }
    if (charge.method !== 'card') {
      throw codedError('ST102', 'This order is already paid.', { reason: 'actionNotPending' });
    }
    const settled = await this.charging.complete(actor, charge);
    if (settled.status === 'pending') {
      throw codedError('ST102', 'The payment is still being processed.', { reason: 'pending' });
    }
    return {
      purchaseSucceeded: settled.status === 'succeeded',
      actionCompleted: settled.status === 'succeeded' && settled.actionCompleted,
      reason: settled.status === 'succeeded' ? null : (settled.processorReason ?? 'unknown'),
    };
  }

  /**
   * The pay-later link (spec 02 §4): a checkout on the gateway's hosted page for the server's
   * amount, with the action id as client reference; the webhook completes the action.
   */
  async payLaterLink(customerId: string, actionId: string, actor: AuditActor): Promise<string> {
    const { action, option } = await this.payable(customerId, actionId);
    if (action.status !== 'pending') {
      throw codedError('ST102', 'This order is already complete.', { reason: 'actionNotPending' });
    }
    const checkout = await this.deps.checkout.create({
      clientReference: action.id,
      amountCents: option.totalCents,
      description: `Bulk semaglutide, ${String(option.vials)} vials`,
      // Same origin as the portal: the hosted page sends the customer back to the success drawer.
      returnUrl: `/bulk-payment?actionId=${action.id}&completed=true`,
    });
    await this.deps.audit.record(actor, {
      action: 'create',
      entity: 'bulk_checkout',
      entityId: action.id,
      details: { checkoutId: checkout.id, amount: option.totalCents },
    });
    return checkout.path;
  }

  /**
   * A verified checkout.completed event: processed once per event id, and only for a pending
   * bulk action whose price is the amount paid; all of it in one transaction.
   */
  async checkoutCompleted(event: {
    id: string;
    type: string;
    data: { checkoutId: string; clientReference: string; amountCents: number };
  }): Promise<'completed' | 'duplicate' | 'ignored'> {
    const { uow, customerActions } = this.deps;
    const outcome = await uow.run(
      SYSTEM,
      async (work) => {
        const store = this.store.in(work.tx);
        if (!(await store.claimEvent(event.id, event.type, this.deps.clock.now()))) {
          return { result: 'duplicate' as const };
        }
        const action = await customerActions.findAny(event.data.clientReference, work.tx);
        const vials = action?.metadata.vial_count;
        const option = typeof vials === 'number' ? bulkVialOption(vials) : undefined;
        if (
          !action ||
          action.typeCode !== BULK_ACTION_TYPE ||
          action.status !== 'pending' ||
          option?.totalCents !== event.data.amountCents
        ) {
          await work.audit({
            action: 'update',
            entity: 'bulk_charge',
            entityId: event.data.clientReference,
            details: { event: event.id, ignored: true },
          });
          return { result: 'ignored' as const };
        }
        const inserted = await store.insertPendingCharge({
          customerId: action.customerId,
          actionId: action.id,
          method: 'bnpl',
          vialCount: option.vials,
          amount: option.totalCents,
          status: 'succeeded',
          gatewayChargeId: event.data.checkoutId,
          actionCompleted: true,
          createdAt: this.deps.clock.now(),
          settledAt: this.deps.clock.now(),
        });
        if (!inserted) return { result: 'ignored' as const };
        await this.charging.completeAction(work, action.customerId, action.id);
        await work.audit({
          action: 'create',
          entity: 'bulk_charge',
          entityId: inserted.id,
          details: { event: event.id, method: 'bnpl', amount: inserted.amount },
        });
        return { result: 'completed' as const, customerId: action.customerId };
      },
      { lock: `bulk-charge:${event.data.clientReference}` },
    );
    if (outcome.result === 'completed') {
      await this.deps.events.customerChanged(outcome.customerId, 'notifications');
    }
    return outcome.result;
  }

  /** Staff API: paid charges whose action was not completed (spec 02 §8 actionFailure). */
  actionFailures(): Promise<BulkChargeRow[]> {
    return this.store.uncompletedCharges();
  }

  /** At start and by the job: crashed charges settled, failed completions retried. */
  async reconcile() {
    const charges = await this.charging.reconcile(SYSTEM);
    const completions = await this.charging.retryCompletions(SYSTEM);
    return { ...charges, ...completions };
  }
}
