import type {
  DeleteAccountInput,
  EmailAvailabilityInput,
  UpdateEmailInput,
  updatePasswordSchema,
} from '@portal/domain';
import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { AuditActor } from '../platform/audit';
import type { Mailer } from '../platform/mail';
import type { Clock } from '../platform/clock';
import type { UnitOfWork, Work } from '../platform/unit-of-work';
import { emailChangeCodeMail, emailChangedNoticeMail } from './account-mail';
import { CODE_TTL_MS } from './codes';
import { refuseCommonPassword } from './common-passwords';
import type { CustomerDirectory } from './customer-directory';
import { IdentityError } from './errors';
import { enforceLimit, type IdentityLimiter, type RateAction } from './rate-limits';
import { hashPassword, hashSecret, verifyPassword } from './secrets';
import type { Authenticated, RequestMeta } from './sessions';
import { RECENT_LOGIN_MS } from './sign-in';
import type { IdentityStore, User } from './store';

/** What the customer side does inside identity's unit of work (wired by the root). */
export interface AccountHooks {
  emailChanged(customerId: string, email: string, work: Work): Promise<void>;
  accountDeleted(customerId: string, work: Work): Promise<void>;
  /**
   * Before the deletion's transaction, once the password is checked: what the customer still
   * owes is settled (billing: a commitment's payments left, issue 45).
   */
  beforeAccountDeleted?(customerId: string, actor: AuditActor): Promise<void>;
  /** After the deletion commits: the processor forgets the cards (billing, issue 45). */
  afterAccountDeleted?(customerId: string): Promise<void>;
  /** In a password change's transaction: the trusted devices are revoked (issue 42). */
  passwordChanged?(userId: string, meta: RequestMeta, work: Work): Promise<void>;
  /** After commit: the sessions a password change or deletion ended (pub/sub to every instance). */
  sessionsRevoked?(sessionIds: string[]): Promise<void>;
}

/** The spec's mutation envelope (spec 02 §7: data, message, name, statusCode). */
const envelope = <T>(name: string, message: string, data: T) => ({
  data,
  message,
  name,
  statusCode: 200,
});

/**
 * The account page's identity operations (spec 01 §7 update password, re-authenticate; spec
 * 02 §4 email change, §7 email availability, update email, delete customer account). Every
 * one acts for the bearer ID token's session.
 */
export class AccountIdentity {
  constructor(
    private readonly store: IdentityStore,
    private readonly customers: CustomerDirectory,
    private readonly mailer: Mailer,
    private readonly limiter: IdentityLimiter,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly hooks: AccountHooks,
    private readonly tenantId: string,
  ) {}

  private limit(action: RateAction, meta: RequestMeta, key?: string): Promise<void> {
    return enforceLimit(this.limiter, action, meta.ip, key);
  }

  private async ownCustomer(user: User, customerId?: string): Promise<string> {
    const own = await this.customers.customerIdOfUser(user.id);
    if (!own || (customerId !== undefined && customerId !== own))
      throw new IdentityError('not-found');
    return own;
  }

  private codeHash(userId: string, email: string, code: string): string {
    // The code is bound to the account and the address it was sent to.
    return hashSecret(`change_email:${userId}:${email}:${code}`);
  }

  /** The sign-in methods linked to the session's login (the account page shows unlink only when linked). */
  linkedAccounts({ user }: Authenticated): { google: boolean } {
    return { google: Boolean(user.googleSubject) };
  }

  /** Email availability {email, sendOobCodeIfAvailable}: needs a password check in the last 5 min. */
  async emailAvailability(
    { user, session }: Authenticated,
    { email, sendOobCodeIfAvailable }: EmailAvailabilityInput,
    meta: RequestMeta,
  ) {
    // Every lookup counts, whatever it answers: the answer is what an enumeration wants.
    await this.limit('emailLookup', meta, user.id);
    const now = this.clock.now();
    if (now.getTime() - session.authenticatedAt.getTime() > RECENT_LOGIN_MS)
      throw new IdentityError('requires-recent-login');
    if (email === user.email)
      throw new IdentityError('invalid-input', 'The new email must differ from the current one.', {
        email: 'emailChange.emailSame',
      });
    const isAvailable = !(await this.store.findUserByEmail(this.tenantId, email));
    let isOobCodeSent = false;
    if (isAvailable && sendOobCodeIfAvailable) {
      await this.limit('emailChange', meta, user.id);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await this.store.expireCodes(user.id, 'change_email', now);
      await this.store.insertCode(
        user.id,
        'change_email',
        this.codeHash(user.id, email, code),
        new Date(now.getTime() + CODE_TTL_MS.change_email),
      );
      await this.mailer.send(emailChangeCodeMail(email, code, user.locale));
      isOobCodeSent = true;
    }
    return envelope(
      isAvailable ? 'EmailAvailable' : 'EmailUnavailable',
      isAvailable ? 'The email is available.' : 'This email is not available.',
      { isAvailable, isOobCodeSent },
    );
  }

