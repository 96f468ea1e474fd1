import {
  DAY_MS,
  INACTIVITY_TIMEOUT_MS,
  MINUTE_MS,
  RESET_LINK_TTL_MINUTES,
  TOKEN_EXCHANGE,
  type confirmPasswordResetHttpSchema,
  type createUserHttpSchema,
  type oneTimeCodeRequestSchema,
  type reauthenticateRequestSchema,
  type refreshTokenRequestSchema,
  type resetPasswordHttpSchema,
  type sendVerificationRequestSchema,
  type signInRequestSchema,
  type staffPasswordResetConfirmSchema,
  type staffPasswordResetRequestSchema,
  type updatePasswordRequestSchema,
} from '@portal/domain';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { auditValues, type AuditEntry, type AuditLog } from '../platform/audit';
import type { Clock } from '../platform/clock';
import type { UnitOfWork, Work } from '../platform/unit-of-work';
import type { Mailer } from '../platform/mail';
import { isCommonPassword } from './common-passwords';
import { IdentityError } from './errors';
import { buildMail, buildStaffResetMail, type MailKind } from './mail-texts';
import type { IdentityLimiter, RateAction } from './rate-limits';
import { SessionCache } from './session-cache';
import { burnPasswordCheck, hashPassword, hashSecret, newSecret, verifyPassword } from './secrets';
import type { CodePurpose, IdentityStore, User } from './store';
import { TOKEN_TTL_SECONDS, TokenError, type TokenService } from './tokens';

export interface RequestMeta {
  ip: string;
  userAgent?: string | undefined;
  requestId?: string | undefined;
}

export interface TokenPair {
  idToken: string;
  refreshToken: string;
  expiresIn: number;
}

export const CODE_TTL_MS: Record<CodePurpose, number> = {
  reset_password: RESET_LINK_TTL_MINUTES * MINUTE_MS,
  verify_email: DAY_MS,
  google_login: 2 * MINUTE_MS,
  change_email: 30 * MINUTE_MS,
  staff_reset_password: RESET_LINK_TTL_MINUTES * MINUTE_MS,
};
/** A refresh token's absolute life; the idle limit below ends an unused session sooner. */
const SESSION_TTL_MS = 30 * DAY_MS;
/**
 * The server's own idle limit (spec 01 §4, HIPAA automatic logoff): a session not used (token
 * exchange or refresh) for longer than the portal's inactivity timeout cannot go on, whatever
 * the browser does.
 */
export const SESSION_IDLE_MS = INACTIVITY_TIMEOUT_MS;
/** Changing the password needs a password check (sign-in or re-authentication) this recent. */
export const RECENT_LOGIN_MS = 5 * MINUTE_MS;

/** A new password on the list of common and breached passwords is refused (ASVS 6.2.4). */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new IdentityError('password-too-common');
}

/** The user and session behind a bearer ID token. */
export type Authenticated = Awaited<ReturnType<IdentityService['authenticate']>>;

// Inputs arrive parsed by their route's schema (@portal/domain), so the service takes them typed.
type SignInInput = z.output<typeof signInRequestSchema>;
type RefreshInput = z.output<typeof refreshTokenRequestSchema>;
type CreateUserInput = z.output<typeof createUserHttpSchema>;
type ResetInput = z.output<typeof resetPasswordHttpSchema>;
type CodeInput = z.output<typeof oneTimeCodeRequestSchema>;
type ConfirmResetInput = z.output<typeof confirmPasswordResetHttpSchema>;
type SendVerificationInput = z.output<typeof sendVerificationRequestSchema>;
type ReauthenticateInput = z.output<typeof reauthenticateRequestSchema>;
type UpdatePasswordInput = z.output<typeof updatePasswordRequestSchema>;
type StaffResetInput = z.output<typeof staffPasswordResetRequestSchema>;
type StaffResetConfirmInput = z.output<typeof staffPasswordResetConfirmSchema>;

export class IdentityService {
  constructor(
    private readonly store: IdentityStore,
    private readonly tokens: TokenService,
    private readonly mailer: Mailer,
    private readonly limiter: IdentityLimiter,
    private readonly audit: AuditLog,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly options: {
      tenantId: string;
      publicUrl: string;
      /** Runs in the sign-up's unit of work once the new user has a customer record. */
      onCustomerSignedUp?: (
        customer: { customerId: string; email: string },
        work: Work,
      ) => Promise<void>;
      /** After commit: ended sessions, so every instance closes their sockets (pub/sub). */
      onSessionsRevoked?: (sessionIds: string[]) => Promise<void>;
    },
  ) {}

