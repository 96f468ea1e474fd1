import type { ReplacePaymentSourceInput } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { codedError } from '../../platform/errors';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { AttachResult, PaymentGateway } from '../../platform/gateway/gateway';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { CustomerService } from '../customers/service';
import type { PaymentsService } from '../payments/service';
import { CardVelocity, cardRefused } from './card-velocity';
import type { BillingStore, PaymentSourceRow } from './store';

// The customer's saved cards (spec 02 §3 payment sources): set up at the processor, listed,
// replaced through a processor token, and the one a subscription is charged to. The billing
// address on a card is billing-address.ts's. No card number passes here: the browser gives
// its card to the processor (the sandbox's tokenization endpoint, or Stripe's Payment Element)
// and we get a token (tok_…) or a confirmed SetupIntent (seti_…).

export interface PaymentSourceView extends PaymentSourceRow {
  subscriptionIds: string[];
}

export interface PaymentSourcesDeps {
  customers: Pick<CustomerService, 'subscriptionIds'>;
  uow: UnitOfWork;
  audit: AuditLog;
  clock: Clock;
  gateway: PaymentGateway;
  /** The processor's customer each card is saved for (made once, kept by payments). */
  payments: Pick<PaymentsService, 'processorCustomer'>;
  /** A refused card's real reason is logged (and audited), never answered. */
  logger: Pick<FastifyBaseLogger, 'warn'>;
}

/** What the card form needs before it saves a card (the CardSetup of startCardSetup). */
export interface CardSetupView {
  provider: string;
  setupId: string | null;
  clientSecret: string | null;
}

export class PaymentSources {
  private readonly velocity: CardVelocity;

  constructor(
    private readonly store: BillingStore,
    private readonly deps: PaymentSourcesDeps,
  ) {
    this.velocity = new CardVelocity(store, deps);
  }

  /** The card a subscription is charged to: its own link, else the customer's newest card. */
  async forSubscription(customerId: string, subscriptionId: string, db?: Db) {
    const store = db ? this.store.in(db) : this.store;
    // Both at once (one round trip's wait, not two): the second is only used without the first.
    const [own, active] = await Promise.all([
      store.sourceOfSubscription(subscriptionId),
      store.activePaymentSources(customerId),
    ]);
    return own ?? active[0];
  }

  /** Customer payment sources, newest first (updated_at descending). */
  async list(customerId: string, actor: AuditActor): Promise<PaymentSourceView[]> {
    const sources = await this.store.activePaymentSources(customerId);
    const links = await this.store.subscriptionsOfSources(sources.map((s) => s.id));
    await this.deps.audit.record(actor, {
      action: 'read',
      entity: 'payment_source',
      entityId: null,
      details: { customerId, count: sources.length },
    });
    return sources.map((s) => ({
      ...s,
      subscriptionIds: links.filter((l) => l.paymentSourceId === s.id).map((l) => l.subscriptionId),
    }));
  }

  /**
   * Starts saving a card for the customer: the processor's customer (made once), then, with
   * Stripe, a SetupIntent whose client secret the Payment Element confirms in the browser.
   * ST100 when the processor cannot be reached.
   */
  async startSetup(customerId: string, actor: AuditActor): Promise<CardSetupView> {
    const { gateway } = this.deps;
    let setup;
    try {
      const processorCustomerId = await this.deps.payments.processorCustomer(customerId, actor);
      setup = await gateway.startCardSetup({ processorCustomerId });
    } catch (error) {
      throw codedError('ST100', 'The card form cannot be opened right now.', {
        reason: 'processorUnavailable',
        cause: error,
      });
    }
    await this.deps.audit.record(actor, {
      action: 'create',
      entity: 'card_setup',
      entityId: setup.setupId,
      details: { customerId, provider: gateway.provider },
    });
    return { provider: gateway.provider, setupId: setup.setupId, clientSecret: setup.clientSecret };
  }

