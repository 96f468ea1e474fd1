import {
  BULK_TREATMENT_SHORT_IDS,
  FEATURE_FLAGS,
  NOTIFICATION_TYPE,
  bulkEligibility,
  bulkRefusalCode,
  bulkVialOption,
  type BulkEligibility,
  type BulkOrderInput,
  type StaffBulkApprovalInput,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { codedError } from '../../platform/errors';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Events } from '../../platform/events';
import type { SandboxCheckout } from '../../platform/gateway/checkout';
import type { PaymentGateway } from '../../platform/gateway/gateway';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { AppointmentService } from '../appointments/service';
import type { BillingService } from '../billing/service';
import type { CustomerActionRecord, CustomerActionService } from '../customers/actions-service';
import type { CustomerService } from '../customers/service';
import type { FlagService } from '../flags/service';
import type { NotificationService } from '../notifications/service';
import { BulkCharging, bulkPaymentUrl } from './charging';
import { BulkStore, type BulkChargeRow, type BulkOrderRow } from './store';

export type { BulkChargeRow, BulkOrderRow };

export const BULK_ACTION_TYPE = 'bulk_order_charge';
/** Treatments whose customers may order bulk semaglutide (the GLP-1 weight programme). */
const WEIGHT_TREATMENTS = new Set(['weightmanagement', ...BULK_TREATMENT_SHORT_IDS]);

export interface BulkEligibilityView extends BulkEligibility {
  /** The bulk flag (spec 02 §6): false shows the "no longer available" notice. */
  bulkAvailable: boolean;
}

export interface PurchaseResult {
  purchaseSucceeded: boolean;
  actionCompleted: boolean;
  /** The processor's reason when the card was declined. */
  reason: string | null;
}

export interface BulkServiceDeps {
  db: Db;
  uow: UnitOfWork;
  audit: AuditLog;
  clock: Clock;
  events: Events;
  gateway: PaymentGateway;
  checkout: SandboxCheckout;
  customers: CustomerService;
  customerActions: CustomerActionService;
  appointments: AppointmentService;
  notifications: NotificationService;
  billing: BillingService;
  flags: FlagService;
  afterGatewayCharge?: (() => void) | undefined;
  beforeActionComplete?: (() => void) | undefined;
}

class NotAwaitingApproval extends Error {}

const SYSTEM: AuditActor = { type: 'system', id: 'bulk-payments' };

/**
 * Bulk semaglutide orders (spec 02 §3, §4, §7, §8, §9; issue 12): eligibility from the
 * customer's records, the order, the care team's approval into a bulk_order_charge action,
 * and its payment by card (exactly once) or by the gateway's pay-later checkout (webhook).
 */
export class BulkService {
  readonly charging: BulkCharging;
  private readonly store: BulkStore;

  constructor(private readonly deps: BulkServiceDeps) {
    this.store = new BulkStore(deps.db);
    this.charging = new BulkCharging({ ...deps, store: this.store });
  }

  /** IsBulkEligible: from the flag, treatments, visits, earlier orders and actions. */
  async eligibility(customerId: string, actor: AuditActor): Promise<BulkEligibilityView> {
    const { flags, appointments, customerActions } = this.deps;
    const [flagValues, treatments, lists, orders, pending] = await Promise.all([
      flags.flagsFor(customerId),
      appointments.activeTreatments(customerId),
      appointments.listForCustomer(customerId, new Date(0), actor),
      this.store.ordersOf(customerId),
      customerActions.list(customerId, actor, 'pending'),
    ]);
    const visits = [...lists.upcoming, ...lists.previous, ...lists.async].filter(
      (a) => a.status !== 'cancelled',
    );
    const bulkAvailable = flagValues.get(FEATURE_FLAGS.bulkOrdering) ?? false;
    const result = bulkEligibility(
      {
        bulkEnabled: bulkAvailable,
        hasWeightTreatment: treatments.some((t) => WEIGHT_TREATMENTS.has(t.shortId)),
        lastBulkOrderAt: orders[0]?.createdAt ?? null,
        bulkOrderInProcess:
          orders.some((o) => o.status === 'awaiting_approval') ||
          pending.some((a) => a.typeCode === BULK_ACTION_TYPE),
        bulkAppointmentStarts: visits.filter((a) => a.vialCount !== null).map((a) => a.start),
        encounterStarts: visits.map((a) => a.start),
      },
      this.deps.clock.now(),
    );
    return { ...result, bulkAvailable };
  }

