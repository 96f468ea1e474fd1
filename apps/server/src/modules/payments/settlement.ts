import type { AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { ChargeResult } from '../../platform/gateway/gateway';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import type { InvoiceService } from './invoices';
import type { Refunds } from './refunds';
import type { AfterCommit, ApplyContext, ChargeIntent, PurposeHandler } from './purposes';
import type { ChargeInsert, ChargeRow, ChargeStatus, PaymentStore } from './store';

// Step 3 of the exactly-once charge (charging.ts): the processor's answer recorded by a
// conditional update (only an unsettled row moves, so exactly one request applies it), the
// owner's handler applying what the charge pays for, and the invoice, in one transaction. Also
// where a 3-D Secure wait, a paid hosted checkout and a retried application are recorded.

export interface SettlementDeps {
  store: PaymentStore;
  invoices: InvoiceService;
  /** Refunds a payment that paid for nothing payable (held here, sent after the commit). */
  refunds: Pick<Refunds, 'holdIn' | 'sendHeld'>;
  uow: UnitOfWork;
  clock: Clock;
  /** The processor in use (a checkout's charge names it). */
  provider: string;
  handlers: ReadonlyMap<string, PurposeHandler>;
}

class AlreadySettled extends Error {}

/** An event whose id was applied already: its transaction rolls back, nothing changes. */
export class DuplicateEvent extends Error {}

export class Settlement {
  constructor(private readonly deps: SettlementDeps) {}

  handler(purpose: string): PurposeHandler {
    const handler = this.deps.handlers.get(purpose);
    if (!handler) throw new Error(`no payment handler for purpose ${purpose}`);
    return handler;
  }

  /** The processor asks for 3-D Secure: the row keeps its payment id until the answer. */
  async awaitAction(
    actor: AuditActor,
    charge: ChargeRow,
    result: Extract<ChargeResult, { status: 'requires_action' }>,
  ): Promise<ChargeRow> {
    return this.deps.uow.run(
      actor,
      async (work) => {
        const tx = this.deps.store.in(work.tx);
        const row = await tx.transition(charge.id, ['pending'], {
          status: 'requires_action',
          gatewayChargeId: result.chargeId,
        });
        if (!row) return (await tx.chargeById(charge.id)) ?? charge;
        await work.audit({
          action: 'update',
          entity: 'charge',
          entityId: row.id,
          details: { status: row.status },
        });
        return row;
      },
      { lock: `charge:${charge.idempotencyKey}` },
    );
  }

  /**
   * Step 3: the processor's answer (null: it never saw the charge) and, when paid, what the
   * charge pays for and its invoice, in one transaction. `claim` runs first in it (a webhook's
   * event id): false rolls everything back as a DuplicateEvent.
   */
  async settle(
    actor: AuditActor,
    charge: ChargeRow,
    result: ChargeResult | null,
    options: { claim?: (work: Work) => Promise<boolean> } = {},
  ): Promise<ChargeRow> {
    const handler = this.handler(charge.purpose);
    const after: AfterCommit[] = [];
    const settled = await this.deps.uow
      .run(
        actor,
        async (work) => {
          if (options.claim && !(await options.claim(work))) throw new DuplicateEvent();
          const tx = this.deps.store.in(work.tx);
          const now = this.deps.clock.now();
          if (result?.status === 'succeeded') {
            const values = {
              status: 'succeeded',
              gatewayChargeId: result.chargeId || charge.gatewayChargeId,
              processorReason: null,
              settledAt: now,
            } as const;
            // A late success wins over failed: the processor has the money. Which one it was
            // is asked of the row itself (the caller's copy may predate the failure), since a
            // failure gave back what the charge took and applying the success takes it again.
            let afterFailure = false;
            let row = await tx.transition(charge.id, ['pending', 'requires_action'], values);
            if (!row) {
              row = await tx.transition(charge.id, ['failed'], values);
              afterFailure = row !== undefined;
            }
            if (!row) throw new AlreadySettled();
            await work.audit({
              action: 'update',
              entity: 'charge',
              entityId: row.id,
              details: {
                status: row.status,
                previousStatus: afterFailure ? 'failed' : charge.status,
              },
            });
            return this.paid(work, row, handler, after, { retry: false, afterFailure });
          }
          const status: ChargeStatus = result ? 'declined' : 'failed';
          const row = await tx.transition(charge.id, ['pending', 'requires_action'], {
            status,
            gatewayChargeId: result?.chargeId || charge.gatewayChargeId,
            processorReason: result?.status === 'declined' ? result.reason : 'not_sent',
            settledAt: now,
          });
          if (!row) throw new AlreadySettled();
          await work.audit({
            action: 'update',
            entity: 'charge',
            entityId: row.id,
            details: { status: row.status, reason: row.processorReason },
          });
          const failed = await handler.applyFailed(work, row);
          if (failed.invoice) {
            await this.deps.invoices.issue(work, row, failed.invoice.draft, failed.invoice.total);
          }
          if (failed.afterCommit) after.push(failed.afterCommit);
          return row;
        },
        { lock: `charge:${charge.idempotencyKey}` },
      )
      .catch(async (error: unknown) => {
        if (!(error instanceof AlreadySettled)) throw error;
        return (await this.deps.store.chargeById(charge.id)) ?? charge;
      });
    for (const run of after) await run();
    await handler.settled(settled);
    return settled;
  }

  /**
   * A paid charge, inside its settling transaction: the owner applies it in a savepoint (a
   * failure there is recorded, not rolled into the payment), then the invoice is issued.
   */
  private async paid(
    work: Work,
    row: ChargeRow,
    handler: PurposeHandler,
    after: AfterCommit[],
    context: ApplyContext = { retry: false, afterFailure: false },
  ): Promise<ChargeRow> {
    const { retry } = context;
    const tx = this.deps.store.in(work.tx);
    const now = this.deps.clock.now();
    let fulfilled: ChargeRow;
    try {
      const applied = await work.tx.transaction((savepoint) =>
        handler.applySucceeded({ tx: savepoint, audit: work.audit }, row, context),
      );
      if (applied.notApplicable) {
        return await this.refundUnapplied(work, row, applied.notApplicable, after);
      }
      if (applied.afterCommit) after.push(applied.afterCommit);
      fulfilled = await tx.updateCharge(row.id, {
        fulfilledAt: now,
        fulfilmentError: null,
        ...(applied.result === undefined ? {} : { result: applied.result }),
        ...(applied.attention
          ? {
              attention: applied.attention.reason,
              attentionDetails: applied.attention.details,
              attentionAt: now,
            }
          : {}),
      });
      if (applied.attention) {
        await work.audit({
          action: 'update',
          entity: 'charge',
          entityId: row.id,
          details: { attention: applied.attention.reason, ...applied.attention.details },
        });
      }
    } catch (error) {
      // Paid, but what it pays for could not be applied: keep the payment, say why, retry.
      const message = error instanceof Error ? error.message : String(error);
      fulfilled = await tx.updateCharge(row.id, {
        fulfilmentError: message.slice(0, 500),
        fulfilmentAttempts: row.fulfilmentAttempts + 1,
      });
      await work.audit({
        action: 'update',
        entity: 'charge',
        entityId: row.id,
        details: { fulfilled: false, attempts: fulfilled.fulfilmentAttempts },
      });
    }
    if (!retry && row.invoice) await this.deps.invoices.issue(work, fulfilled, row.invoice);
    return fulfilled;
  }

  /**
   * A hosted checkout the processor reports paid, in the caller's transaction (the webhook's,
   * which claimed the event): a succeeded charge under the checkout's own key, applied and
   * invoiced; null when that checkout was recorded already.
   */
  async recordCheckout(
    work: Work,
    request: Omit<ChargeIntent, 'key' | 'paymentMethodId' | 'onSession'>,
    checkout: { checkoutId: string; chargeId: string | null },
    after: AfterCommit[],
  ): Promise<ChargeRow | null> {
    const row = await this.insertCheckoutCharge(work, checkout, {
      customerId: request.customerId,
      subscriptionId: request.subscriptionId,
      purpose: request.purpose,
      reference: request.reference,
      amount: request.amount,
      description: request.description,
      intent: request.intent,
      invoice: request.invoice,
    });
    if (!row) return null;
    return this.paid(work, row, this.handler(row.purpose), after);
  }

  /**
   * The ledger row of a hosted checkout the processor reports paid (succeeded, under the
   * checkout's own key, so a redelivery finds it recorded) and its audit row, in the caller's
   * transaction; null when that checkout was recorded already. `audit` adds to the row's
   * details (an unapplied checkout says why).
   */
  private async insertCheckoutCharge(
    work: Work,
    checkout: { checkoutId: string; chargeId: string | null },
    values: Pick<
      ChargeInsert,
      | 'customerId'
      | 'subscriptionId'
      | 'purpose'
      | 'reference'
      | 'amount'
      | 'description'
      | 'intent'
      | 'invoice'
    > &
      Partial<Pick<ChargeInsert, 'fulfilmentError' | 'attention' | 'attentionDetails'>>,
    audit: Record<string, unknown> = {},
  ): Promise<ChargeRow | null> {
    const now = this.deps.clock.now();
    const row = await this.deps.store.in(work.tx).insertCharge({
      ...values,
      idempotencyKey: `checkout:${checkout.checkoutId}`,
      method: 'checkout',
      currency: 'usd',
      processor: this.deps.provider,
      status: 'succeeded',
      gatewayChargeId: checkout.chargeId ?? checkout.checkoutId,
      onSession: true,
      ...(values.attention ? { attentionAt: now } : {}),
      createdAt: now,
      settledAt: now,
    });
    if (!row) return null;
    await work.audit({
      action: 'create',
      entity: 'charge',
      entityId: row.id,
      details: {
        customerId: row.customerId,
        purpose: row.purpose,
        amount: row.amount,
        method: 'checkout',
        ...audit,
      },
    });
    return row;
  }

  /**
   * A payment that paid for nothing payable (its owner said so: another payment of ours paid
   * the same thing first), in its settling transaction: never applied and no invoice, flagged
   * for the care team, its whole amount held for a refund sent to the processor after the
   * commit (a crash in between leaves a pending refund the job sends).
   */
  private async refundUnapplied(
    work: Work,
    row: ChargeRow,
    why: string,
    after: AfterCommit[],
  ): Promise<ChargeRow> {
    const now = this.deps.clock.now();
    const flagged = await this.deps.store.in(work.tx).updateCharge(row.id, {
      fulfilmentError: `not applied: ${why}`,
      attention: 'notApplied',
      attentionDetails: { why },
      attentionAt: now,
    });
    await work.audit({
      action: 'update',
      entity: 'charge',
      entityId: row.id,
      details: { attention: 'notApplied', why },
    });
    if (!row.gatewayChargeId) return flagged;
    const held = await this.deps.refunds.holdIn(work, { type: 'system', id: 'payments' }, row.id, {
      amountCents: row.amount,
      reason: `Paid for nothing payable (${why}): refunded automatically.`,
    });
    after.push(async () => {
      await this.deps.refunds.sendHeld({ type: 'system', id: 'payments' }, held);
    });
    return { ...flagged, amountRefunded: flagged.amountRefunded + row.amount };
  }

  /**
   * A hosted checkout the processor reports paid that pays for nothing payable (issue 45), in
   * the webhook's transaction: the money is recorded in the ledger all the same (succeeded,
   * never applied, no invoice) and flagged for the care team; the caller holds its refund in
   * the same transaction. Null when that checkout was recorded already.
   */
  async recordUnapplied(
    work: Work,
    request: { customerId: string; purpose: string; reference: string; description: string },
    checkout: { checkoutId: string; chargeId: string | null; amountCents: number },
    why: string,
  ): Promise<ChargeRow | null> {
    return this.insertCheckoutCharge(
      work,
      checkout,
      {
        customerId: request.customerId,
        subscriptionId: null,
        purpose: request.purpose,
        reference: request.reference,
        amount: checkout.amountCents,
        description: request.description,
        intent: { kind: 'unapplied_checkout', why },
        invoice: null,
        fulfilmentError: `not applied: ${why}`,
        attention: 'notApplied',
        attentionDetails: { why, checkoutId: checkout.checkoutId },
      },
      { attention: 'notApplied', why },
    );
  }

  /** After a checkout's commit: the owner's live updates. */
  async checkoutSettled(charge: ChargeRow): Promise<void> {
    await this.handler(charge.purpose).settled(charge);
  }

  /** Applies again what paid charges could not (the actionFailure ones). */
  async retryFulfilment(actor: AuditActor): Promise<{ completed: number; failed: number }> {
    let completed = 0;
    let failed = 0;
    for (const charge of await this.deps.store.unfulfilledCharges()) {
      const handler = this.handler(charge.purpose);
      const after: AfterCommit[] = [];
      const row = await this.deps.uow.run(
        actor,
        async (work) => {
          // Under the charge's lock: another run may have applied it meanwhile.
          const fresh = await this.deps.store.in(work.tx).chargeById(charge.id);
          if (!fresh || fresh.fulfilledAt) return fresh ?? charge;
          return this.paid(work, fresh, handler, after, { retry: true, afterFailure: false });
        },
        { lock: `charge:${charge.idempotencyKey}` },
      );
      for (const run of after) await run();
      if (row.fulfilledAt) {
        completed += 1;
        await handler.settled(row);
      } else {
        failed += 1;
      }
    }
    return { completed, failed };
  }
}
