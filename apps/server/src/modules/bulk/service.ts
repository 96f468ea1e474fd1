import {
  BULK_TREATMENT_SHORT_IDS,
  FEATURE_FLAGS,
  NOTIFICATION_TYPE,
  bulkEligibility,
  bulkRefusalCode,
  type BulkEligibility,
  type BulkOrderInput,
  type StaffBulkApprovalInput,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { codedError } from '../../platform/errors';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Events } from '../../platform/events';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { AppointmentService } from '../appointments/service';
import type { BillingService } from '../billing/service';
import type { CustomerActionRecord, CustomerActionService } from '../customers/actions-service';
import type { CustomerService } from '../customers/service';
import type { FlagService } from '../flags/service';
import type { NotificationService } from '../notifications/service';
import type { ChargeRow, PaymentsService } from '../payments/service';
import { BULK_ACTION_TYPE, BulkPayment, bulkPaymentUrl, type PurchaseResult } from './payment';
import { BulkStore, type BulkOrderRow } from './store';

export type { BulkOrderRow };

/** Treatments whose customers may order bulk semaglutide (the GLP-1 weight programme). */
const WEIGHT_TREATMENTS = new Set(['weightmanagement', ...BULK_TREATMENT_SHORT_IDS]);

export interface BulkEligibilityView extends BulkEligibility {
  /** The bulk flag (spec 02 §6): false shows the "no longer available" notice. */
  bulkAvailable: boolean;
}

export interface BulkServiceDeps {
  db: Db;
  uow: UnitOfWork;
  audit: AuditLog;
  clock: Clock;
  events: Events;
  /** The money: bulk charges are the payments module's, with purpose bulk_order. */
  payments: PaymentsService;
  customers: CustomerService;
  customerActions: CustomerActionService;
  appointments: AppointmentService;
  notifications: NotificationService;
  billing: BillingService;
  flags: FlagService;
  /** The web app's origin (the hosted checkout returns there). */
  publicUrl: string;
  beforeActionComplete?: (() => void) | undefined;
}

class NotAwaitingApproval extends Error {}

/**
 * Bulk semaglutide orders (spec 02 §3, §4, §7, §8, §9; issue 12): eligibility from the
 * customer's records, the order, the care team's approval into a bulk_order_charge action,
 * and its payment by card (exactly once) or by the processor's pay-later checkout (webhook),
 * both through the payments module (payment.ts).
 */
export class BulkService {
  private readonly store: BulkStore;
  private readonly payment: BulkPayment;

