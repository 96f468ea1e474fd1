import { NOTIFICATION_TYPE } from '@portal/domain';
import type { AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Events } from '../../platform/events';
import type { ChargeResult, PaymentGateway } from '../../platform/gateway/gateway';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import type { CustomerActionService } from '../customers/actions-service';
import type { NotificationService } from '../notifications/service';
import type { BulkChargeRow, BulkStore } from './store';

// Exactly-once bulk payment, billing's pattern (modules/billing/charging.ts):
//   1. a pending bulk_charges row commits first; the action id is unique, so however many
//      purchases race there is one row; the action and the card it tries are the gateway's
//      idempotency key (bulkChargeKey);
//   2. the gateway is called with that key (a repeated key returns the first result);
//      a declined card retried with another card puts the row back to pending with that card,
//      a new attempt with a new key;
//   3. one transaction records the result and completes the action (and removes its bulk
//      payment notice); the conditional settle lets exactly one request do it.
// A crash between 2 and 3 leaves a pending row that reconciliation (at start and by the job)
// settles from the gateway's record. A success whose action could not be completed is kept
// with action_completed false: the job retries it and the care team sees it (actionFailure).

/** The scheduler's job that settles crashed bulk charges and retries failed completions. */
export const BULK_JOB = 'bulk-payments';
export const BULK_JOB_EVERY_MS = 60_000;

/** How long a pending charge waits before reconciliation calls it lost (never sent). */
export const BULK_PENDING_GRACE_MS = 5 * 60_000;

/**
 * The gateway's idempotency key names the attempt: the action and the card tried. The same
 * attempt replayed (double click, 100 racing requests, a restart after a crash) reuses the key
 * and charges once; a declined card retried with another card is a new attempt with a new key.
 */
export const bulkChargeKey = (charge: Pick<BulkChargeRow, 'actionId' | 'gatewayPaymentMethodId'>) =>
  `bulk:${charge.actionId}:${charge.gatewayPaymentMethodId ?? 'none'}`;

/** Where the bulk payment notice (and the customer's entry to paying) points. */
export const bulkPaymentUrl = (actionId: string) =>
  `/user-action?mode=bulkOrderPayment&actionId=${actionId}`;

export interface BulkChargingDeps {
  store: BulkStore;
  uow: UnitOfWork;
  clock: Clock;
  gateway: PaymentGateway;
  events: Events;
  customerActions: CustomerActionService;
  notifications: NotificationService;
  /** Test hook (the crash drill): runs between the gateway call and the commit. */
  afterGatewayCharge?: (() => void) | undefined;
  /** Test hook: runs before the action is completed (a throw stands for a failed update). */
  beforeActionComplete?: (() => void) | undefined;
}

class AlreadySettled extends Error {}

export class BulkCharging {
  constructor(private readonly deps: BulkChargingDeps) {}

  /** Step 1: the pending row, or the one already there for this action. */
  async begin(
    actor: AuditActor,
    values: {
      customerId: string;
      actionId: string;
      vialCount: number;
      amount: number;
      gatewayPaymentMethodId: string;
    },
  ): Promise<BulkChargeRow> {
    return this.deps.uow.run(actor, async (work) => {
      const store = this.deps.store.in(work.tx);
      const inserted = await store.insertPendingCharge({
        ...values,
        method: 'card',
        createdAt: this.deps.clock.now(),
      });
      if (inserted) {
        await work.audit({
          action: 'create',
          entity: 'bulk_charge',
          entityId: inserted.id,
          details: {
            customerId: values.customerId,
            actionId: values.actionId,
            amount: values.amount,
          },
        });
        return inserted;
      }
      const existing = await store.chargeOfAction(values.actionId);
      if (!existing) throw new Error('bulk charge row vanished');
      return existing;
    });
  }

  /**
   * A retry after a decline with another card, or after a charge that never reached the
   * gateway: the same row, pending again with the card to try (so a new key). Racing retries
   * leave one pending attempt; the loser reads it and joins it.
   */
  async retry(
    actor: AuditActor,
    charge: BulkChargeRow,
    gatewayPaymentMethodId: string,
  ): Promise<BulkChargeRow> {
    return this.deps.uow.run(
      actor,
      async (work) => {
        const store = this.deps.store.in(work.tx);
        const restarted = await store.restartCharge(
          charge.id,
          gatewayPaymentMethodId,
          this.deps.clock.now(),
        );
        if (!restarted) return (await store.chargeOfAction(charge.actionId)) ?? charge;
        await work.audit({
          action: 'update',
          entity: 'bulk_charge',
          entityId: charge.id,
          details: {
            retried: true,
            previousStatus: charge.status,
            previousReason: charge.processorReason,
            previousGatewayChargeId: charge.gatewayChargeId,
          },
        });
        return restarted;
      },
      { lock: `bulk-charge:${charge.actionId}` },
    );
  }

