import type { AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import {
  IdempotencyKeyReused,
  type ChargeResult,
  type PaymentGateway,
} from '../../platform/gateway/gateway';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import type { ChargeIntent } from './purposes';
import type { Settlement } from './settlement';
import type { ChargeRow, PaymentStore } from './store';

// Exactly-once charging (DESIGN §4, "Money moves in one unit of work"; issue 39), the one
// engine every charge goes through:
//   1. begin: a pending row with the idempotency key commits on its own (the unique key lets
//      one row exist per key, however many requests race);
//   2. complete: the processor is asked with that key, the server's amount and our ledger id in
//      its metadata (a repeated key returns the first result);
//   3. settle (settlement.ts): one transaction records the answer by a conditional update
//      (only an unsettled row moves, so exactly one request applies it), then the owner's
//      handler applies what the charge pays for, and the invoice is issued.
// A card that asks for 3-D Secure leaves the row requires_action with the processor's id; the
// next complete (the customer back from the challenge) or the webhook settles it. A crash
// between 2 and 3 leaves a pending row: reconcile asks the processor for the charge under the
// same key and finishes step 3, or marks it failed once the grace has passed (the processor
// never saw it). A late success always wins over failed: money the processor took is recorded
// and applied, whatever we had concluded. See docs/architecture.md, "Payments".

/** How long a pending charge waits before reconciliation calls it lost (never sent). */
export const PENDING_CHARGE_GRACE_MS = 5 * 60_000;

/** What the browser needs to finish 3-D Secure. */
export interface NextAction {
  clientSecret: string;
  redirectUrl: string | null;
}

export interface Completed {
  charge: ChargeRow;
  /** Set while the charge waits for the customer's 3-D Secure challenge. */
  nextAction: NextAction | null;
}

export interface ChargingDeps {
  store: PaymentStore;
  settlement: Settlement;
  uow: UnitOfWork;
  clock: Clock;
  gateway: PaymentGateway;
  /** The processor's customer of one of ours, if made (charges name it). */
  processorCustomerOf: (customerId: string) => Promise<string | null>;
}

class KeyTaken extends Error {}

export class Charging {
  /**
   * Test hook (BILLING_TEST_CRASH_AFTER_CHARGE, the property test): runs between the
   * processor's answer and our commit; a throw or an exit there is the crash drilled.
   */
  afterGatewayCharge: (() => void) | undefined;

  constructor(private readonly deps: ChargingDeps) {}

  /**
   * Step 1: the pending row, or the one already there for this key. `prepare` runs in the same
   * transaction before the insert (billing takes the customer's credits there, so a failed
   * insert gives them back); `lock` queues racing begins that share what prepare takes.
   */
  async begin(
    actor: AuditActor,
    request: ChargeIntent,
    options: {
      lock?: string;
      prepare?: (work: Work, request: ChargeIntent) => Promise<ChargeIntent>;
    } = {},
  ): Promise<ChargeRow> {
    const { store } = this.deps;
    const existing = await store.chargeByKey(request.key);
    if (existing) return existing;
    const processorCustomerId = await this.deps.processorCustomerOf(request.customerId);
    return this.deps.uow
      .run(
        actor,
        async (work) => {
          const tx = store.in(work.tx);
          const again = await tx.chargeByKey(request.key);
          if (again) return again;
          const ready = options.prepare ? await options.prepare(work, request) : request;
          const row = await tx.insertCharge({
            customerId: ready.customerId,
            subscriptionId: ready.subscriptionId,
            purpose: ready.purpose,
            reference: ready.reference,
            idempotencyKey: ready.key,
            method: 'card',
            amount: ready.amount,
            currency: 'usd',
            processor: this.deps.gateway.provider,
            status: 'pending',
            paymentMethodId: ready.paymentMethodId,
            processorCustomerId,
            onSession: ready.onSession,
            description: ready.description,
            intent: ready.intent,
            invoice: ready.invoice,
            createdAt: this.deps.clock.now(),
          });
          // Another request inserted this key first: roll back what prepare took.
          if (!row) throw new KeyTaken();
          await work.audit({
            action: 'create',
            entity: 'charge',
            entityId: row.id,
            details: {
              customerId: row.customerId,
              purpose: row.purpose,
              amount: row.amount,
              key: row.idempotencyKey,
            },
          });
          return row;
        },
        { lock: options.lock ?? `charge:${request.key}` },
      )
      .catch(async (error: unknown) => {
        if (!(error instanceof KeyTaken)) throw error;
        const row = await store.chargeByKey(request.key);
        if (!row) throw new Error('charge row vanished');
        return row;
      });
  }

  /**
   * A charge that never reached the processor (failed), tried again under the same key: the
   * processor never charged it, and if it did after all, the same key answers that charge.
   */
  async retry(actor: AuditActor, charge: ChargeRow): Promise<ChargeRow> {
    return this.deps.uow.run(
      actor,
      async (work) => {
        const tx = this.deps.store.in(work.tx);
        const row = await tx.transition(charge.id, ['failed'], {
          status: 'pending',
          processorReason: null,
          settledAt: null,
          createdAt: this.deps.clock.now(),
        });
        if (!row) return (await tx.chargeById(charge.id)) ?? charge;
        await work.audit({
          action: 'update',
          entity: 'charge',
          entityId: row.id,
          details: { retried: true, previousStatus: charge.status },
        });
        return row;
      },
      { lock: `charge:${charge.idempotencyKey}` },
    );
  }

  /** Steps 2 and 3: asks the processor (or, after 3-D Secure, asks it again) and settles. */
  async complete(actor: AuditActor, charge: ChargeRow): Promise<Completed> {
    const { gateway } = this.deps;
    if (charge.status === 'requires_action') {
      let result: ChargeResult;
      try {
        result = await gateway.retrieveCharge(charge.gatewayChargeId ?? '');
      } catch {
        return { charge, nextAction: null };
      }
      if (result.status === 'requires_action') return { charge, nextAction: nextActionOf(result) };
      return { charge: await this.deps.settlement.settle(actor, charge, result), nextAction: null };
    }
    if (charge.status !== 'pending') return { charge, nextAction: null };
    let result: ChargeResult;
    if (charge.amount === 0) {
      // Credits paid it all: there is nothing to ask the processor for.
      result = { status: 'succeeded', chargeId: '' };
    } else if (!charge.paymentMethodId) {
      result = { status: 'declined', chargeId: '', reason: 'invalidCard' };
    } else {
      try {
        result = await gateway.charge({
          idempotencyKey: charge.idempotencyKey,
          processorCustomerId: charge.processorCustomerId,
          paymentMethodId: charge.paymentMethodId,
          amountCents: charge.amount,
          currency: 'usd',
          description: charge.description,
          onSession: charge.onSession,
          metadata: {
            idempotency_key: charge.idempotencyKey,
            ledger_id: charge.id,
            purpose: charge.purpose,
          },
        });
      } catch (error) {
        // A key reused with other parameters is a bug, never a retry: it is not hidden.
        if (error instanceof IdempotencyKeyReused) throw error;
        // No answer from the processor: the charge stays pending (TC108 'pending'); a retry
        // with the same key, the webhook or reconciliation learns what the processor did.
        return { charge, nextAction: null };
      }
    }
    this.afterGatewayCharge?.();
    if (result.status === 'requires_action') {
      return {
        charge: await this.deps.settlement.awaitAction(actor, charge, result),
        nextAction: nextActionOf(result),
      };
    }
    return { charge: await this.deps.settlement.settle(actor, charge, result), nextAction: null };
  }

  /**
   * Finishes charges whose outcome is unknown: a pending one by the processor's record under
   * its key (one it never saw is marked failed once older than the grace period: its request
   * may still be running), a 3-D Secure one by asking the processor again.
   */
  async reconcile(actor: AuditActor): Promise<{ settled: number; failed: number }> {
    const now = this.deps.clock.now();
    let settled = 0;
    let failed = 0;
    for (const charge of await this.deps.store.unsettledCharges(now)) {
      let result: ChargeResult | null;
      try {
        if (charge.status === 'requires_action') {
          result = await this.deps.gateway.retrieveCharge(charge.gatewayChargeId ?? '');
        } else {
          result =
            charge.amount === 0
              ? { status: 'succeeded', chargeId: '' }
              : await this.deps.gateway.findCharge(charge.idempotencyKey);
        }
      } catch {
        continue; // The processor did not answer: the next run asks again.
      }
      if (result?.status === 'requires_action') {
        if (charge.status === 'pending')
          await this.deps.settlement.awaitAction(actor, charge, result);
        continue;
      }
      if (result) {
        await this.deps.settlement.settle(actor, charge, result);
        settled += 1;
      } else if (now.getTime() - charge.createdAt.getTime() > PENDING_CHARGE_GRACE_MS) {
        await this.deps.settlement.settle(actor, charge, null);
        failed += 1;
      }
    }
    return { settled, failed };
  }
}

function nextActionOf(result: Extract<ChargeResult, { status: 'requires_action' }>): NextAction {
  return { clientSecret: result.clientSecret, redirectUrl: result.redirectUrl };
}
