import { applyCredits, paymentFailure, type PriceChangeQuote } from '@portal/domain';
import { codedError } from '../../platform/errors';
import type { AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Events } from '../../platform/events';
import type { ChargeResult, PaymentGateway } from '../../platform/gateway/gateway';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import type { CustomerService } from '../customers/service';
import { creditLines, type ChargeCredits, type ReferralCreditPort } from './credits';
import type { InvoiceDraft, InvoiceService } from './invoices';
import { changeInvoiceLines } from './invoices';
import type { ChargeIntent, PlanChangeIntent } from './pricing';
import type { BillingStore, ChargeRow } from './store';

// Exactly-once charging (DESIGN §4, "Money moves in one unit of work"):
//   1. a pending charge row with the idempotency key commits on its own (the unique key lets
//      one row exist per key, however many requests race);
//   2. the gateway is called with that key (a repeated key returns the first result);
//   3. one transaction records the result and, on success, applies what it pays for; the
//      conditional update (only a pending row settles) makes exactly one request apply it.
// A crash between 2 and 3 leaves a pending row; reconciliation asks the gateway for the
// charge under the same key and finishes step 3 (or marks it failed if the gateway never
// saw it). See docs/architecture.md, "Billing".

export interface ChargingDeps {
  store: BillingStore;
  customers: CustomerService;
  uow: UnitOfWork;
  clock: Clock;
  gateway: PaymentGateway;
  events: Events;
  invoices: InvoiceService;
  /** Referral credit (the referrals module, through billing's port). */
  credits: ReferralCreditPort;
  /**
   * Runs in the settling transaction after the invoice (renewals raise the payment-due
   * notice); what it returns runs after the commit.
   */
  onSettled?:
    | ((
        work: Work,
        charge: ChargeRow,
        intent: ChargeIntent,
      ) => Promise<(() => Promise<void>) | void>)
    | undefined;
  /** Test hook (BILLING_TEST_CRASH_AFTER_CHARGE): runs between the gateway call and the commit. */
  afterGatewayCharge?: (() => void) | undefined;
}

export interface ChangeResult {
  newName: string;
  newContractId: string;
}

/** How long a pending charge waits before reconciliation calls it lost (never sent). */
export const PENDING_CHARGE_GRACE_MS = 5 * 60_000;

export class Charging {
  constructor(private readonly deps: ChargingDeps) {}

  /** Step 1: the pending row (or the one already there for this key). */
  async begin(
    actor: AuditActor,
    values: {
      customerId: string;
      subscriptionId: string;
      key: string;
      amount: number;
      paymentSourceId: string | null;
      intent: ChargeIntent;
      /** A plan change's quote (its lines make the invoice's). */
      quote?: PriceChangeQuote | undefined;
      purpose?: 'subscription_change' | 'renewal';
      /**
       * What the customer was shown to pay after credits (a change's quote): if the credits
       * moved since, the change is refused rather than charged another amount.
       */
      expectedAmount?: number | undefined;
    },
  ): Promise<ChargeRow> {
    const base: ChargeIntent =
      values.quote && values.intent.kind === 'subscription_change'
        ? {
            ...values.intent,
            invoice: changeInvoice(values.intent, values.quote),
            creditCarried: values.quote.creditCarried,
          }
        : values.intent;
    return this.deps.uow
      .run(
        actor,
        async (work) => {
          const store = this.deps.store.in(work.tx);
          const existing = await store.chargeByKey(values.key);
          if (existing) return existing;
          // The credits are taken with the pending charge (the rows locked, so two charges
          // cannot spend one credit) and given back in the settling transaction if it fails.
          const now = this.deps.clock.now();
          const applied = applyCredits(values.amount, {
            referralCents: await this.deps.credits.available(values.customerId, work),
            accountCents: await store.accountCredit(values.customerId, true),
          });
          if (values.expectedAmount !== undefined && applied.dueCents !== values.expectedAmount) {
            throw codedError(
              'TC104',
              'The price has changed since this quote; please review the new one.',
              { reason: 'quote_changed' },
            );
          }
          const referralParts =
            applied.referralCents > 0
              ? await this.deps.credits.take(work, values.customerId, applied.referralCents)
              : [];
          if (
            applied.accountCents > 0 &&
            !(await store.takeAccountCredit(values.customerId, applied.accountCents, now))
          ) {
            throw new Error('account credit moved under its lock');
          }
          const intent: ChargeIntent =
            applied.referralCents + applied.accountCents > 0
              ? {
                  ...base,
                  credits: { ...applied, referralParts },
                  invoice: base.invoice && {
                    ...base.invoice,
                    lines: [...base.invoice.lines, ...creditLines(applied)],
                  },
                }
              : base;
          const inserted = await store.insertPendingCharge({
            customerId: values.customerId,
            subscriptionId: values.subscriptionId,
            idempotencyKey: values.key,
            purpose: values.purpose ?? 'subscription_change',
            amount: applied.dueCents,
            paymentSourceId: values.paymentSourceId,
            intent,
            createdAt: now,
          });
          // Another request inserted this key first: roll the credits taken back.
          if (!inserted) throw new AlreadySettled();
          await work.audit({
            action: 'create',
            entity: 'charge',
            entityId: inserted.id,
            details: {
              customerId: values.customerId,
              amount: inserted.amount,
              key: values.key,
              referralCredit: applied.referralCents,
              accountCredit: applied.accountCents,
            },
          });
          return inserted;
        },
        { lock: `credits:${values.customerId}` },
      )
      .catch(async (error: unknown) => {
        if (!(error instanceof AlreadySettled)) throw error;
        const existing = await this.deps.store.chargeByKey(values.key);
        if (!existing) throw new Error('charge row vanished');
        return existing;
      });
  }

