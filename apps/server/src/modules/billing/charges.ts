import {
  applyCredits,
  NOTIFICATION_TYPE,
  paymentFailure,
  type PriceChangeQuote,
} from '@portal/domain';
import { codedError } from '../../platform/errors';
import type { AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Events } from '../../platform/events';
import type { Work } from '../../platform/unit-of-work';
import type { CustomerService } from '../customers/service';
import type { NotificationService } from '../notifications/service';
import type {
  ChargeRow,
  FailedApplied,
  InvoiceDraft,
  PaymentsService,
  PurposeHandler,
} from '../payments/service';
import { PlanMoved, retakeCredits, stillPricedOn } from './charge-rules';
import { creditLines, type ChargeCredits, type ReferralCreditPort } from './credits';
import { changeInvoiceLines } from './invoice-lines';
import type { ChargeIntent, PlanChangeIntent } from './pricing';
import type { BillingStore } from './store';

// Billing's side of the payments engine (modules/payments/charging.ts): what a plan change or
// a renewal hands it (the intent, with the invoice's lines and the credits it takes) and what
// billing does with the answer (its two purpose handlers). The charge itself, its key, its
// reconciliation and its invoice are the payments module's.

export interface ChangeResult {
  newName: string;
  newContractId: string;
}

export type BillingPurpose = 'subscription_change' | 'renewal' | 'plan_end';

export { PlanMoved };

const DESCRIPTIONS: Record<BillingPurpose, string> = {
  subscription_change: 'Plan change',
  renewal: 'Renewal',
  plan_end: 'Commitment payments left',
};

export interface BillingChargesDeps {
  payments: PaymentsService;
  store: BillingStore;
  customers: Pick<CustomerService, 'changePlan' | 'subscriptionForBilling' | 'endPlan'>;
  clock: Clock;
  events: Events;
  notifications: NotificationService;
  /** Referral credit (the referrals module, through billing's port). */
  credits: ReferralCreditPort;
}

export class BillingCharges {
  constructor(private readonly deps: BillingChargesDeps) {
    const handler = this.handler();
    deps.payments.register('subscription_change', handler);
    deps.payments.register('renewal', handler);
    deps.payments.register('plan_end', handler);
  }

  /**
   * The pending charge (or the one already there for this key). The customer's referral and
   * account credits are taken with it, under the customer's credit lock (so two charges cannot
   * spend one credit), and given back if it fails.
   */
  begin(
    actor: AuditActor,
    values: {
      customerId: string;
      subscriptionId: string;
      key: string;
      amount: number;
      paymentMethodId: string | null;
      intent: ChargeIntent;
      /** A plan change's quote (its lines make the invoice's). */
      quote?: PriceChangeQuote | undefined;
      purpose?: BillingPurpose;
      /**
       * What the customer was shown to pay after credits (a change's quote): if the credits
       * moved since, the change is refused rather than charged another amount.
       */
      expectedAmount?: number | undefined;
      /**
       * The contract the charge was priced on (null: none). Checked under the lock with the
       * charge's insert: if the subscription moved to another contract, or another change or
       * renewal of it is still open, nothing is charged (PlanMoved).
       */
      pricedOnContractId: string | null;
    },
  ): Promise<ChargeRow> {
    const purpose = values.purpose ?? 'subscription_change';
    const base: ChargeIntent =
      values.quote && values.intent.kind === 'subscription_change'
        ? {
            ...values.intent,
            invoice: changeInvoice(values.intent, values.quote),
            creditCarried: values.quote.creditCarried,
          }
        : values.intent;
    const { invoice, ...intent } = base;
    return this.deps.payments.charging.begin(
      actor,
      {
        customerId: values.customerId,
        subscriptionId: values.subscriptionId,
        purpose,
        reference: values.subscriptionId,
        key: values.key,
        amount: values.amount,
        paymentMethodId: values.paymentMethodId,
        description: `${DESCRIPTIONS[purpose]} ${values.subscriptionId}`,
        // Nobody answers a 3-D Secure challenge here: renewals run in a job, and a plan change
        // is charged off session too for now (the change screen has no challenge step), so a
        // card that asks for it is declined and the customer is told to use another card.
        onSession: false,
        intent,
        invoice: invoice ?? null,
      },
      {
        lock: `credits:${values.customerId}`,
        prepare: async (work, request) => {
          if (!(await stillPricedOn(this.deps, work, values))) throw new PlanMoved();
          const store = this.deps.store.in(work.tx);
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
          if (applied.referralCents + applied.accountCents === 0) return request;
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
          return {
            ...request,
            amount: applied.dueCents,
            intent: { ...request.intent, credits: { ...applied, referralParts } },
            invoice: request.invoice && {
              ...request.invoice,
              lines: [...request.invoice.lines, ...creditLines(applied)],
            },
          };
        },
      },
    );
  }