  /** Sessions that stood a moment ago (issue 16); ended ones are forgotten at once. */
  private readonly standing = new SessionCache(() => this.clock.now().getTime());

  private async revoked(sessionIds: string[]): Promise<void> {
    if (sessionIds.length === 0) return;
    // This instance refuses them from now on; the others once the event reaches them.
    this.standing.forget(sessionIds);
    await this.options.onSessionsRevoked?.(sessionIds);
  }

  /**
   * Ended sessions (revoked here, by the account service, or on another instance: the live
   * updates' pub/sub carries the event): the next request on them asks the database again.
   */
  forgetSessions(sessionIds: readonly string[]): void {
    this.standing.forget(sessionIds);
  }

  private idle(session: { lastUsedAt: Date }, now: Date): boolean {
    return now.getTime() - session.lastUsedAt.getTime() > SESSION_IDLE_MS;
  }

  private async limit(action: RateAction, meta: RequestMeta, email?: string): Promise<void> {
    const wait = await this.limiter.check(action, meta.ip, email);
    if (wait > 0) throw new IdentityError('too-many-requests', undefined, undefined, wait);
  }

  private checkTenant(tenantId: string): void {
    if (tenantId !== this.options.tenantId) throw new IdentityError('contact-support');
  }

  private async sendCodeMail(
    user: User,
    purpose: CodePurpose,
    kind: MailKind,
    extra = '',
  ): Promise<void> {
    const code = newSecret();
    const now = this.clock.now();
    await this.store.insertCode(
      user.id,
      purpose,
      hashSecret(code),
      new Date(now.getTime() + CODE_TTL_MS[purpose]),
    );
    const mode = purpose === 'verify_email' ? 'verifyEmail' : 'resetPassword';
    const link = `${this.options.publicUrl}/user-action?mode=${mode}&oobCode=${code}${extra}`;
    await this.mailer.send(buildMail(kind, user.locale, user.email, link));
  }

  /** Finds a live code; a used or unknown one is invalid, an old one expired. Nothing is spent. */
  private async findLiveCode(code: string, purpose: CodePurpose) {
    const row = await this.store.findCode(hashSecret(code), purpose);
    if (!row || row.usedAt) throw new IdentityError('invalid-code');
    if (row.expiresAt.getTime() <= this.clock.now().getTime())
      throw new IdentityError('code-expired');
    return row;
  }

  private async spend(code: string, purpose: CodePurpose) {
    const row = await this.findLiveCode(code, purpose);
    if (!(await this.store.spendCode(row.id, this.clock.now())))
      throw new IdentityError('invalid-code');
    const user = await this.store.findUserById(row.userId);
    if (!user) throw new IdentityError('invalid-code');
    return user;
  }

  /**
   * A new session with its first refresh token. `audit`: the event that opens it (a sign-in),
   * written by the user in the same statement as the session.
   */
  async startSession(user: User, meta: RequestMeta, audit?: AuditEntry): Promise<TokenPair> {
    const now = this.clock.now();
    const refreshToken = newSecret();
    const session = await this.store.insertSession(
      {
        userId: user.id,
        expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
        authenticatedAt: now,
        createdAt: now,
        lastUsedAt: now,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
        ip: meta.ip,
      },
      hashSecret(refreshToken),
      audit && auditValues({ type: user.role, id: user.id, ...meta }, audit),
    );
    return {
      idToken: await this.idTokenFor(user, session.id),
      refreshToken,
      expiresIn: TOKEN_TTL_SECONDS.id,
    };
  }

  private idTokenFor(user: User, sessionId: string): Promise<string> {
    return this.tokens.issue('id', {
      sub: user.id,
      sid: sessionId,
      email: user.email,
      email_verified: user.emailVerifiedAt !== null,
    });
  }