  /**
   * The vial order (spec 02 §4): refused with BS101/BS102, or BULK_UNAVAILABLE with the flag
   * off. The customer's lock queues a double submit, so the second one sees the first order
   * and the 5-minute block.
   */
  async submitOrder(
    customerId: string,
    input: BulkOrderInput,
    actor: AuditActor,
  ): Promise<BulkOrderRow> {
    const e = await this.eligibility(customerId, actor);
    if (!e.bulkAvailable) {
      throw codedError('BULK_UNAVAILABLE', 'Bulk ordering is no longer available.', {
        reason: 'unavailable',
      });
    }
    const code = bulkRefusalCode(e);
    if (code) throw codedError(code, 'A bulk order is already in process.', { reason: code });
    if (!e.isBulkEligible) {
      throw codedError('BS101', 'Not eligible for a bulk order.', { reason: 'notEligible' });
    }
    return this.deps.uow.run(
      actor,
      async (work) => {
        // Re-read under the customer's lock: of two racing submits, the second sees the first.
        const [latest] = await this.store.in(work.tx).ordersOf(customerId);
        const again = bulkRefusalCode(
          bulkEligibility(
            {
              bulkEnabled: true,
              hasWeightTreatment: true,
              lastBulkOrderAt: latest?.createdAt ?? null,
              bulkOrderInProcess: latest?.status === 'awaiting_approval',
              bulkAppointmentStarts: [],
              encounterStarts: [],
            },
            this.deps.clock.now(),
          ),
        );
        if (again)
          throw codedError(again, 'A bulk order is already in process.', { reason: again });
        const now = this.deps.clock.now();
        const row = await this.store.in(work.tx).insertOrder({
          customerId,
          vialCount: input.vialCount,
          treatmentShortId: input.treatmentShortId,
          encounter: e.needsSyncEncounter ? 'sync' : 'async',
          createdAt: now,
          updatedAt: now,
        });
        await work.audit({
          action: 'create',
          entity: 'bulk_order',
          entityId: row.id,
          details: { vialCount: row.vialCount, encounter: row.encounter },
        });
        return row;
      },
      { lock: customerId },
    );
  }

  /** CreateBulkSubscription {customerId, treatmentShortId}: answers newSubscriptionId. */
  async createSubscription(
    customerId: string,
    treatmentShortId: string,
    actor: AuditActor,
  ): Promise<string> {
    const { uow, appointments, customers, events } = this.deps;
    const row = await uow.run(actor, async (work) => {
      const treatment = await appointments.treatmentByShortId(treatmentShortId, work.tx);
      if (!treatment) throw codedError('BAD_USER_INPUT', 'Unknown treatment.');
      return customers.createSubscription(
        customerId,
        { treatmentId: treatment.id, status: 'future' },
        work,
      );
    });
    await events.customerChanged(customerId, 'subscriptions');
    return row.id;
  }

  /** The customer's bulk orders, newest first (the text-only progression). */
  async orders(customerId: string, actor: AuditActor): Promise<BulkOrderRow[]> {
    const rows = await this.store.ordersOf(customerId);
    await this.deps.audit.record(actor, {
      action: 'read',
      entity: 'bulk_order',
      entityId: customerId,
      details: { ids: rows.map((r) => r.id) },
    });
    return rows;
  }

  /**
   * Staff API: the care team approves an order (or a vial count it took by phone) into a
   * pending bulk_order_charge action with a numeric vial_count, and the bulk payment notice,
   * in one unit of work. Undefined when the order is not the customer's or not awaiting.
   */
  async approve(
    customerId: string,
    input: StaffBulkApprovalInput,
    actor: AuditActor,
  ): Promise<{ action: CustomerActionRecord; order: BulkOrderRow | null } | undefined> {
    const { uow, customerActions, notifications } = this.deps;
    const result = await uow
      .run(
        actor,
        async (work) => {
          const store = this.store.in(work.tx);
          const order = input.orderId
            ? (await store.ordersOf(customerId)).find((o) => o.id === input.orderId)
            : undefined;
          if (input.orderId && order?.status !== 'awaiting_approval') return undefined;
          const vialCount = order?.vialCount ?? input.vialCount;
          if (vialCount === undefined) return undefined;
          const action = await customerActions.create(
            customerId,
            { typeCode: BULK_ACTION_TYPE, status: 'pending', metadata: { vial_count: vialCount } },
            work,
          );
          const approved = order
            ? ((await store.approveOrder(customerId, order.id, action.id, this.deps.clock.now())) ??
              null)
            : null;
          // Another approval won the race: roll this action back with the transaction.
          if (order && !approved) throw new NotAwaitingApproval();
          const notice = await notifications.create(
            {
              customerId,
              type: NOTIFICATION_TYPE.bulkPayment,
              title: 'Your bulk order is ready for payment',
              message: `Your provider approved ${String(vialCount)} vials. Review and pay to ship them.`,
              status: 'requires_action',
              severity: 'info',
              action: { label: 'Pay now', url: bulkPaymentUrl(action.id) },
            },
            work,
          );
          return { action, order: approved, notice };
        },
        { lock: customerId },
      )
      .catch((error: unknown) => {
        if (error instanceof NotAwaitingApproval) return undefined;
        throw error;
      });
    if (!result) return undefined;
    await notifications.published(result.notice, 'created');
    return { action: result.action, order: result.order };
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

/** Builds the service over its own store (called by the composition root). */
export function createBulkService(deps: BulkServiceDeps): BulkService {
  return new BulkService(deps);
}
