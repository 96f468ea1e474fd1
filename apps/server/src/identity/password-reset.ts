import type {
  confirmPasswordResetHttpSchema,
  oneTimeCodeRequestSchema,
  resetPasswordHttpSchema,
} from '@portal/domain';
import type { z } from 'zod';
import type { Clock } from '../platform/clock';
import type { UnitOfWork } from '../platform/unit-of-work';
import type { OneTimeCodes } from './codes';
import { refuseCommonPassword } from './common-passwords';
import { IdentityError } from './errors';
import { enforceLimit, type IdentityLimiter } from './rate-limits';
import { hashPassword } from './secrets';
import type { RequestMeta, SessionService } from './sessions';
import type { IdentityStore } from './store';
import type { TrustedDevices } from './trusted-devices';

type ResetInput = z.output<typeof resetPasswordHttpSchema>;
type CodeInput = z.output<typeof oneTimeCodeRequestSchema>;
type ConfirmResetInput = z.output<typeof confirmPasswordResetHttpSchema>;

export interface PasswordResetDeps {
  store: IdentityStore;
  sessions: SessionService;
  codes: OneTimeCodes;
  limiter: IdentityLimiter;
  uow: UnitOfWork;
  clock: Clock;
  tenantId: string;
  trustedDevices: TrustedDevices;
}

/** The portal's password reset by mailed link (the care team's is StaffAccounts'). */
export class PasswordResets {
  constructor(private readonly deps: PasswordResetDeps) {}

  private async limited(
    action: 'reset' | 'resetLinks' | 'code',
    meta: RequestMeta,
    email?: string,
  ) {
    await enforceLimit(this.deps.limiter, action, meta.ip, email);
  }

  private checkTenant(tenantId: string): void {
    if (tenantId !== this.deps.tenantId) throw new IdentityError('contact-support');
  }

  /** Answers the same for unknown emails, so the endpoint tells nobody who has an account. */
  async requestPasswordReset({ email, tenantId }: ResetInput, meta: RequestMeta): Promise<void> {
    await this.limited('reset', meta, email);
    this.checkTenant(tenantId);
    const user = await this.deps.store.findUserByEmail(tenantId, email);
    // The portal's reset is for customers: a care-team account gets no mail from it.
    if (!user || user.disabledAt || user.role !== 'customer') return;
    await this.deps.codes.mailLink(user, 'reset_password', 'resetPassword');
  }

  async deleteResetLinks({ email, tenantId }: ResetInput, meta: RequestMeta): Promise<void> {
    await this.limited('resetLinks', meta, email);
    this.checkTenant(tenantId);
    const { store, clock } = this.deps;
    const user = await store.findUserByEmail(tenantId, email);
    if (user) await store.expireCodes(user.id, 'reset_password', clock.now());
  }

  async verifyResetCode({ code }: CodeInput, meta: RequestMeta): Promise<{ email: string }> {
    await this.limited('code', meta);
    const row = await this.deps.codes.findLive(code, 'reset_password');
    const user = await this.deps.store.findUserById(row.userId);
    if (!user) throw new IdentityError('invalid-code');
    return { email: user.email };
  }

  async confirmPasswordReset(
    { code, password }: ConfirmResetInput,
    meta: RequestMeta,
  ): Promise<{ email: string }> {
    await this.limited('code', meta);
    // Refused before the code is spent: the link still works for a better password.
    refuseCommonPassword(password);
    const user = await this.deps.codes.spend(code, 'reset_password');
    const now = this.deps.clock.now();
    const passwordHash = await hashPassword(password);
    const actor = { type: user.role, id: user.id, ...meta };
    const ended = await this.deps.uow.run(actor, async (work) => {
      const store = this.deps.store.in(work.tx);
      // The link came by mail, so following it also proves the address.
      await store.updateUser(
        user.id,
        { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now },
        now,
      );
      await store.expireCodes(user.id, 'reset_password', now);
      const ids = await store.revokeUserSessions(user.id, 'password-reset', now);
      // No device stays trusted past a reset (ASVS): the second factor is asked everywhere.
      await this.deps.trustedDevices.revokeAll(user.id, 'password-reset', meta, work.tx);
      await work.audit({ action: 'password_reset', entity: 'user', entityId: user.id });
      return ids;
    });
    await this.deps.sessions.ended(ended);
    return { email: user.email };
  }
}
