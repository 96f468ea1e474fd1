import {
  ACTIVE_SUBSCRIPTION_STATUSES,
  applyCredits,
  calendarDateIn,
  QUOTE_TTL_MINUTES,
  type ChangeSubscriptionInput,
  type PriceChangeQuote,
  type PriceChangeQuoteInput,
} from '@portal/domain';
import { codedError } from '../../platform/errors';
import type { AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { BillingSubscription, CustomerService } from '../customers/service';
import type { PaymentsService } from '../payments/service';
import { changeAnswer, PlanMoved, type BillingCharges, type ChangeResult } from './charges';
import { previewCredits, type ReferralCreditPort } from './credits';
import type { PaymentSources } from './payment-sources';
import { paidForCurrentPeriod } from './period-paid';
import { normalisedRequest, priceChange, sameRequest } from './pricing';
import type { QuoteSigner } from './quote-signature';
import type { BillingStore, PaymentSourceRow } from './store';

// Plan changes (spec 02 §3, §7): a quote, priced on the server, stored and signed; then the
// change that submits it, re-priced and charged exactly once (the payments module, through
// charges.ts) under the quote id.

const quoteChanged = () =>
  codedError('TC104', 'The price has changed since this quote; please review the new one.', {
    reason: 'quote_changed',
  });

export interface QuoteView extends PriceChangeQuote {
  /** Referral and account credit the charge will use (amountDue is after them). */
  referralCreditApplied: number;
  accountCreditApplied: number;
  id: string;
  signature: string;
  expiresAt: Date;
  subscriptionStatus: string;
  paymentSource: PaymentSourceRow | null;
}

/**
 * Spec 02 §3, §8: only a plan that counts as active (active, non_renewing) is changed. A
 * cancelled one is TC107; a paused or future one (not running now: nothing to prorate
 * against) is TC105, a treatment change error.
 */
export function assertChangeable(sub: BillingSubscription): void {
  const status = sub.subscription.status;
  if (status === 'cancelled') {
    throw codedError('TC107', 'This plan was cancelled.', { reason: 'cancelled' });
  }
  if (!(ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(status)) {
    throw codedError('TC105', 'This plan is not running now, so it cannot be changed.', {
      reason: 'not_active',
    });
  }
}

/** Today in the customer's time zone: the day billing periods and contracts count from. */
export function billingToday(clock: Clock, sub: BillingSubscription): string {
  return calendarDateIn(clock.now(), sub.timeZone);
}

const subscriptionNotFound = (code: string) =>
  codedError(code, 'Subscription not found.', { reason: 'not_found' });

/** One of the customer's subscriptions; another customer's reads as not found (`code`). */
export async function ownSubscription(
  customers: Pick<CustomerService, 'subscriptionForBilling'>,
  customerId: string,
  subscriptionId: string,
  code: string,
): Promise<BillingSubscription> {
  const sub = await customers.subscriptionForBilling(customerId, subscriptionId);
  if (!sub) throw subscriptionNotFound(code);
  return sub;
}

export interface PlanChangesDeps {
  customers: Pick<CustomerService, 'subscriptionForBilling'>;
  uow: UnitOfWork;
  clock: Clock;
  signer: QuoteSigner;
  credits: ReferralCreditPort;
  charges: BillingCharges;
  payments: Pick<PaymentsService, 'chargeByKey' | 'chargesFor' | 'chargesWithKeyPrefix'>;
  paymentSources: PaymentSources;
  /**
   * Whether the customer is in the corporate-health mode (their employer's programme covers
   * the membership): their plan is changed by the care team, never through these operations.
   */
  corporateHealth?: (customerId: string) => Promise<boolean>;
}

/** Spec 02 §6 and §8: a covered membership is not changed by the customer (TC105). */
const employerCovered = () =>
  codedError(
    'TC105',
    "Your employer's health program covers this membership; the care team makes changes to it.",
    { reason: 'employer_covered' },
  );

async function assertNotEmployerCovered(deps: PlanChangesDeps, customerId: string): Promise<void> {
  if (await deps.corporateHealth?.(customerId)) throw employerCovered();
}

export class PlanChanges {
  constructor(
    private readonly store: BillingStore,
    private readonly deps: PlanChangesDeps,
  ) {}

  /**
   * The subscription and add-on price change quote; stored, signed, and good for a while.
   * Issue 46: it was about ten round trips one after another. Now the reads that need only the
   * request go out together (the subscription, the treatment, both credits, the payment
   * source; coverage beside them), then the ones that need the subscription (prices, coupon,
   * what was paid: pricing.ts), then one statement writes the quote with its audit row. The
   * refusals are made in the order they always were; a refused request only read.
   */
  async quote(
    customerId: string,
    input: PriceChangeQuoteInput,
    actor: AuditActor,
  ): Promise<QuoteView> {
    const { customers, clock } = this.deps;
    // Coverage is two reads one after the other (the customer's tags, then the flag): it runs
    // beside the rest, and its refusal still comes before any other, as it always did.
    const coverage = Promise.resolve(this.deps.corporateHealth?.(customerId));
    // Awaited below; this only keeps a failure that comes before then from going unhandled.
    coverage.catch(() => undefined);
    const refuseIfCovered = async () => {
      if (await coverage) throw employerCovered();
    };
    let reads;
    try {
      const [owned, treatment, referralCents, accountCents, paymentSource] = await Promise.all([
        customers.subscriptionForBilling(customerId, input.existingSubscriptionId),
        this.store.treatmentByShortId(input.newSubscriptionPlanType),
        this.deps.credits.available(customerId),
        this.store.accountCredit(customerId),
        // Scoped to the customer; read before ownership is known, and dropped if it is not.
        this.deps.paymentSources.forSubscription(customerId, input.existingSubscriptionId),
      ]);
      if (!owned) throw subscriptionNotFound('TC101');
      assertChangeable(owned);
      const today = billingToday(clock, owned);
      const { quote: priced } = await priceChange(
        this.store,
        owned,
        input,
        today,
        paidForCurrentPeriod(this.deps.payments, owned, today),
        Promise.resolve(treatment),
      );
      reads = { sub: owned, priced, referralCents, accountCents, paymentSource };
    } catch (error) {
      await refuseIfCovered();
      throw error;
    }
    await refuseIfCovered();
    const { sub, priced, referralCents, accountCents, paymentSource } = reads;
    const credits = applyCredits(priced.amountDue, { referralCents, accountCents });
    const quote = { ...priced, amountDue: credits.dueCents };
    const expiresAt = new Date(clock.now().getTime() + QUOTE_TTL_MINUTES * 60_000);
    const row = await this.store.insertQuoteAudited(
      {
        customerId,
        subscriptionId: sub.subscription.id,
        request: normalisedRequest(input),
        contractId: sub.contract?.id ?? null,
        quote,
        amountDue: quote.amountDue,
        expiresAt,
      },
      actor,
      (id) => ({
        action: 'create',
        entity: 'billing_quote',
        entityId: id,
        details: { subscriptionId: sub.subscription.id, amountDue: quote.amountDue },
      }),
    );
    return {
      ...quote,
      referralCreditApplied: credits.referralCents,
      accountCreditApplied: credits.accountCents,
      id: row.id,
      signature: this.deps.signer.sign({ id: row.id, amountDue: row.amountDue, expiresAt }),
      expiresAt,
      subscriptionStatus: sub.subscription.status,
      paymentSource: paymentSource ?? null,
    };
  }

  /**
   * Change customer subscription: submits the quote it was shown. The quote's signature, owner,
   * request and expiry are checked and the change re-priced; if the amount moved it is refused,
   * not charged. The plan changes only if the payment succeeds (TC108 otherwise).
   */
  async change(
    customerId: string,
    input: ChangeSubscriptionInput,
    actor: AuditActor,
  ): Promise<ChangeResult> {
    const { customers, clock, charges } = this.deps;
    const refused = (reason: string, message: string) => codedError('TC104', message, { reason });
    const stored = await this.store.quote(customerId, input.quoteId);
    if (
      !stored ||
      stored.subscriptionId !== input.existingSubscriptionId ||
      !this.deps.signer.verify(
        { id: stored.id, amountDue: stored.amountDue, expiresAt: stored.expiresAt },
        input.quoteSignature,
      )
    ) {
      throw refused('quote_invalid', 'This quote is not valid.');
    }
    if (!sameRequest(stored.request, normalisedRequest(input))) {
      throw refused('quote_mismatch', 'The change differs from the quote shown.');
    }
    // The quote id is the idempotency key: a repeat of a change already made answers as it did.
    const replay = async () => {
      const existing = await this.deps.payments.chargeByKey(stored.id);
      if (!existing) return undefined;
      return changeAnswer(await charges.complete(actor, existing));
    };
    const replayed = await replay();
    if (replayed) return replayed;
    if (stored.expiresAt.getTime() < clock.now().getTime()) {
      throw refused('quote_expired', 'This quote has expired; please review the new one.');
    }
    await assertNotEmployerCovered(this.deps, customerId);
    const sub = await ownSubscription(customers, customerId, input.existingSubscriptionId, 'TC101');
    assertChangeable(sub);
    // A quote prices one contract: once another change (or a renewal) replaced it, the quote
    // is stale even when re-pricing happens to give the same amount (issue 45).
    if ((sub.contract?.id ?? null) !== stored.contractId) {
      const concurrent = await replay();
      if (concurrent) return concurrent;
      throw quoteChanged();
    }
    const today = billingToday(clock, sub);
    const paid = await paidForCurrentPeriod(this.deps.payments, sub, today);
    const { quote, intent } = await priceChange(this.store, sub, input, today, paid);
    const credits = await previewCredits(
      this.deps.credits,
      this.store,
      customerId,
      quote.amountDue,
    );
    if (credits.dueCents !== stored.amountDue) {
      // The same change sent twice at once: the first took the credits while this one priced
      // them, so the amount only looks moved; answer as the first did.
      const concurrent = await replay();
      if (concurrent) return concurrent;
      throw quoteChanged();
    }
    const source = await this.deps.paymentSources.forSubscription(customerId, sub.subscription.id);
    if (!source && credits.dueCents > 0) {
      throw codedError('TC106', 'Add a payment method first.', { reason: 'no_payment_source' });
    }
    const charge = await charges
      .begin(actor, {
        customerId,
        subscriptionId: sub.subscription.id,
        key: stored.id,
        amount: quote.amountDue,
        expectedAmount: stored.amountDue,
        pricedOnContractId: stored.contractId,
        paymentMethodId: source?.gatewayPaymentMethodId ?? null,
        intent,
        quote,
      })
      .catch(async (error: unknown) => {
        if (!(error instanceof PlanMoved)) throw error;
        // Another change of this subscription went first (or is being paid right now).
        const concurrent = await this.deps.payments.chargeByKey(stored.id);
        if (concurrent) return concurrent;
        throw quoteChanged();
      });
    return changeAnswer(await charges.complete(actor, charge));
  }
}