  async signIn({ email, password }: SignInInput, meta: RequestMeta): Promise<TokenPair> {
    await this.limit('signIn', meta, email);
    const user = await this.store.findUserByEmail(this.options.tenantId, email);
    if (!user?.passwordHash) {
      await burnPasswordCheck(password);
      throw new IdentityError('invalid-credentials');
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      await this.audit.record(
        { type: 'anonymous', id: null, ...meta },
        { action: 'sign_in_failed', entity: 'user', entityId: user.id },
      );
      throw new IdentityError('invalid-credentials');
    }
    // The portal signs in customers only; the care team signs in through the staff API.
    if (user.role !== 'customer') throw new IdentityError('invalid-credentials');
    if (user.disabledAt) throw new IdentityError('contact-support');
    if (!user.emailVerifiedAt) {
      // A new verification mail goes out with every such attempt, within the mail limit.
      if ((await this.limiter.check('verify', meta.ip, email)) === 0) {
        await this.sendCodeMail(user, 'verify_email', 'verifyEmail');
      }
      throw new IdentityError('email-not-verified');
    }
    return this.startSession(user, meta, {
      action: 'sign_in',
      entity: 'user',
      entityId: user.id,
    });
  }

  async refresh({ refreshToken }: RefreshInput): Promise<TokenPair> {
    const now = this.clock.now();
    const found = await this.store.findRefreshToken(hashSecret(refreshToken));
    if (!found) throw new IdentityError('invalid-token');
    const { token, session } = found;
    if (session.revokedAt || session.expiresAt.getTime() <= now.getTime())
      throw new IdentityError('session-revoked');
    if (this.idle(session, now)) {
      await this.revoked(await this.store.revokeSession(session.id, 'idle', now));
      throw new IdentityError('session-revoked');
    }
    const next = newSecret();
    const rotated = token.rotatedAt
      ? false
      : await this.store.rotateRefreshToken(token.id, session.id, hashSecret(next), now);
    if (!rotated) {
      // A rotated token presented again means it was copied: end the whole session.
      await this.revoked(await this.store.revokeSession(session.id, 'refresh-token-reuse', now));
      await this.audit.record(
        { type: 'system', id: null },
        { action: 'refresh_token_reuse', entity: 'session', entityId: session.id },
      );
      throw new IdentityError('session-revoked');
    }
    const user = await this.store.findUserById(session.userId);
    if (!user || user.disabledAt) throw new IdentityError('session-revoked');
    return {
      idToken: await this.idTokenFor(user, session.id),
      refreshToken: next,
      expiresIn: TOKEN_TTL_SECONDS.id,
    };
  }

  async signOut({ refreshToken }: RefreshInput): Promise<void> {
    const found = await this.store.findRefreshToken(hashSecret(refreshToken));
    if (found)
      await this.revoked(
        await this.store.revokeSession(found.session.id, 'sign-out', this.clock.now()),
      );
  }

  async createUser(input: CreateUserInput, meta: RequestMeta): Promise<void> {
    const { email, tenantId, firstName, lastName } = input;
    await this.limit('create', meta, email);
    this.checkTenant(tenantId);
    const user = await this.uow.run({ type: 'anonymous', id: null, ...meta }, async (work) => {
      const store = this.store.in(work.tx);
      const created = await store.insertUser({ tenantId, email, role: 'customer' });
      if (!created) return undefined;
      await store.linkCustomerByEmail(created.id, email);
      if (!(await store.customerIdForUser(created.id)) && firstName && lastName) {
        await store.insertCustomer({
          userId: created.id,
          email,
          firstName,
          lastName,
          shortId: randomBytes(5).toString('hex').toUpperCase(),
        });
      }
      const customerId = await store.customerIdForUser(created.id);
      if (customerId && this.options.onCustomerSignedUp) {
        await this.options.onCustomerSignedUp({ customerId, email }, work);
      }
      await work.audit({ action: 'create_user', entity: 'user', entityId: created.id });
      return created;
    });
    if (!user) {
      const existing = await this.store.findUserByEmail(tenantId, email);
      if (existing?.disabledAt) throw new IdentityError('contact-support');
      throw new IdentityError('email-already-in-use');
    }
    await this.sendCodeMail(user, 'reset_password', 'setPassword', '&newAccount=1');
  }

  /** Answers the same for unknown emails, so the endpoint tells nobody who has an account. */
  async requestPasswordReset({ email, tenantId }: ResetInput, meta: RequestMeta): Promise<void> {
    await this.limit('reset', meta, email);
    this.checkTenant(tenantId);
    const user = await this.store.findUserByEmail(tenantId, email);
    // The portal's reset is for customers: a care-team account gets no mail from it.
    if (!user || user.disabledAt || user.role !== 'customer') return;
    await this.sendCodeMail(user, 'reset_password', 'resetPassword');
  }