  /** Steps 2 and 3 for a pending charge; a settled one is returned as it is. */
  async complete(
    actor: AuditActor,
    charge: ChargeRow,
    gatewayPaymentMethodId: string | null,
  ): Promise<ChargeRow> {
    if (charge.status !== 'pending') return charge;
    let result: ChargeResult | null;
    if (charge.amount === 0) {
      result = { status: 'succeeded', chargeId: '' };
    } else if (!gatewayPaymentMethodId) {
      result = { status: 'declined', chargeId: '', reason: 'invalidCard' };
    } else {
      try {
        result = await this.deps.gateway.charge({
          idempotencyKey: charge.idempotencyKey,
          paymentMethodId: gatewayPaymentMethodId,
          amountCents: charge.amount,
          description: `${charge.purpose === 'renewal' ? 'Renewal' : 'Plan change'} ${charge.subscriptionId ?? ''}`,
        });
      } catch {
        // No answer from the gateway: the charge stays pending (TC108 'pending'); a retry
        // with the same key or reconciliation learns what the gateway did.
        return charge;
      }
    }
    this.deps.afterGatewayCharge?.();
    return this.settle(actor, charge, result);
  }

  /** Step 3: record the gateway's answer and apply the intent if paid, in one transaction. */
  async settle(
    actor: AuditActor,
    charge: ChargeRow,
    result: ChargeResult | null,
  ): Promise<ChargeRow> {
    const intent = charge.intent as ChargeIntent;
    let afterCommit: (() => Promise<void>) | void = undefined;
    const finish = async (work: Work, row: ChargeRow) => {
      if (row.status === 'succeeded' && intent.invoice) {
        await this.deps.invoices.issue(work, row, intent.invoice);
      } else if (row.status !== 'failed' && intent.invoice) {
        const [draft, total] = unpaidInvoice(row, intent.invoice, intent.credits);
        await this.deps.invoices.issue(work, row, draft, total);
      }
      afterCommit = await this.deps.onSettled?.(work, row, intent);
    };
    const settled = await this.deps.uow
      .run(
        actor,
        async (work) => {
          const store = this.deps.store.in(work.tx);
          const now = this.deps.clock.now();
          if (result?.status === 'succeeded') {
            // A renewal within a contract's term changes nothing but the invoice.
            const contract = intent.contract
              ? await this.deps.customers.changePlan(work, {
                  customerId: intent.customerId,
                  subscriptionId: intent.subscriptionId,
                  previousContractId: intent.previousContractId,
                  treatmentId: intent.treatmentId,
                  contract: intent.contract,
                  items: intent.items,
                })
              : null;
            // A downgrade's refund beyond its cost is kept for the next invoices.
            if (intent.kind === 'subscription_change' && (intent.creditCarried ?? 0) > 0) {
              await store.addAccountCredit(intent.customerId, intent.creditCarried ?? 0, now);
            }
            const row = await store.settleCharge(charge.id, {
              status: 'succeeded',
              gatewayChargeId: result.chargeId || null,
              processorReason: null,
              result: {
                newName: intent.newName,
                newContractId: contract?.id ?? intent.previousContractId,
              },
              settledAt: now,
            });
            // Another request settled it first: roll this plan change back with the transaction.
            if (!row) throw new AlreadySettled();
            await work.audit({
              action: 'update',
              entity: 'charge',
              entityId: row.id,
              details: { status: row.status },
            });
            await finish(work, row);
            return row;
          }
          const row = await store.settleCharge(charge.id, {
            status: result ? 'declined' : 'failed',
            gatewayChargeId: result?.chargeId || null,
            processorReason: result?.status === 'declined' ? result.reason : 'not_sent',
            result: null,
            settledAt: now,
          });
          if (!row) throw new AlreadySettled();
          // Nothing was paid: the credits the charge took are the customer's again.
          if (intent.credits) {
            await this.deps.credits.giveBack(work, intent.credits.referralParts);
            if (intent.credits.accountCents > 0) {
              await store.addAccountCredit(intent.customerId, intent.credits.accountCents, now);
            }
          }
          await work.audit({
            action: 'update',
            entity: 'charge',
            entityId: row.id,
            details: { status: row.status, reason: row.processorReason },
          });
          await finish(work, row);
          return row;
        },
        { lock: `charge:${charge.idempotencyKey}` },
      )
      .catch(async (error: unknown) => {
        if (!(error instanceof AlreadySettled)) throw error;
        return (await this.deps.store.chargeByKey(charge.idempotencyKey)) ?? charge;
      });
    // After the commit, so a live subscriber's re-read finds the new plan.
    if (settled.status === 'succeeded' && result?.status === 'succeeded') {
      await this.deps.events.customerChanged(intent.customerId, 'billing');
    }
    const after = afterCommit as (() => Promise<void>) | void;
    if (after) await after();
    return settled;
  }

