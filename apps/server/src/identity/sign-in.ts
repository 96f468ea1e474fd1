import {
  MINUTE_MS,
  type SecondFactorAnswerInput,
  type SecondFactorRequired,
  type reauthenticateRequestSchema,
  type signInRequestSchema,
  type updatePasswordRequestSchema,
} from '@portal/domain';
import type { z } from 'zod';
import type { AuditLog } from '../platform/audit';
import type { Clock } from '../platform/clock';
import type { UnitOfWork } from '../platform/unit-of-work';
import type { OneTimeCodes } from './codes';
import { refuseCommonPassword } from './common-passwords';
import { IdentityError } from './errors';
import type { PatientSecondFactor } from './patient-second-factor';
import { enforceLimit, type IdentityLimiter } from './rate-limits';
import { burnPasswordCheck, hashPassword, verifyPassword } from './secrets';
import type { Authenticated, RequestMeta, SessionService, TokenPair } from './sessions';
import type { IdentityStore } from './store';
import type { TrustedDevices } from './trusted-devices';

/** Changing the password needs a password check (sign-in or re-authentication) this recent. */
export const RECENT_LOGIN_MS = 5 * MINUTE_MS;

// Inputs arrive parsed by their route's schema (@portal/domain), so the service takes them typed.
type SignInInput = z.output<typeof signInRequestSchema>;
type ReauthenticateInput = z.output<typeof reauthenticateRequestSchema>;
type UpdatePasswordInput = z.output<typeof updatePasswordRequestSchema>;

export interface PasswordSignInDeps {
  store: IdentityStore;
  sessions: SessionService;
  codes: OneTimeCodes;
  limiter: IdentityLimiter;
  audit: AuditLog;
  uow: UnitOfWork;
  clock: Clock;
  tenantId: string;
  secondFactor: PatientSecondFactor;
  trustedDevices: TrustedDevices;
}

/** The portal's password checks: sign-in, re-authentication, and a change of password. */
export class PasswordSignIn {
  constructor(private readonly deps: PasswordSignInDeps) {}

  /**
   * The password check; with a second factor enrolled (issue 42) the answer is a challenge for
   * completeSecondFactor instead of tokens, whichever way the password was last set (a reset
   * included: ASVS 6.4.3). A trusted-device cookie of this account, live and from the same
   * browser family, stands in for the second factor.
   */
  async signIn(
    { email, password }: SignInInput,
    meta: RequestMeta,
    trustedDeviceCookie?: string,
  ): Promise<TokenPair | SecondFactorRequired> {
    const { store, limiter } = this.deps;
    await enforceLimit(limiter, 'signIn', meta.ip, email);
    const user = await store.findUserByEmail(this.deps.tenantId, email);
    if (!user?.passwordHash) {
      await burnPasswordCheck(password);
      throw new IdentityError('invalid-credentials');
    }
    if (!(await verifyPassword(user.passwordHash, password))) {
      await this.deps.audit.record(
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
      if ((await limiter.check('verify', meta.ip, email)) === 0) {
        await this.deps.codes.mailLink(user, 'verify_email', 'verifyEmail');
      }
      throw new IdentityError('email-not-verified');
    }
    if (await this.deps.secondFactor.required(user.id)) {
      if (await this.deps.trustedDevices.passes(user.id, trustedDeviceCookie, meta))
        return this.deps.sessions.startSession(user, meta, {
          action: 'sign_in',
          entity: 'user',
          entityId: user.id,
          details: { secondFactor: 'trusted_device' },
        });
      return {
        secondFactor: 'required',
        challenge: await this.deps.secondFactor.challenge(user.id),
        methods: ['totp', 'recovery'],
      };
    }
    return this.deps.sessions.startSession(user, meta, {
      action: 'sign_in',
      entity: 'user',
      entityId: user.id,
    });
  }

  /**
   * The second step of a password sign-in: the session opens with the same audit row. With
   * `trustDevice`, the device is trusted for 30 days: `trustedDevice` is the cookie to set.
   */
  async completeSecondFactor(
    input: SecondFactorAnswerInput,
    meta: RequestMeta,
  ): Promise<{
    pair: TokenPair & { recoveryCodesLeft?: number };
    trustedDevice?: { value: string; expiresAt: Date };
  }> {
    const passed = await this.deps.secondFactor.answer(input, meta);
    const pair = await this.deps.sessions.startSession(passed.user, meta, {
      action: 'sign_in',
      entity: 'user',
      entityId: passed.user.id,
      details: { secondFactor: passed.usedRecoveryCode ? 'recovery_code' : 'totp' },
    });
    const answer =
      passed.recoveryCodesLeft === undefined
        ? pair
        : { ...pair, recoveryCodesLeft: passed.recoveryCodesLeft };
    if (!input.trustDevice) return { pair: answer };
    return { pair: answer, trustedDevice: await this.deps.trustedDevices.trust(passed.user, meta) };
  }

  /** A password check again for the bearer's session (authenticated before its input is read). */
  async reauthenticate(
    { user, session }: Authenticated,
    { password }: ReauthenticateInput,
    meta: RequestMeta,
  ): Promise<TokenPair> {
    await enforceLimit(this.deps.limiter, 'signIn', meta.ip, user.email);
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password)))
      throw new IdentityError('invalid-credentials');
    // A fresh session, so the caller holds a refresh token that reflects the new check; the
    // session it was called from ends (ASVS 7.2.4), its tokens and sockets with it.
    const fresh = await this.deps.sessions.startSession(user, meta);
    await this.deps.sessions.end(session.id, 'reauthenticated');
    return fresh;
  }

  async updatePassword(
    { user, session }: Authenticated,
    { newPassword }: UpdatePasswordInput,
    meta: RequestMeta,
  ): Promise<void> {
    const now = this.deps.clock.now();
    if (now.getTime() - session.authenticatedAt.getTime() > RECENT_LOGIN_MS)
      throw new IdentityError('requires-recent-login');
    refuseCommonPassword(newPassword);
    const passwordHash = await hashPassword(newPassword);
    const actor = { type: user.role, id: user.id, ...meta };
    const ended = await this.deps.uow.run(actor, async (work) => {
      const store = this.deps.store.in(work.tx);
      await store.updateUser(user.id, { passwordHash }, now);
      const ids = await store.revokeUserSessions(user.id, 'password-changed', now, session.id);
      await this.deps.trustedDevices.revokeAll(user.id, 'password-changed', meta, work.tx);
      await work.audit({ action: 'password_changed', entity: 'user', entityId: user.id });
      return ids;
    });
    await this.deps.sessions.ended(ended);
  }
}