  /** Steps 2 and 3 for a pending charge; a settled one is returned as it is. */
  async complete(actor: AuditActor, charge: BulkChargeRow): Promise<BulkChargeRow> {
    if (charge.status !== 'pending') return charge;
    if (!charge.gatewayPaymentMethodId) return this.settle(actor, charge, null);
    let result: ChargeResult;
    try {
      result = await this.deps.gateway.charge({
        idempotencyKey: bulkChargeKey(charge),
        paymentMethodId: charge.gatewayPaymentMethodId,
        amountCents: charge.amount,
        description: `Bulk semaglutide, ${String(charge.vialCount)} vials`,
      });
    } catch {
      // No answer: the row stays pending; a retry with the same key or reconciliation learns
      // what the gateway did.
      return charge;
    }
    this.deps.afterGatewayCharge?.();
    return this.settle(actor, charge, result);
  }

  /** Completes the action and removes its notice, in the caller's unit of work. */
  async completeAction(work: Work, customerId: string, actionId: string): Promise<boolean> {
    this.deps.beforeActionComplete?.();
    const completed = await this.deps.customerActions.complete(customerId, actionId, work);
    await this.deps.notifications.removeNoticesFor(
      customerId,
      NOTIFICATION_TYPE.bulkPayment,
      bulkPaymentUrl(actionId),
      work,
    );
    return completed;
  }

  /** Step 3: the gateway's answer and, when paid, the completed action, in one transaction. */
  async settle(
    actor: AuditActor,
    charge: BulkChargeRow,
    result: ChargeResult | null,
  ): Promise<BulkChargeRow> {
    const now = this.deps.clock.now();
    const lock = { lock: `bulk-charge:${charge.actionId}` };
    const record = (work: Work, values: Parameters<BulkStore['settleCharge']>[1]) =>
      this.deps.store
        .in(work.tx)
        .settleCharge(charge.id, { ...values, settledAt: now })
        .then(async (row) => {
          if (!row) throw new AlreadySettled();
          await work.audit({
            action: 'update',
            entity: 'bulk_charge',
            entityId: row.id,
            details: { status: row.status, actionCompleted: row.actionCompleted },
          });
          return row;
        });
    const already = async (error: unknown) => {
      if (!(error instanceof AlreadySettled)) throw error;
      return (await this.deps.store.chargeOfAction(charge.actionId)) ?? charge;
    };

    if (result?.status !== 'succeeded') {
      return this.deps.uow
        .run(
          actor,
          (work) =>
            record(work, {
              status: result ? 'declined' : 'failed',
              gatewayChargeId: result?.chargeId || null,
              processorReason: result?.status === 'declined' ? result.reason : 'not_sent',
            }),
          lock,
        )
        .catch(already);
    }

    let settled: BulkChargeRow;
    try {
      settled = await this.deps.uow.run(
        actor,
        async (work) => {
          const row = await record(work, {
            status: 'succeeded',
            gatewayChargeId: result.chargeId,
            processorReason: null,
            actionCompleted: true,
          });
          if (!(await this.completeAction(work, row.customerId, row.actionId))) {
            throw new Error('the action was no longer pending');
          }
          return row;
        },
        lock,
      );
    } catch (error) {
      if (error instanceof AlreadySettled) return already(error);
      // Paid, but the action could not be completed: keep the charge, say so, retry later.
      const message = error instanceof Error ? error.message : String(error);
      settled = await this.deps.uow
        .run(
          actor,
          (work) =>
            record(work, {
              status: 'succeeded',
              gatewayChargeId: result.chargeId,
              processorReason: null,
              actionCompleted: false,
              completionError: message.slice(0, 500),
              completionAttempts: 1,
            }),
          lock,
        )
        .catch(already);
    }
    await this.deps.events.customerChanged(charge.customerId, 'notifications');
    return settled;
  }

  /**
   * Finishes charges a crash left pending: the gateway's record decides; one it never saw is
   * marked failed once older than the grace period (its request may still be running).
   */
  async reconcile(actor: AuditActor): Promise<{ settled: number; failed: number }> {
    const now = this.deps.clock.now();
    let settled = 0;
    let failed = 0;
    for (const charge of await this.deps.store.pendingCharges(now)) {
      const result = await this.deps.gateway.findCharge(bulkChargeKey(charge));
      if (result) {
        await this.settle(actor, charge, result);
        settled += 1;
      } else if (now.getTime() - charge.createdAt.getTime() > BULK_PENDING_GRACE_MS) {
        await this.settle(actor, charge, null);
        failed += 1;
      }
    }
    return { settled, failed };
  }

  /** Retries completing the actions of paid charges (the actionFailure ones). */
  async retryCompletions(actor: AuditActor): Promise<{ completed: number; failed: number }> {
    let completed = 0;
    let failed = 0;
    for (const charge of await this.deps.store.uncompletedCharges()) {
      try {
        await this.deps.uow.run(
          actor,
          async (work) => {
            await this.completeAction(work, charge.customerId, charge.actionId);
            // Completed now, or by someone already: either way the action is not pending.
            await this.deps.store.in(work.tx).markCompleted(charge.id);
            await work.audit({
              action: 'update',
              entity: 'bulk_charge',
              entityId: charge.id,
              details: { actionCompleted: true, retried: true },
            });
          },
          { lock: `bulk-charge:${charge.actionId}` },
        );
        await this.deps.events.customerChanged(charge.customerId, 'notifications');
        completed += 1;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await this.deps.store.recordCompletionFailure(
          charge.id,
          message,
          charge.completionAttempts + 1,
        );
        failed += 1;
      }
    }
    return { completed, failed };
  }
}