  /**
   * Finishes charges a crash left pending: the gateway's record decides. One it has never seen
   * is marked failed once it is older than the grace period (its request may still be running).
   */
  async reconcile(actor: AuditActor): Promise<{ settled: number; failed: number }> {
    const now = this.deps.clock.now();
    const pending = await this.deps.store.pendingCharges(now);
    let settled = 0;
    let failed = 0;
    for (const charge of pending) {
      // Nothing was due: there is no gateway charge to find, and nothing to take.
      const result =
        charge.amount === 0
          ? ({ status: 'succeeded', chargeId: '' } as const)
          : await this.deps.gateway.findCharge(charge.idempotencyKey);
      if (result) {
        await this.settle(actor, charge, result);
        settled += 1;
      } else if (now.getTime() - charge.createdAt.getTime() > PENDING_CHARGE_GRACE_MS) {
        await this.settle(actor, charge, null);
        failed += 1;
      }
    }
    return { settled, failed };
  }
}

class AlreadySettled extends Error {}

/**
 * A declined charge's "payment due" invoice: the credits it took were given back, so it lists
 * no credit line and asks for the whole bill (its lines still add up to its total).
 */
export function unpaidInvoice(
  charge: Pick<ChargeRow, 'amount'>,
  draft: InvoiceDraft,
  credits: ChargeCredits | undefined,
): [InvoiceDraft, number] {
  if (!credits) return [draft, charge.amount];
  const given = creditLines(credits).length;
  const lines = given > 0 ? draft.lines.slice(0, -given) : draft.lines;
  return [{ ...draft, lines }, charge.amount + credits.referralCents + credits.accountCents];
}

function changeInvoice(intent: PlanChangeIntent, quote: PriceChangeQuote) {
  return {
    description: intent.newName,
    lines: changeInvoiceLines(quote, {
      plan: intent.newName,
      medication: intent.newName.split(',')[0] ?? intent.newName,
    }),
    serviceDate: quote.newTerm.start,
    providerName: null,
  };
}

/** The change's answer from its charge row: the plan, or TC108 with the processor's reason. */
export function changeAnswer(charge: ChargeRow): ChangeResult {
  if (charge.status === 'succeeded') return charge.result as ChangeResult;
  if (charge.status === 'pending') {
    throw codedError('TC108', 'The payment is still being processed.', { reason: 'pending' });
  }
  // The reason picks the processor message (payment.<reason>, or payment.default).
  const failure = paymentFailure('change', charge.processorReason ?? 'unknown');
  throw codedError(failure.code, 'The payment did not go through; your plan has not changed.', {
    reason: failure.reason,
  });
}
