import { DAY_MS, HOUR_MS } from '@portal/domain';
import type { FastifyBaseLogger } from 'fastify';
import { codedError } from '../../platform/errors';
import type { AuditActor } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { PaymentMethod } from '../../platform/gateway/gateway';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { BillingStore } from './store';

// Card attempts (issue 45): saving a card must be no card-testing oracle. Whatever the
// processor says, the customer reads one answer (ST102, reason declined); the processor's own
// reason goes to the audit and the log, for the care team. And attempts are counted:
//   - per customer, 5 an hour: enough for a typo and a second card or two, far too few to
//     test a list of stolen numbers. Checked before the processor is asked, with the attempt
//     reserved under the customer's lock, so racing attempts cannot all pass.
//   - per card, 3 refusals a day across customers: after 3 declines of one card (a wrong
//     security code or postal code guessed again and again, from one account or many) every
//     further attempt of it that day is refused, even one the processor accepts, so the
//     right guess reads like the wrong ones. Only refusals count: one good card saved on a
//     few accounts (a family) is not testing. The card is known only by its fingerprint,
//     brand + last 4 + expiry: the most the processor tells us (its own fingerprint is not on
//     the port); two people's cards share one rarely, and then the limit only delays one of
//     them a day. It can be checked only once the processor answered (we learn the card from
//     it); a card it saved meanwhile is detached again, and the answer is the same decline.

export const CARD_ATTEMPT_LIMITS = {
  perCustomer: { limit: 5, windowMs: HOUR_MS },
  /** Refusals of one card (by its fingerprint) before every attempt of it is refused. */
  perCard: { limit: 3, windowMs: DAY_MS },
} as const;

/** The one answer a refused card gets, whatever the reason. */
export const cardRefused = () =>
  codedError('ST102', 'The card was not accepted.', { reason: 'declined' });

/** brand:last4:MM/YYYY: what identifies a card among the attempts. */
export function cardFingerprint(card: Omit<PaymentMethod, 'id'>): string {
  return `${card.brand}:${card.last4}:${String(card.expiryMonth).padStart(2, '0')}/${String(card.expiryYear)}`;
}

export interface CardVelocityDeps {
  uow: UnitOfWork;
  clock: Clock;
  logger: Pick<FastifyBaseLogger, 'warn'>;
}

export class CardVelocity {
  constructor(
    private readonly store: BillingStore,
    private readonly deps: CardVelocityDeps,
  ) {}

  /**
   * Reserves an attempt for the customer (its id), or records it refused and throws the
   * generic ST102 when the customer is over the hourly limit; the processor is not asked then.
   */
  async reserve(customerId: string, actor: AuditActor): Promise<string> {
    const { clock, uow } = this.deps;
    const { perCustomer } = CARD_ATTEMPT_LIMITS;
    const reserved = await uow.run(
      actor,
      async (work) => {
        const store = this.store.in(work.tx);
        const now = clock.now();
        const since = new Date(now.getTime() - perCustomer.windowMs);
        const over = (await store.countCardAttempts({ customerId }, since)) >= perCustomer.limit;
        const row = await store.insertCardAttempt({
          customerId,
          outcome: over ? 'limited' : 'pending',
          reason: over ? 'customerLimit' : null,
          createdAt: now,
        });
        if (over) {
          await work.audit({
            action: 'create',
            entity: 'card_attempt',
            entityId: row.id,
            details: { customerId, outcome: 'limited', limit: 'customerLimit' },
          });
        }
        return { id: row.id, over };
      },
      { lock: `card-attempts:${customerId}` },
    );
    if (reserved.over) {
      this.deps.logger.warn({ customerId, attemptId: reserved.id }, 'card attempts over the limit');
      throw cardRefused();
    }
    return reserved.id;
  }

  /**
   * Records the processor's answer on the attempt (the reason in the audit and the log only)
   * and checks the card's daily limit under the card's lock: 'limited' when the card is over
   * it (the caller then refuses it, and detaches it if the processor saved it).
   */
  async settle(
    attemptId: string,
    customerId: string,
    answer: { accepted: boolean; reason: string | null; card: Omit<PaymentMethod, 'id'> | null },
    actor: AuditActor,
  ): Promise<'ok' | 'limited'> {
    const { clock, uow } = this.deps;
    const { perCard } = CARD_ATTEMPT_LIMITS;
    const fingerprint = answer.card ? cardFingerprint(answer.card) : null;
    const verdict = await uow.run(
      actor,
      async (work) => {
        const store = this.store.in(work.tx);
        const since = new Date(clock.now().getTime() - perCard.windowMs);
        const over =
          fingerprint !== null &&
          (await store.countCardAttempts({ fingerprint, exceptId: attemptId }, since)) >=
            perCard.limit;
        const outcome = over ? 'limited' : answer.accepted ? 'accepted' : 'declined';
        // The processor's reason is kept even when the limit decided (the care team sees both;
        // cardLimit:<reason> still counts as a refusal of the card).
        const reason = over
          ? `cardLimit${answer.reason ? `:${answer.reason}` : ''}`
          : answer.reason;
        await store.updateCardAttempt(attemptId, { outcome, reason, fingerprint });
        await work.audit({
          action: 'update',
          entity: 'card_attempt',
          entityId: attemptId,
          details: {
            customerId,
            outcome,
            reason: answer.reason,
            limit: over ? 'cardLimit' : null,
            brand: answer.card?.brand ?? null,
            last4: answer.card?.last4 ?? null,
          },
        });
        return over ? 'limited' : 'ok';
      },
      fingerprint ? { lock: `card-fingerprint:${fingerprint}` } : {},
    );
    if (verdict === 'limited' || !answer.accepted) {
      this.deps.logger.warn(
        { customerId, attemptId, reason: answer.reason, limited: verdict === 'limited' },
        'card not accepted',
      );
    }
    return verdict;
  }
}
