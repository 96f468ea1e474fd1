import {
  FEATURE_FLAGS,
  REFERRAL_CREDIT_CENTS,
  isReferralEligible,
  referralEmailProblem,
} from '@portal/domain';
import type { Db } from '../../db/client';
import { codedError } from '../../platform/errors';
import type { AuditActor, AuditLog } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/mail';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import type { FlagService } from '../flags/service';
import { referralInvitationMail } from './mail';
import { ReferralStore, type ReferralRow } from './store';

export type { ReferralRow };

/**
 * Invitations one customer may send in a rolling day (issue 45). Each one is a mail from our
 * domain to an address the customer picks; unlimited, the program is a free spam relay that
 * spoils the domain's reputation for the mails patients need. Ten covers a real burst of
 * telling friends (the chip form sends one per address) and stops a script at ten.
 */
export const REFERRAL_DAILY_LIMIT = 10;
const DAY_MS = 24 * 60 * 60_000;

/**
 * What referrals read of customers, through the customers service (injected by the
 * composition root): the referrer's email, first name and subscription statuses.
 */
export interface ReferralCustomers {
  contactFacts(
    customerId: string,
  ): Promise<{ email: string; firstName: string; subscriptionStatuses: string[] } | undefined>;
}

export interface ReferralServiceDeps {
  db: Db;
  uow: UnitOfWork;
  audit: AuditLog;
  clock: Clock;
  mailer: Mailer;
  flags: FlagService;
  customers: ReferralCustomers;
  publicUrl: string;
}

/**
 * Referrals (spec 02 §2–§9): a customer invites friends by email; each invitation mails a
 * sign-up link; the referral moves to referee_signed_up when that email signs up, and to
 * referrer_discount_received (5000 cents for the referrer) when the referee pays a first
 * invoice. Only the referrer reads or creates their referrals.
 */
export class ReferralService {
  private readonly store: ReferralStore;

  /** Referral credit for billing (injected into it as its credit port by services.ts). */
  readonly credits: ReferralCredits;

  constructor(private readonly deps: ReferralServiceDeps) {
    this.store = new ReferralStore(deps.db);
    this.credits = new ReferralCredits(this.store, deps.clock);
  }

  /** GetReferrals: the referrer's own, newest first; the read is audited. */
  async list(referrerCustomerId: string, actor: AuditActor): Promise<ReferralRow[]> {
    const rows = await this.store.listOwn(referrerCustomerId);
    await this.deps.audit.record(actor, {
      action: 'read',
      entity: 'referral',
      entityId: referrerCustomerId,
      details: { operation: 'GetReferrals', ids: rows.map((r) => r.id) },
    });
    return rows;
  }

  /** Spec 02 §6: the referral_program flag and at least one active subscription. */
  async isEligible(customerId: string): Promise<boolean> {
    const facts = await this.deps.customers.contactFacts(customerId);
    if (!facts) return false;
    const flags = await this.deps.flags.flagsFor(customerId);
    return isReferralEligible({
      referralProgram: flags.get(FEATURE_FLAGS.referralProgram) ?? false,
      subscriptions: facts.subscriptionStatuses.map((status) => ({ status })),
    });
  }

  /**
   * CreateReferral: one per referrer and email. Refused (R102) for an ineligible customer, their
   * own email, an email they invited already, or past REFERRAL_DAILY_LIMIT in a day. The mail goes out after the commit; once sent
   * the referral is email_sent. A failed mail leaves it created and answers R102.
   */
  async create(
    referrerCustomerId: string,
    refereeEmail: string,
    actor: AuditActor,
  ): Promise<ReferralRow> {
    const facts = await this.deps.customers.contactFacts(referrerCustomerId);
    if (!facts || !(await this.isEligible(referrerCustomerId))) {
      throw codedError('R102', 'The referral program is not available to this account.', {
        reason: 'notEligible',
      });
    }
    const problem = referralEmailProblem(refereeEmail, facts.email);
    if (problem) {
      throw codedError('R102', 'That email cannot be invited.', {
        reason: problem === 'own' ? 'ownEmail' : 'emailInvalid',
        fields: { refereeEmail: problem },
      });
    }
    const now = this.deps.clock.now();
    const created = await this.deps.uow.run(
      actor,
      async ({ tx, audit }) => {
        // Counted under the referrer's lock, so invitations sent together cannot each see room.
        const since = new Date(now.getTime() - DAY_MS);
        if (
          (await this.store.in(tx).createdSince(referrerCustomerId, since)) >= REFERRAL_DAILY_LIMIT
        )
          return 'dailyLimit' as const;
        const row = await this.store.in(tx).insert({
          referrerCustomerId,
          refereeEmail,
          status: 'created',
          creditCents: REFERRAL_CREDIT_CENTS,
          createdAt: now,
          updatedAt: now,
        });
        if (row) {
          await audit({
            action: 'create',
            entity: 'referral',
            entityId: row.id,
            details: { referrerCustomerId },
          });
        }
        return row;
      },
      { lock: `referrals:${referrerCustomerId}` },
    );
    if (created === 'dailyLimit') {
      throw codedError('R102', 'No more invitations can be sent today.', {
        reason: 'dailyLimit',
      });
    }
    if (!created) {
      throw codedError('R102', 'That email was invited already.', {
        reason: 'duplicate',
        fields: { refereeEmail: 'duplicate' },
      });
    }
    const link = `${this.deps.publicUrl}/sign-up?${new URLSearchParams({
      email: refereeEmail,
      referral: created.id,
    }).toString()}`;
    try {
      await this.deps.mailer.send(referralInvitationMail(refereeEmail, facts.firstName, link));
    } catch {
      throw codedError('R102', 'The invitation could not be sent.', { reason: 'mailFailed' });
    }
    return this.deps.uow.run(actor, async ({ tx, audit }) => {
      const sentAt = this.deps.clock.now();
      const row = await this.store
        .in(tx)
        .update(created.id, { status: 'email_sent', emailSentAt: sentAt, updatedAt: sentAt });
      if (!row) throw new Error('referral not found after insert');
      await audit({
        action: 'update',
        entity: 'referral',
        entityId: row.id,
        details: { status: 'email_sent' },
      });
      return row;
    });
  }