  async deleteResetLinks({ email, tenantId }: ResetInput, meta: RequestMeta): Promise<void> {
    await this.limit('reset', meta, email);
    this.checkTenant(tenantId);
    const user = await this.store.findUserByEmail(tenantId, email);
    if (user) await this.store.expireCodes(user.id, 'reset_password', this.clock.now());
  }

  async verifyResetCode({ code }: CodeInput, meta: RequestMeta): Promise<{ email: string }> {
    await this.limit('code', meta);
    const row = await this.findLiveCode(code, 'reset_password');
    const user = await this.store.findUserById(row.userId);
    if (!user) throw new IdentityError('invalid-code');
    return { email: user.email };
  }

  async confirmPasswordReset(
    { code, password }: ConfirmResetInput,
    meta: RequestMeta,
  ): Promise<{ email: string }> {
    await this.limit('code', meta);
    // Refused before the code is spent: the link still works for a better password.
    refuseCommonPassword(password);
    const user = await this.spend(code, 'reset_password');
    const now = this.clock.now();
    const passwordHash = await hashPassword(password);
    const ended = await this.uow.run({ type: user.role, id: user.id, ...meta }, async (work) => {
      const store = this.store.in(work.tx);
      // The link came by mail, so following it also proves the address.
      await store.updateUser(
        user.id,
        { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now },
        now,
      );
      await store.expireCodes(user.id, 'reset_password', now);
      const ids = await store.revokeUserSessions(user.id, 'password-reset', now);
      await work.audit({ action: 'password_reset', entity: 'user', entityId: user.id });
      return ids;
    });
    await this.revoked(ended);
    return { email: user.email };
  }

  async sendVerification({ email }: SendVerificationInput, meta: RequestMeta): Promise<void> {
    await this.limit('verify', meta, email);
    const user = await this.store.findUserByEmail(this.options.tenantId, email);
    if (!user || user.emailVerifiedAt || user.disabledAt) return;
    await this.sendCodeMail(user, 'verify_email', 'verifyEmail');
  }

  async confirmVerification({ code }: CodeInput, meta: RequestMeta): Promise<{ email: string }> {
    await this.limit('code', meta);
    const user = await this.spend(code, 'verify_email');
    const now = this.clock.now();
    await this.uow.run({ type: user.role, id: user.id, ...meta }, async (work) => {
      if (!user.emailVerifiedAt) {
        await this.store.in(work.tx).updateUser(user.id, { emailVerifiedAt: now }, now);
      }
      await work.audit({ action: 'email_verified', entity: 'user', entityId: user.id });
    });
    return { email: user.email };
  }

  /** The user and session behind a bearer ID token, or invalid-token. */
  async authenticate(idToken: string | undefined) {
    if (!idToken) throw new IdentityError('invalid-token');
    let claims;
    try {
      claims = await this.tokens.verify('id', idToken);
    } catch {
      throw new IdentityError('invalid-token');
    }
    const session = await this.store.findSession(claims.sid);
    const now = this.clock.now();
    if (!session || session.revokedAt || session.expiresAt.getTime() <= now.getTime())
      throw new IdentityError('session-revoked');
    if (this.idle(session, now)) {
      await this.revoked(await this.store.revokeSession(session.id, 'idle', now));
      throw new IdentityError('session-revoked');
    }
    const user = await this.store.findUserById(claims.sub);
    if (!user || user.disabledAt || session.userId !== user.id)
      throw new IdentityError('session-revoked');
    return { user, session };
  }

