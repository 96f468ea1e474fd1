import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { codedError } from '../../platform/errors';
import type { AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import {
  IdempotencyKeyReused,
  type PaymentGateway,
  type RefundResult,
} from '../../platform/gateway/gateway';
import type { Mailer } from '../../platform/mail';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import type { CustomerService } from '../customers/service';
import { invoiceNumber, type InvoiceService } from './invoices';
import { refundMail } from './refund-mail';
import type { PaymentStore, RefundRow } from './store';

// Refunds (issue 39), the charge's pattern:
//   1. one transaction holds the amount on the charge (a conditional update: the refunds of a
//      charge never exceed it, however many race) and commits a pending refund row whose id is
//      the processor's idempotency key;
//   2. the processor is asked to refund, with that key (a repeated key refunds once);
//   3. one transaction records its answer: a refusal gives the hold back; a refund shows on
//      the invoice. The customer gets a mail after the commit.
// A crash between 2 and 3 leaves a pending refund: the job asks again with the same key.

/** How long a pending refund waits before the job asks the processor again. */
export const PENDING_REFUND_GRACE_MS = 60_000;

export interface RefundsDeps {
  store: PaymentStore;
  invoices: InvoiceService;
  uow: UnitOfWork;
  clock: Clock;
  gateway: PaymentGateway;
  mailer: Mailer;
  customers: Pick<CustomerService, 'contactFacts'>;
  publicUrl: string;
  logger: Pick<FastifyBaseLogger, 'error'>;
}

/** A refund committed pending, and the processor's payment it refunds. */
export interface HeldRefund {
  refund: RefundRow;
  processorChargeId: string;
}

const refused = (reason: string, message: string) =>
  codedError('REFUND_REFUSED', message, { reason });

export class Refunds {
  constructor(private readonly deps: RefundsDeps) {}

  /**
   * Refunds all or part of a succeeded charge. REFUND_REFUSED: notFound, notRefundable (not
   * paid, or nothing of it reached the processor), exceedsCharge (more than what is left).
   * The refund row is answered whatever the processor said (its status says).
   */
  async refund(
    actor: AuditActor,
    chargeId: string,
    request: { amountCents: number; reason: string },
  ): Promise<RefundRow> {
    const held = await this.deps.uow.run(
      actor,
      (work) => this.holdIn(work, actor, chargeId, request),
      { lock: `charge-refunds:${chargeId}` },
    );
    return this.sendHeld(actor, held);
  }

  /**
   * Step 1 in the caller's transaction (a webhook refunding a checkout it could not apply
   * holds the refund with the charge it records, so a crash before the processor is asked
   * leaves a pending refund the job sends): the amount held on the charge and the pending
   * refund row. Then `sendHeld` after the commit.
   */
  async holdIn(
    work: Work,
    actor: AuditActor,
    chargeId: string,
    request: { amountCents: number; reason: string },
  ): Promise<HeldRefund> {
    const tx = this.deps.store.in(work.tx);
    const charge = await tx.holdRefund(chargeId, request.amountCents);
    if (!charge) {
      const existing = await tx.chargeById(chargeId);
      if (!existing) throw refused('notFound', 'Charge not found.');
      if (existing.status !== 'succeeded') {
        throw refused('notRefundable', 'Only a paid charge can be refunded.');
      }
      throw refused('exceedsCharge', 'The refund is more than what is left of the charge.');
    }
    if (!charge.gatewayChargeId) {
      // Credits paid it all: no money reached the processor, so none can go back.
      throw refused('notRefundable', 'Nothing of this charge was paid by card.');
    }
    const id = randomUUID();
    const row = await tx.insertRefund({
      id,
      chargeId,
      customerId: charge.customerId,
      amount: request.amountCents,
      idempotencyKey: `refund:${id}`,
      status: 'pending',
      reason: request.reason,
      actorType: actor.type,
      actorId: actor.id,
      createdAt: this.deps.clock.now(),
    });
    await work.audit({
      action: 'create',
      entity: 'payment_refund',
      entityId: row.id,
      // The patient and the field names, never the amount or the reason (issue 41): the refund
      // row and the ledger keep those.
      details: { chargeId, customerId: row.customerId, fields: ['amountCents', 'reason'] },
    });
    return { refund: row, processorChargeId: charge.gatewayChargeId };
  }

  /** Steps 2 and 3 of a refund held by `holdIn`, once its transaction committed. */
  sendHeld(actor: AuditActor, held: HeldRefund): Promise<RefundRow> {
    return this.send(actor, held.refund, held.processorChargeId);
  }

  /** Steps 2 and 3. No answer from the processor leaves the refund pending for the job. */
  private async send(
    actor: AuditActor,
    refund: RefundRow,
    processorChargeId: string,
  ): Promise<RefundRow> {
    let result: RefundResult;
    try {
      result = await this.deps.gateway.refund({
        idempotencyKey: refund.idempotencyKey,
        chargeId: processorChargeId,
        amountCents: refund.amount,
      });
    } catch (error) {
      if (error instanceof IdempotencyKeyReused) throw error;
      return refund;
    }
    return this.record(actor, refund, result);
  }

  private async record(
    actor: AuditActor,
    refund: RefundRow,
    result: RefundResult,
  ): Promise<RefundRow> {
    const { store, uow, clock, invoices } = this.deps;
    const row = await uow.run(
      actor,
      async (work) => {
        const tx = store.in(work.tx);
        const status =
          result.status === 'succeeded'
            ? 'succeeded'
            : result.status === 'pending'
              ? 'processing'
              : 'failed';
        const settled = await tx.settleRefund(refund.id, {
          status,
          processorRefundId: result.refundId,
          processorReason: result.status === 'failed' ? result.reason : null,
          settledAt: clock.now(),
        });
        if (!settled) return undefined;
        let invoiceId: string | null = null;
        // Refused: what the refund held on the charge is refundable again.
        if (status === 'failed') await tx.releaseRefund(refund.chargeId, refund.amount);
        else
          invoiceId = (await invoices.refunded(work, refund.chargeId, refund.amount))?.id ?? null;
        await work.audit({
          action: 'update',
          entity: 'payment_refund',
          entityId: settled.id,
          // The processor's answer (not a value anyone typed), the patient for the trail, and
          // the invoice that now shows the refund (its amounts stay in the ledger).
          details: {
            customerId: settled.customerId,
            status: settled.status,
            reason: settled.processorReason,
            invoiceId,
          },
        });
        return settled;
      },
      { lock: `charge-refunds:${refund.chargeId}` },
    );
    if (!row)
      return (await store.refundsOf(refund.chargeId)).find((r) => r.id === refund.id) ?? refund;
    if (row.status !== 'failed') await this.mail(row);
    return row;
  }

  /** The customer's refund mail; the refund stands if the mail cannot go (it is logged). */
  private async mail(refund: RefundRow): Promise<void> {
    try {
      const contact = await this.deps.customers.contactFacts(refund.customerId);
      if (!contact) return;
      const invoice = await this.deps.invoices.ofCharge(refund.chargeId);
      const charge = await this.deps.store.chargeById(refund.chargeId);
      await this.deps.mailer.send(
        refundMail(
          contact.email,
          contact.firstName,
          {
            amountCents: refund.amount,
            invoiceNumber: invoice ? invoiceNumber(invoice) : null,
            description: invoice?.description ?? charge?.description ?? 'your order',
          },
          `${this.deps.publicUrl}/billing?tab=invoices`,
        ),
      );
    } catch (error) {
      this.deps.logger.error({ err: error, refundId: refund.id }, 'refund mail not sent');
    }
  }

  /**
   * A paid checkout whose reference names nothing we know (no customer to record it for, so
   * no ledger row): refunded through the processor all the same, under a key of the checkout
   * (a repeat refunds once), audited, and logged as an error for whoever watches the logs.
   */
  async refundUnrecorded(
    actor: AuditActor,
    checkout: { checkoutId: string; processorChargeId: string; amountCents: number },
  ): Promise<RefundResult | null> {
    let result: RefundResult | null = null;
    try {
      result = await this.deps.gateway.refund({
        idempotencyKey: `refund:checkout:${checkout.checkoutId}`,
        chargeId: checkout.processorChargeId,
        amountCents: checkout.amountCents,
      });
    } catch (error) {
      if (error instanceof IdempotencyKeyReused) throw error;
    }
    this.deps.logger.error(
      { checkoutId: checkout.checkoutId, refund: result?.status ?? 'no answer' },
      'a paid checkout paid for nothing we know: refunded without a ledger row',
    );
    await this.deps.uow.run(actor, (work) =>
      work.audit({
        action: 'create',
        entity: 'payment_refund',
        entityId: checkout.checkoutId.slice(0, 64),
        details: {
          checkoutId: checkout.checkoutId,
          amount: checkout.amountCents,
          status: result?.status ?? 'no answer',
          unrecorded: true,
        },
      }),
    );
    return result;
  }

  /** The job: refunds a crash left unanswered are asked again under their own key. */
  async reconcile(actor: AuditActor): Promise<{ refunds: number }> {
    const before = new Date(this.deps.clock.now().getTime() - PENDING_REFUND_GRACE_MS);
    let refunds = 0;
    for (const refund of await this.deps.store.pendingRefunds(before)) {
      const charge = await this.deps.store.chargeById(refund.chargeId);
      if (!charge?.gatewayChargeId) continue;
      const row = await this.send(actor, refund, charge.gatewayChargeId);
      if (row.status !== 'pending') refunds += 1;
    }
    return { refunds };
  }

  /** A charge's refunds, oldest first (the staff route answers them). */
  of(chargeId: string): Promise<RefundRow[]> {
    return this.deps.store.refundsOf(chargeId);
  }
}