  /**
   * A customer signed up with this email (called inside the sign-up's unit of work): the first
   * open invitation of that email becomes referee_signed_up; other referrers' invitations of
   * the same email become referral_invalid (one referee earns one credit).
   */
  async refereeSignedUp(refereeCustomerId: string, email: string, work: Work): Promise<void> {
    const store = this.store.in(work.tx);
    const open = await store.openForEmail(email.trim().toLowerCase());
    const now = this.deps.clock.now();
    for (const [index, referral] of open.entries()) {
      const status = index === 0 ? 'referee_signed_up' : 'referral_invalid';
      await store.update(referral.id, {
        status,
        refereeCustomerId,
        signedUpAt: index === 0 ? now : null,
        updatedAt: now,
      });
      await work.audit({
        action: 'update',
        entity: 'referral',
        entityId: referral.id,
        details: { status, refereeCustomerId },
      });
    }
  }

  /**
   * The referee paid a first invoice (billing calls this in its unit of work; the staff API
   * marks it for now): their referral becomes referrer_discount_received and the referrer holds
   * 5000 cents of credit. Undefined when the customer signed up through no referral.
   */
  async completeReferralFor(
    refereeCustomerId: string,
    work: Work,
  ): Promise<ReferralRow | undefined> {
    const store = this.store.in(work.tx);
    const referral = await store.signedUpFor(refereeCustomerId);
    if (!referral) return undefined;
    const now = this.deps.clock.now();
    const row = await store.update(referral.id, {
      status: 'referrer_discount_received',
      referrerDiscountRemaining: referral.creditCents,
      discountReceivedAt: now,
      updatedAt: now,
    });
    await work.audit({
      action: 'update',
      entity: 'referral',
      entityId: referral.id,
      details: { status: 'referrer_discount_received', refereeCustomerId },
    });
    return row;
  }
}

/** One referral's share of the credit a charge took (kept with the charge to give it back). */
export interface ReferralCreditPart {
  referralId: string;
  cents: number;
}

/**
 * Referral credit as billing uses it (billing's CreditPort): what a referrer holds, taken
 * oldest first in billing's unit of work, and given back if the charge is declined.
 */
export class ReferralCredits {
  constructor(
    private readonly store: ReferralStore,
    private readonly clock: Clock,
  ) {}

  async available(customerId: string, work?: Work): Promise<number> {
    const rows = await (work ? this.store.in(work.tx) : this.store).creditRows(customerId, !!work);
    return rows.reduce((sum, r) => sum + (r.referrerDiscountRemaining ?? 0), 0);
  }

  async take(work: Work, customerId: string, cents: number): Promise<ReferralCreditPart[]> {
    const store = this.store.in(work.tx);
    const parts: ReferralCreditPart[] = [];
    let left = cents;
    for (const row of await store.creditRows(customerId, true)) {
      if (left <= 0) break;
      const used = Math.min(left, row.referrerDiscountRemaining ?? 0);
      await store.update(row.id, {
        referrerDiscountRemaining: (row.referrerDiscountRemaining ?? 0) - used,
        updatedAt: this.clock.now(),
      });
      await work.audit({
        action: 'update',
        entity: 'referral',
        entityId: row.id,
        details: { creditUsed: used },
      });
      parts.push({ referralId: row.id, cents: used });
      left -= used;
    }
    if (left > 0) throw new Error('referral credit no longer available');
    return parts;
  }

  async giveBack(work: Work, parts: readonly ReferralCreditPart[]): Promise<void> {
    const store = this.store.in(work.tx);
    for (const part of parts) {
      await store.addRemaining(part.referralId, part.cents, this.clock.now());
      await work.audit({
        action: 'update',
        entity: 'referral',
        entityId: part.referralId,
        details: { creditReturned: part.cents },
      });
    }
  }
}

/** Builds the service over its own store (called by the composition root). */
export function createReferralService(deps: ReferralServiceDeps): ReferralService {
  return new ReferralService(deps);
}