  /** Asks the processor and settles (a settled charge is answered as it is). */
  async complete(actor: AuditActor, charge: ChargeRow): Promise<ChargeRow> {
    return (await this.deps.payments.charging.complete(actor, charge)).charge;
  }

  /** What billing does with a settled charge of its own (plan changes and renewals). */
  private handler(): PurposeHandler {
    return {
      applySucceeded: async (work, charge, { afterFailure }) => {
        const intent = charge.intent as ChargeIntent;
        const store = this.deps.store.in(work.tx);
        // Paid after all, after the failure gave the charge's credits back: they paid part
        // of it (its invoice says so), so they are taken again, as far as they are still
        // there; what was spent meanwhile is put in front of the care team.
        const short =
          afterFailure && intent.credits ? await retakeCredits(this.deps, work, intent) : null;
        // Paid, but the subscription left the contract it was priced on: applying it would
        // leave two running contracts. Kept paid and unapplied, for the care team (begin's
        // check makes this a guard, not a path).
        if (intent.contract) {
          const sub = await this.deps.customers.subscriptionForBilling(
            intent.customerId,
            intent.subscriptionId,
            work.tx,
          );
          if ((sub?.contract?.id ?? null) !== intent.previousContractId) {
            throw new Error('the subscription is no longer on the contract this charge priced');
          }
        }
        // What was owed at an account's deletion is paid: the plan is over (issue 45).
        if (intent.kind === 'plan_end') {
          await this.deps.customers.endPlan(work, {
            customerId: intent.customerId,
            subscriptionId: intent.subscriptionId,
            contractId: intent.contractId,
          });
        }
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
          await store.addAccountCredit(
            intent.customerId,
            intent.creditCarried ?? 0,
            this.deps.clock.now(),
          );
        }
        const result: ChangeResult = {
          newName: intent.newName,
          newContractId: contract?.id ?? intent.previousContractId ?? '',
        };
        return short
          ? { result, attention: { reason: 'creditsShort', details: short } }
          : { result };
      },
      applyFailed: async (work, charge) => {
        const intent = charge.intent as ChargeIntent;
        // Nothing was paid: the credits the charge took are the customer's again.
        if (intent.credits) {
          await this.deps.credits.giveBack(work, intent.credits.referralParts);
          if (intent.credits.accountCents > 0) {
            await this.deps.store
              .in(work.tx)
              .addAccountCredit(
                intent.customerId,
                intent.credits.accountCents,
                this.deps.clock.now(),
              );
          }
        }
        const outcome: FailedApplied = {};
        // A declined card still bills the plan: a payment-due invoice for the whole bill.
        if (charge.status === 'declined' && charge.invoice) {
          const [draft, total] = unpaidInvoice(charge, charge.invoice, intent.credits);
          outcome.invoice = { draft, total };
        }
        if (intent.kind === 'renewal') outcome.afterCommit = await this.paymentDue(work, charge);
        return outcome;
      },
      settled: async (charge) => {
        // After the commit, so a live subscriber's re-read finds the new plan.
        if (charge.status === 'succeeded') {
          await this.deps.events.customerChanged(charge.customerId, 'billing');
        }
      },
    };
  }

  /** A declined (or never sent) renewal raises the payment-due notice, published after commit. */
  private async paymentDue(work: Work, charge: ChargeRow) {
    const intent = charge.intent as ChargeIntent;
    const { notifications } = this.deps;
    const row = await notifications.create(
      {
        customerId: charge.customerId,
        type: NOTIFICATION_TYPE.paymentDue,
        title: 'Payment due',
        message:
          'We could not charge your card for your plan. Update it to keep your treatment on time.',
        severity: 'warning',
        status: 'requires_action',
        action: { label: 'Update payment method', url: '/billing?tab=plan' },
        metadata: { subscriptionIds: [intent.subscriptionId], chargeId: charge.id },
      },
      work,
    );
    return () => notifications.published(row, 'created');
  }
}

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

function changeInvoice(intent: PlanChangeIntent, quote: PriceChangeQuote): InvoiceDraft {
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

/**
 * The change's answer from its charge: the plan, or TC108 with the processor's reason (or
 * 'pending' while the outcome is unknown, or paid and not applied yet).
 */
export function changeAnswer(charge: ChargeRow): ChangeResult {
  if (charge.status === 'succeeded' && charge.result) return charge.result as ChangeResult;
  if (charge.status === 'succeeded' || charge.status === 'pending') {
    throw codedError('TC108', 'The payment is still being processed.', { reason: 'pending' });
  }
  // The reason picks the processor message (payment.<reason>, or payment.default).
  const failure = paymentFailure('change', charge.processorReason ?? 'unknown');
  throw codedError(failure.code, 'The payment did not go through; your plan has not changed.', {
    reason: failure.reason,
  });
}