  /**
   * Update email address {customerId, newEmail, oobCode}: the code proves the new address; the
   * login and the customer record change together, the old address gets a notice, and the
   * sessions stay (the customer is not signed out by their own change).
   */
  async updateEmail({ user }: Authenticated, input: UpdateEmailInput, meta: RequestMeta) {
    await this.limit('code', meta, user.id);
    const customerId = await this.ownCustomer(user, input.customerId);
    if (input.newEmail === user.email)
      throw new IdentityError('invalid-input', 'The new email must differ from the current one.', {
        newEmail: 'emailChange.emailSame',
      });
    const now = this.clock.now();
    const row = await this.store.findCode(
      this.codeHash(user.id, input.newEmail, input.oobCode),
      'change_email',
    );
    if (!row || row.usedAt || row.userId !== user.id) throw new IdentityError('invalid-code');
    if (row.expiresAt.getTime() <= now.getTime()) throw new IdentityError('code-expired');
    await this.uow.run({ type: 'customer', id: customerId, ...meta }, async (work) => {
      const store = this.store.in(work.tx);
      if (!(await store.spendCode(row.id, now))) throw new IdentityError('invalid-code');
      // The unique index judges a race for the address; no read before the write.
      if (!(await store.changeEmail(user.id, input.newEmail, now)))
        throw new IdentityError('email-already-in-use');
      await this.hooks.emailChanged(customerId, input.newEmail, work);
      await work.audit({ action: 'email_changed', entity: 'user', entityId: user.id });
    });
    await this.mailer.send(emailChangedNoticeMail(user.email, input.newEmail, user.locale));
    return envelope('EmailUpdated', 'Your email was updated.', { email: input.newEmail });
  }

  /** Update password from the account page: the current password, then the other sessions end. */
  async changePassword(
    { user, session }: Authenticated,
    { currentPassword, newPassword }: z.output<typeof updatePasswordSchema>,
    meta: RequestMeta,
  ): Promise<void> {
    await this.limit('signIn', meta, user.email);
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, currentPassword)))
      throw new IdentityError('invalid-credentials', 'The current password is not correct.');
    refuseCommonPassword(newPassword);
    const now = this.clock.now();
    const passwordHash = await hashPassword(newPassword);
    const ended = await this.uow.run({ type: user.role, id: user.id, ...meta }, async (work) => {
      const store = this.store.in(work.tx);
      await store.updateUser(user.id, { passwordHash }, now);
      await store.touchAuthentication(session.id, now);
      const ids = await store.revokeUserSessions(user.id, 'password-changed', now, session.id);
      await this.hooks.passwordChanged?.(user.id, meta, work);
      await work.audit({ action: 'password_changed', entity: 'user', entityId: user.id });
      return ids;
    });
    await this.hooks.sessionsRevoked?.(ended);
  }

  /**
   * Delete customer account {customerId, formId} with the password and a reason. At once: every
   * session and refresh token ends, the login is disabled and loses its email (a tombstone takes
   * it, so the address can sign up again), its password and its Google link; the customer
   * record is erased as the customers module decides (see AccountService.eraseForDeletion).
   */
  async deleteAccount({ user }: Authenticated, input: DeleteAccountInput, meta: RequestMeta) {
    await this.limit('signIn', meta, user.email);
    const customerId = await this.ownCustomer(user, input.customerId);
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.password)))
      throw new IdentityError('invalid-credentials');
    await this.hooks.beforeAccountDeleted?.(customerId, {
      type: 'customer',
      id: customerId,
      ...meta,
    });
    const now = this.clock.now();
    const ended = await this.uow.run(
      { type: 'customer', id: customerId, ...meta },
      async (work) => {
        const store = this.store.in(work.tx);
        const ids = await store.revokeUserSessions(user.id, 'account-deleted', now);
        for (const purpose of [
          'verify_email',
          'reset_password',
          'google_login',
          'change_email',
        ] as const)
          await store.expireCodes(user.id, purpose, now);
        await store.updateUser(
          user.id,
          {
            email: `deleted+${user.id}@deleted.invalid`,
            passwordHash: null,
            googleSubject: null,
            disabledAt: now,
          },
          now,
        );
        await this.hooks.accountDeleted(customerId, work);
        await work.audit({
          action: 'account_deleted',
          entity: 'customer',
          entityId: customerId,
          details: { userId: user.id, formId: input.formId, reason: input.reason },
        });
        return ids;
      },
    );
    await this.hooks.sessionsRevoked?.(ended);
    await this.hooks.afterAccountDeleted?.(customerId);
    return envelope('AccountDeleted', 'Your account was deleted.', { deleted: true });
  }
}
