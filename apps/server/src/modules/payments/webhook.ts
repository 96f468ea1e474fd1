import type { AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { GatewayEvent } from '../../platform/gateway/gateway';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import { DuplicateEvent, type Settlement } from './settlement';
import type { AfterCommit, CheckoutHandler } from './purposes';
import type { HeldRefund, Refunds } from './refunds';
import type { ChargeRow, PaymentStore } from './store';

// Verified processor events (issue 39). Each event id is applied once: it is recorded in
// gateway_webhook_events in the same transaction as what it changes, so a replay (the processor
// retrying, or an attacker with an old event) changes nothing, and an event whose transaction
// failed is applied when it comes again. charge.succeeded / charge.failed settle a charge by its
// key (what a 3-D Secure challenge finished in the browser, or a payment the processor
// finished late); checkout.completed is a pay-later checkout paid, handed to its owner (and
// refunded, and shown to the care team, when it pays for nothing payable: issue 45).

export type EventOutcome = 'completed' | 'settled' | 'duplicate' | 'ignored';

const SYSTEM: AuditActor = { type: 'system', id: 'payments-webhook' };

/** What a checkout's transaction decided, acted on after its commit. */
type CheckoutResult =
  | { kind: 'applied'; charge: ChargeRow | null }
  | { kind: 'refund'; held: HeldRefund }
  | { kind: 'unknown' };

export interface WebhookDeps {
  store: PaymentStore;
  settlement: Settlement;
  /** Refunds what a paid checkout paid for nothing payable (issue 45). */
  refunds: Pick<Refunds, 'holdIn' | 'sendHeld' | 'refundUnrecorded'>;
  uow: UnitOfWork;
  clock: Clock;
  checkouts: () => CheckoutHandler | undefined;
}

export class WebhookEvents {
  constructor(private readonly deps: WebhookDeps) {}

  private claim(event: GatewayEvent) {
    return (work: Work) =>
      this.deps.store.in(work.tx).claimEvent(event.id, event.type, this.deps.clock.now());
  }

  /** Records an event that changes nothing (ignored), once. */
  private async note(
    event: GatewayEvent,
    entityId: string,
    why: string,
  ): Promise<'ignored' | 'duplicate'> {
    return this.deps.uow.run(SYSTEM, async (work) => {
      if (!(await this.claim(event)(work))) return 'duplicate';
      await work.audit({
        action: 'update',
        entity: 'charge',
        entityId: entityId.slice(0, 64),
        details: { event: event.id, type: event.type, ignored: why },
      });
      return 'ignored';
    });
  }

  async apply(event: GatewayEvent): Promise<EventOutcome> {
    switch (event.type) {
      case 'ignored':
        return this.note(event, event.id, event.processorType);
      case 'checkout.completed':
        return this.checkoutCompleted(event);
      case 'charge.succeeded':
      case 'charge.failed': {
        const charge = await this.chargeOf(event.idempotencyKey, event.chargeId);
        if (!charge) return this.note(event, event.chargeId, 'unknownCharge');
        if (event.type === 'charge.succeeded' && event.amountCents !== charge.amount) {
          return this.note(event, charge.id, 'amountMismatch');
        }
        const settledAlready =
          event.type === 'charge.succeeded'
            ? charge.status === 'succeeded'
            : charge.status !== 'pending' && charge.status !== 'requires_action';
        if (settledAlready) return this.note(event, charge.id, 'settled');
        try {
          const row = await this.deps.settlement.settle(
            SYSTEM,
            charge,
            event.type === 'charge.succeeded'
              ? { status: 'succeeded', chargeId: event.chargeId }
              : { status: 'declined', chargeId: event.chargeId, reason: event.reason },
            { claim: this.claim(event) },
          );
          return row.status === charge.status ? 'ignored' : 'settled';
        } catch (error) {
          if (error instanceof DuplicateEvent) return 'duplicate';
          throw error;
        }
      }
    }
  }

  private async chargeOf(key: string | null, processorChargeId: string) {
    const byKey = key ? await this.deps.store.chargeByKey(key) : undefined;
    return byKey ?? (await this.deps.store.chargeByProcessorId(processorChargeId));
  }

  /**
   * A paid hosted checkout: its owner says what it is a charge for; recorded and applied once.
   * One that pays for nothing payable any more (issue 45: the order paid already, by card or
   * by another checkout) is recorded all the same, flagged for the care team, and refunded in
   * full through the processor: the refund is held in the event's transaction and sent after
   * it commits (a crash in between leaves a pending refund the job sends). Nothing taken is
   * left unaccounted for.
   */
  private async checkoutCompleted(
    event: Extract<GatewayEvent, { type: 'checkout.completed' }>,
  ): Promise<EventOutcome> {
    const handler = this.deps.checkouts();
    if (!handler) return this.note(event, event.checkoutId, 'noCheckoutOwner');
    const after: AfterCommit[] = [];
    const outcome = await this.deps.uow
      .run(
        SYSTEM,
        async (work): Promise<CheckoutResult> => {
          if (!(await this.claim(event)(work))) throw new DuplicateEvent();
          const judged = await handler.chargeFor(work, {
            eventId: event.id,
            checkoutId: event.checkoutId,
            clientReference: event.clientReference,
            amountCents: event.amountCents,
            chargeId: event.chargeId,
          });
          const audit = (details: Record<string, unknown>) =>
            work.audit({
              action: 'update',
              entity: 'charge',
              entityId: event.clientReference.slice(0, 64),
              details: {
                event: event.id,
                type: event.type,
                checkoutId: event.checkoutId,
                ...details,
              },
            });
          if (judged?.kind === 'charge') {
            const charge = await this.deps.settlement.recordCheckout(
              work,
              judged.request,
              event,
              after,
            );
            if (!charge) await audit({ ignored: 'recordedAlready' });
            return { kind: 'applied', charge };
          }
          if (judged?.kind === 'notApplicable') {
            const charge = await this.deps.settlement.recordUnapplied(
              work,
              {
                customerId: judged.customerId,
                purpose: handler.purpose,
                reference: event.clientReference,
                description: judged.description,
              },
              event,
              judged.why,
            );
            if (!charge) {
              await audit({ ignored: 'recordedAlready' });
              return { kind: 'applied', charge: null };
            }
            const held = await this.deps.refunds.holdIn(work, SYSTEM, charge.id, {
              amountCents: charge.amount,
              reason: `Paid checkout not applied (${judged.why}): refunded automatically.`,
            });
            return { kind: 'refund', held };
          }
          await audit({ ignored: 'unknownReference' });
          return { kind: 'unknown' };
        },
        { lock: `checkout:${event.clientReference}` },
      )
      .catch((error: unknown) => {
        if (error instanceof DuplicateEvent) return 'duplicate' as const;
        throw error;
      });
    if (outcome === 'duplicate') return outcome;
    switch (outcome.kind) {
      case 'applied':
        if (!outcome.charge) return 'ignored';
        for (const run of after) await run();
        await this.deps.settlement.checkoutSettled(outcome.charge);
        return 'completed';
      case 'refund':
        await this.deps.refunds.sendHeld(SYSTEM, outcome.held);
        return 'ignored';
      case 'unknown':
        await this.deps.refunds.refundUnrecorded(SYSTEM, {
          checkoutId: event.checkoutId,
          processorChargeId: event.chargeId ?? event.checkoutId,
          amountCents: event.amountCents,
        });
        return 'ignored';
    }
  }
}
