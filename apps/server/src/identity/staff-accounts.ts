import type {
  staffPasswordResetConfirmSchema,
  staffPasswordResetRequestSchema,
} from '@portal/domain';
import type { z } from 'zod';
import type { AuditLog } from '../platform/audit';
import type { Clock } from '../platform/clock';
import type { Mailer } from '../platform/mail';
import type { UnitOfWork } from '../platform/unit-of-work';
import type { OneTimeCodes } from './codes';
import { refuseCommonPassword } from './common-passwords';
import { IdentityError } from './errors';
import { buildStaffResetMail } from './mail-texts';
import { enforceLimit, type IdentityLimiter } from './rate-limits';
import { hashPassword } from './secrets';
import type { RequestMeta, SessionService } from './sessions';
import type { IdentityStore } from './store';
import { TOKEN_TTL_SECONDS } from './tokens';

type StaffResetInput = z.output<typeof staffPasswordResetRequestSchema>;
type StaffResetConfirmInput = z.output<typeof staffPasswordResetConfirmSchema>;

export interface StaffAccountsDeps {
  store: IdentityStore;
  sessions: SessionService;
  codes: OneTimeCodes;
  mailer: Mailer;
  limiter: IdentityLimiter;
  audit: AuditLog;
  uow: UnitOfWork;
  clock: Clock;
  tenantId: string;
}

/**
 * The care team's accounts (the staff API's StaffIdentity): their own limits, session and reset
 * mail, apart from the portal's.
 */
export class StaffAccounts {
  constructor(private readonly deps: StaffAccountsDeps) {}

  /** Counts a staff sign-in attempt (its own limits); too-many-requests when over them. */
  limitStaffSignIn(email: string, meta: RequestMeta): Promise<void> {
    return enforceLimit(this.deps.limiter, 'staffSignIn', meta.ip, email);
  }

  /**
   * A staff session for a staff access token (no refresh token: it ends with the token's hour).
   * The token carries its id, so a password reset ends the session and the token at once.
   */
  async startStaffSession(userId: string, meta: RequestMeta): Promise<string> {
    const now = this.deps.clock.now();
    const session = await this.deps.store.insertSession({
      userId,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_SECONDS.staff * 1000),
      authenticatedAt: now,
      createdAt: now,
      lastUsedAt: now,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip,
    });
    return session.id;
  }

  /** Whether a staff token's session still stands (as a customer's: SessionService's). */
  sessionStands(userId: string, sessionId: string): Promise<boolean> {
    return this.deps.sessions.sessionStands(userId, sessionId);
  }

  /** POST /staff/sign-out: the session ends, and its token is refused from the next request. */
  endStaffSession(sessionId: string): Promise<void> {
    return this.deps.sessions.end(sessionId, 'sign-out');
  }

  /**
   * Mails a staff account a reset code (its own text, no portal link). Answers the same for
   * unknown emails and for customers' emails, who reset through the portal.
   */
  async requestStaffPasswordReset({ email }: StaffResetInput, meta: RequestMeta): Promise<void> {
    await enforceLimit(this.deps.limiter, 'staffReset', meta.ip, email);
    const user = await this.deps.store.findUserByEmail(this.deps.tenantId, email);
    if (!user || user.disabledAt || user.role !== 'staff') return;
    const code = await this.deps.codes.issue(user.id, 'staff_reset_password');
    await this.deps.mailer.send(buildStaffResetMail(user.locale, user.email, code));
    await this.deps.audit.record(
      { type: 'anonymous', id: null, ...meta },
      { action: 'staff_password_reset_requested', entity: 'user', entityId: user.id },
    );
  }

  /** Sets a staff password with a staff reset code; every staff session of the account ends. */
  async confirmStaffPasswordReset(
    { code, password }: StaffResetConfirmInput,
    meta: RequestMeta,
  ): Promise<void> {
    await enforceLimit(this.deps.limiter, 'staffReset', meta.ip);
    refuseCommonPassword(password);
    const user = await this.deps.codes.spend(code, 'staff_reset_password');
    if (user.role !== 'staff' || user.disabledAt) throw new IdentityError('invalid-code');
    const now = this.deps.clock.now();
    const passwordHash = await hashPassword(password);
    const actor = { type: 'staff' as const, id: user.id, ...meta };
    const ended = await this.deps.uow.run(actor, async (work) => {
      const store = this.deps.store.in(work.tx);
      await store.updateUser(user.id, { passwordHash }, now);
      await store.expireCodes(user.id, 'staff_reset_password', now);
      const ids = await store.revokeUserSessions(user.id, 'password-reset', now);
      await work.audit({ action: 'staff_password_reset', entity: 'user', entityId: user.id });
      return ids;
    });
    await this.deps.sessions.ended(ended);
  }
}