  /** A password check again for the bearer's session (authenticated before its input is read). */
  async reauthenticate(
    { user, session }: Authenticated,
    { password }: ReauthenticateInput,
    meta: RequestMeta,
  ): Promise<TokenPair> {
    await this.limit('signIn', meta, user.email);
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password)))
      throw new IdentityError('invalid-credentials');
    // A fresh session, so the caller holds a refresh token that reflects the new check; the
    // session it was called from ends (ASVS 7.2.4), its tokens and sockets with it.
    const fresh = await this.startSession(user, meta);
    await this.revoked(
      await this.store.revokeSession(session.id, 'reauthenticated', this.clock.now()),
    );
    return fresh;
  }

  async updatePassword(
    { user, session }: Authenticated,
    { newPassword }: UpdatePasswordInput,
    meta: RequestMeta,
  ): Promise<void> {
    const now = this.clock.now();
    if (now.getTime() - session.authenticatedAt.getTime() > RECENT_LOGIN_MS)
      throw new IdentityError('requires-recent-login');
    refuseCommonPassword(newPassword);
    const passwordHash = await hashPassword(newPassword);
    const ended = await this.uow.run({ type: user.role, id: user.id, ...meta }, async (work) => {
      const store = this.store.in(work.tx);
      await store.updateUser(user.id, { passwordHash }, now);
      const ids = await store.revokeUserSessions(user.id, 'password-changed', now, session.id);
      await work.audit({ action: 'password_changed', entity: 'user', entityId: user.id });
      return ids;
    });
    await this.revoked(ended);
  }

  // The care team's accounts (staff API): their own limits, session and reset mail.

  /** Counts a staff sign-in attempt (its own limits); too-many-requests when over them. */
  limitStaffSignIn(email: string, meta: RequestMeta): Promise<void> {
    return this.limit('staffSignIn', meta, email);
  }

  /**
   * A staff session for a staff access token (no refresh token: it ends with the token's hour).
   * The token carries its id, so a password reset ends the session and the token at once.
   */
  async startStaffSession(userId: string, meta: RequestMeta): Promise<string> {
    const now = this.clock.now();
    const session = await this.store.insertSession({
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

  /**
   * Mails a staff account a reset code (its own text, no portal link). Answers the same for
   * unknown emails and for customers' emails, who reset through the portal.
   */
  async requestStaffPasswordReset({ email }: StaffResetInput, meta: RequestMeta): Promise<void> {
    await this.limit('staffReset', meta, email);
    const user = await this.store.findUserByEmail(this.options.tenantId, email);
    if (!user || user.disabledAt || user.role !== 'staff') return;
    const code = newSecret();
    const now = this.clock.now();
    await this.store.insertCode(
      user.id,
      'staff_reset_password',
      hashSecret(code),
      new Date(now.getTime() + CODE_TTL_MS.staff_reset_password),
    );
    await this.mailer.send(buildStaffResetMail(user.locale, user.email, code));
    await this.audit.record(
      { type: 'anonymous', id: null, ...meta },
      { action: 'staff_password_reset_requested', entity: 'user', entityId: user.id },
    );
  }

  /** Sets a staff password with a staff reset code; every staff session of the account ends. */
  async confirmStaffPasswordReset(
    { code, password }: StaffResetConfirmInput,
    meta: RequestMeta,
  ): Promise<void> {
    await this.limit('staffReset', meta);
    refuseCommonPassword(password);
    const user = await this.spend(code, 'staff_reset_password');
    if (user.role !== 'staff' || user.disabledAt) throw new IdentityError('invalid-code');
    const now = this.clock.now();
    const passwordHash = await hashPassword(password);
    const ended = await this.uow.run({ type: 'staff', id: user.id, ...meta }, async (work) => {
      const store = this.store.in(work.tx);
      await store.updateUser(user.id, { passwordHash }, now);
      await store.expireCodes(user.id, 'staff_reset_password', now);
      const ids = await store.revokeUserSessions(user.id, 'password-reset', now);
      await work.audit({ action: 'staff_password_reset', entity: 'user', entityId: user.id });
      return ids;
    });
    await this.revoked(ended);
  }

  /**
   * Whether an access token's session still stands (checked on every request and socket): a
   * signed-out, reset, changed-password, re-authenticated or deleted session ends at once.
   */
  sessionStands(userId: string, sessionId: string): Promise<boolean> {
    return this.standing.stands(userId, sessionId, () =>
      this.store.standingSessionExpiry(userId, sessionId, this.clock.now()),
    );
  }

  /** RFC 8693: an ID token in, a short-lived access token for the data API out. */
  async exchangeToken(subjectToken: string): Promise<{ accessToken: string; expiresIn: number }> {
    let user: User;
    let sessionId: string;
    try {
      const found = await this.authenticate(subjectToken);
      user = found.user;
      sessionId = found.session.id;
    } catch (error) {
      if (error instanceof IdentityError || error instanceof TokenError)
        throw new IdentityError('invalid-token');
      throw error;
    }
    if (!user.emailVerifiedAt || user.role !== 'customer') throw new IdentityError('invalid-token');
    const customerId = await this.store.customerIdForUser(user.id);
    // A use of the session: the idle limit counts from the last one.
    await this.store.touchSession(sessionId, this.clock.now());
    const accessToken = await this.tokens.issue('access', {
      sub: user.id,
      sid: sessionId,
      role: 'customer',
      customer_id: customerId,
      scope: TOKEN_EXCHANGE.scope,
    });
    return { accessToken, expiresIn: TOKEN_TTL_SECONDS.access };
  }
}