  constructor(private readonly deps: BulkServiceDeps) {
    this.store = new BulkStore(deps.db);
    this.payment = new BulkPayment(this.store, deps);
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
   * The async visit an async bulk order asks for (spec 02 §4, CreateAsyncAppointment): with
   * the provider and for the treatment of the customer's latest past encounter, the one that
   * spared them a live visit, so the provider who saw them reviews the order. Null without one.
   */
  async asyncVisitTarget(
    customerId: string,
    actor: AuditActor,
  ): Promise<{ providerId: string; treatmentId: string } | null> {
    const lists = await this.deps.appointments.listForCustomer(customerId, new Date(0), actor);
    const now = this.deps.clock.now().getTime();
    const [latest] = [...lists.upcoming, ...lists.previous, ...lists.async]
      .filter((a) => a.status !== 'cancelled' && a.treatmentId && a.start.getTime() <= now)
      .sort((a, b) => b.start.getTime() - a.start.getTime());
    return latest?.treatmentId
      ? { providerId: latest.providerId, treatmentId: latest.treatmentId }
      : null;
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

  /**
   * CreateBulkSubscription {customerId, treatmentShortId}: answers newSubscriptionId. Spec 02
   * §4: the bulk order's submit makes it when the order needs a live visit, so it is made only
   * while the customer's newest order awaits approval with a sync encounter (BS101 otherwise,
   * as for a customer not eligible to order), and once: under the customer's lock, a future
   * subscription to that treatment already there is the answer (issue 45).
   */
  async createSubscription(
    customerId: string,
    treatmentShortId: string,
    actor: AuditActor,
  ): Promise<string> {
    const { uow, appointments, customers, events, flags } = this.deps;
    const available = (await flags.flagsFor(customerId)).get(FEATURE_FLAGS.bulkOrdering) ?? false;
    const created = await uow.run(
      actor,
      async (work) => {
        const [latest] = await this.store.in(work.tx).ordersOf(customerId);
        if (!available || latest?.status !== 'awaiting_approval' || latest.encounter !== 'sync') {
          throw codedError('BS101', 'Not eligible for a bulk subscription.', {
            reason: 'notEligible',
          });
        }
        const treatment = await appointments.treatmentByShortId(treatmentShortId, work.tx);
        if (!treatment) throw codedError('BAD_USER_INPUT', 'Unknown treatment.');
        const waiting = await customers.futureSubscriptionId(customerId, treatment.id, work.tx);
        if (waiting) return { id: waiting, isNew: false };
        const row = await customers.createSubscription(
          customerId,
          { treatmentId: treatment.id, status: 'future' },
          work,
        );
        return { id: row.id, isNew: true };
      },
      { lock: customerId },
    );
    if (created.isNew) await events.customerChanged(customerId, 'subscriptions');
    return created.id;
  }

  /** The customer's bulk orders for the care console; the staff overview audits its read once. */
  ordersForCareTeam(customerId: string): Promise<BulkOrderRow[]> {
    return this.store.ordersOf(customerId);
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
            ? ((await store.approveOrder(
                customerId,
                order.id,
                action.id,
                this.deps.clock.now(),
                actor.id,
              )) ?? null)
            : null;
          // Another approval won the race: roll this action back with the transaction.
          if (order && !approved) throw new NotAwaitingApproval();
          if (approved) {
            // The care team's decision, audited as every staff action is: who (the unit of
            // work's actor), the patient and the names of the fields changed (issue 41).
            await work.audit({
              action: 'update',
              entity: 'bulk_order',
              entityId: approved.id,
              details: {
                operation: 'StaffBulkOrderApprove',
                customerId,
                fields: ['status', 'actionId', 'decidedBy', 'decidedAt'],
              },
            });
          }
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

  /**
   * The care team declines an order awaiting approval (issue 41), in one unit of work: the
   * order becomes declined with who and when, an audit row names the fields, and the patient
   * gets a notification saying so with the reason given. Undefined when the order is not the
   * customer's or was decided already (two decisions at once: the conditional update lets one
   * win; the caller tells which).
   */
  async decline(
    customerId: string,
    input: { orderId: string; reason: string },
    actor: AuditActor,
  ): Promise<BulkOrderRow | undefined> {
    const { uow, notifications } = this.deps;
    const result = await uow.run(
      actor,
      async (work) => {
        const order = await this.store
          .in(work.tx)
          .declineOrder(customerId, input.orderId, this.deps.clock.now(), actor.id);
        if (!order) return undefined;
        await work.audit({
          action: 'update',
          entity: 'bulk_order',
          entityId: order.id,
          details: {
            operation: 'StaffBulkOrderDecline',
            customerId,
            fields: ['status', 'decidedBy', 'decidedAt', 'reason'],
          },
        });
        const notice = await notifications.create(
          {
            customerId,
            type: NOTIFICATION_TYPE.providerMessage,
            title: 'Your bulk order was declined',
            message: `Your provider declined your order of ${String(order.vialCount)} vials: ${input.reason}`,
            status: 'unread',
            severity: 'warning',
          },
          work,
        );
        return { order, notice };
      },
      { lock: customerId },
    );
    if (!result) return undefined;
    await notifications.published(result.notice, 'created');
    return result.order;
  }

  /**
   * One of the customer's orders as it stands (who decided it and when), for the care team's
   * answer to an approval that came second; undefined when the order is not the customer's.
   */
  orderOf(customerId: string, orderId: string): Promise<BulkOrderRow | undefined> {
    return this.store.orderById(customerId, orderId);
  }

  /** PurchaseBulkWithChargebee {customerActionId}: the card payment (payment.ts). */
  purchase(customerId: string, actionId: string, actor: AuditActor): Promise<PurchaseResult> {
    return this.payment.purchase(customerId, actionId, actor);
  }

  /** The pay-later link on the processor's hosted page (payment.ts). */
  payLaterLink(customerId: string, actionId: string, actor: AuditActor): Promise<string> {
    return this.payment.payLaterLink(customerId, actionId, actor);
  }

  /** Staff API: paid charges whose action was not completed (spec 02 §8 actionFailure). */
  async actionFailures(): Promise<BulkActionFailure[]> {
    return (await this.payment.actionFailures()).map((c: ChargeRow) => ({
      id: c.id,
      customerId: c.customerId,
      actionId: c.reference ?? '',
      amount: c.amount,
      completionError: c.fulfilmentError,
      completionAttempts: c.fulfilmentAttempts,
      createdAt: c.createdAt,
    }));
  }
}

/** A paid bulk charge whose action could not be completed, as the care team sees it. */
export interface BulkActionFailure {
  id: string;
  customerId: string;
  actionId: string;
  amount: number;
  completionError: string | null;
  completionAttempts: number;
  createdAt: Date;
}

/** Builds the service over its own store (called by the composition root). */
export function createBulkService(deps: BulkServiceDeps): BulkService {
  return new BulkService(deps);
}