  /**
   * Replace payment source: the processor checks the card behind the token; the new source takes
   * over the old one's subscriptions (or, for a first card, all of the customer's). A refused
   * card, or one over the card attempt limits, is ST102 with the one generic reason (issue 45:
   * the processor's own reason is audited and logged, never answered); nothing changes then.
   */
  async replace(customerId: string, input: ReplacePaymentSourceInput, actor: AuditActor) {
    const old = input.oldPaymentSourceId
      ? await this.store.paymentSource(customerId, input.oldPaymentSourceId)
      : undefined;
    if (input.oldPaymentSourceId && old?.status !== 'active') {
      throw codedError('ST101', 'Payment method not found.', { reason: 'not_found' });
    }
    const attemptId = await this.velocity.reserve(customerId, actor);
    let attached: AttachResult;
    try {
      attached = await this.deps.gateway.attach({
        token: input.paymentToken,
        processorCustomerId: await this.deps.payments.processorCustomer(customerId, actor),
      });
    } catch (error) {
      await this.velocity.settle(
        attemptId,
        customerId,
        { accepted: false, reason: 'processorUnavailable', card: null },
        actor,
      );
      throw error;
    }
    const verdict = await this.velocity.settle(
      attemptId,
      customerId,
      attached.ok
        ? { accepted: true, reason: null, card: attached.paymentMethod }
        : { accepted: false, reason: attached.reason, card: attached.card ?? null },
      actor,
    );
    if (attached.ok && verdict === 'limited') {
      // Saved at the processor before we knew the card: it is not ours to keep.
      await this.deps.gateway.detach(attached.paymentMethod.id).catch((error: unknown) => {
        this.deps.logger.warn({ err: error, attemptId }, 'card over the limit not detached');
      });
    }
    if (!attached.ok || verdict === 'limited') throw cardRefused();
    const pm = attached.paymentMethod;
    const replaced = await this.deps.uow.run(
      actor,
      async (work) => {
        const store = this.store.in(work.tx);
        const now = this.deps.clock.now();
        const created = await store.insertPaymentSource({
          customerId,
          gatewayPaymentMethodId: pm.id,
          brand: pm.brand,
          last4: pm.last4,
          expiryMonth: pm.expiryMonth,
          expiryYear: pm.expiryYear,
          billingFirstName: old?.billingFirstName ?? null,
          billingLastName: old?.billingLastName ?? null,
          billingStreetAddress1: old?.billingStreetAddress1 ?? null,
          billingStreetAddress2: old?.billingStreetAddress2 ?? null,
          billingCity: old?.billingCity ?? null,
          billingState: old?.billingState ?? null,
          billingStateCode: old?.billingStateCode ?? null,
          billingZipCode: old?.billingZipCode ?? null,
          createdAt: now,
          updatedAt: now,
        });
        const subscriptionIds = old
          ? (await store.subscriptionsOfSources([old.id])).map((l) => l.subscriptionId)
          : await this.deps.customers.subscriptionIds(customerId, work.tx);
        await store.linkSubscriptions(subscriptionIds, created.id);
        if (old) await store.retirePaymentSource(old.id, now);
        await work.audit({
          action: 'create',
          entity: 'payment_source',
          entityId: created.id,
          // The patient and the field's name, never the card's details (issue 41).
          details: {
            customerId,
            fields: ['paymentToken'],
            replaced: old?.id ?? null,
            subscriptionIds,
          },
        });
        return {
          oldPaymentSourceId: old?.id ?? null,
          newPaymentSourceId: created.id,
          subscriptionIds,
        };
      },
      { lock: `billing:${customerId}` },
    );
    // The card it replaced is forgotten at the processor now (the billing job asks again if
    // the processor does not answer): a card we no longer charge is not kept on file.
    if (old) await this.detachRetired(customerId);
    return replaced;
  }

  /**
   * After the commit, and by the billing job until the processor answers: replaced and
   * removed cards (of one customer, or all) are detached at the processor, once each.
   */
  async detachRetired(customerId?: string): Promise<{ detached: number; failed: number }> {
    let detached = 0;
    let failed = 0;
    for (const card of await this.store.retiredCardsToDetach(customerId)) {
      try {
        await this.deps.gateway.detach(card.gatewayPaymentMethodId);
      } catch (error) {
        failed += 1;
        this.deps.logger.warn({ err: error, paymentSourceId: card.id }, 'card not detached yet');
        continue;
      }
      await this.store.markDetached(card.id, this.deps.clock.now());
      detached += 1;
    }
    return { detached, failed };
  }
}
