import { createHash, timingSafeEqual } from 'node:crypto';
import type { StaffRole } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import type { User } from '../../identity/store';
import {
  SecondFactorError,
  type ChallengeStart,
  type StaffSecondFactor,
} from '../../identity/staff-second-factor';
import { burnPasswordCheck, verifyPassword } from '../../identity/secrets';
import { TOKEN_TTL_SECONDS, type TokenService } from '../../identity/tokens';
import type { AuditActor, AuditLog } from '../../platform/audit';
import { bearerToken } from '../../platform/bearer';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** The identity lookups the staff check needs (the identity store answers them). */
export interface StaffUserLookup {
  findUserByEmail(tenantId: string, email: string): Promise<User | undefined>;
  findUserById(id: string): Promise<User | undefined>;
}

/** The identity service's part for the care team: limits, sessions and the reset mail. */
export interface StaffIdentity {
  limitStaffSignIn(email: string, meta: StaffRequestMeta): Promise<void>;
  startStaffSession(userId: string, meta: StaffRequestMeta): Promise<string>;
  sessionStands(userId: string, sessionId: string): Promise<boolean>;
  endStaffSession(sessionId: string): Promise<void>;
  requestStaffPasswordReset(input: { email: string }, meta: StaffRequestMeta): Promise<void>;
  confirmStaffPasswordReset(
    input: { code: string; password: string },
    meta: StaffRequestMeta,
  ): Promise<void>;
}

export interface StaffRequestMeta {
  ip: string;
  requestId: string;
  userAgent?: string | undefined;
}

export interface StaffAuthDeps {
  users: StaffUserLookup;
  identity: StaffIdentity;
  tokens: TokenService;
  audit: AuditLog;
  secondFactor: StaffSecondFactor;
  tenantId: string;
  apiKey: string | undefined;
}

/**
 * A staff caller: the audit actor, with the role the admin-only routes check and, for a
 * signed-in member, the session sign-out ends. STAFF_API_KEY is an admin without a session.
 */
export interface StaffActor extends AuditActor {
  type: 'staff';
  id: string;
  role: StaffRole;
  sessionId: string | null;
}

/** A staff access token, after the second factor. */
export interface StaffSignedIn {
  accessToken: string;
  expiresIn: number;
  role: StaffRole;
  recoveryCodes?: string[];
  recoveryCodesLeft?: number;
}

/**
 * Who is calling the staff API, from the Authorization bearer: a staff access token (the
 * token service's `staff` audience, from POST /staff/token) whose user is still an enabled
 * staff account, or, when STAFF_API_KEY is set, that key (automation: scripts, benchmarks).
 * Anything else, a customer's access token included, is no one.
 */
export class StaffAuth {
  private readonly apiKeyDigest: Buffer | null;

  constructor(private readonly deps: StaffAuthDeps) {
    this.apiKeyDigest = deps.apiKey ? digest(deps.apiKey) : null;
  }

  /** The second factor (the demo seed enrols the demo accounts' published secrets with it). */
  get secondFactor(): StaffSecondFactor {
    return this.deps.secondFactor;
  }

  /** The identity service's staff part (the reset routes use it). */
  get identity(): StaffIdentity {
    return this.deps.identity;
  }

  /**
   * Email and password of a staff account: a second-factor challenge (enrol an app, or verify
   * with the one enrolled), or null for wrong credentials and for non-staff users. Both outcomes
   * are audited. Attempts count against the staff sign-in limits (too-many-requests past them),
   * apart from customers' sign-ins. No token is issued before the second factor.
   */
  async signIn(
    email: string,
    password: string,
    meta: StaffRequestMeta,
  ): Promise<ChallengeStart | null> {
    await this.deps.identity.limitStaffSignIn(email, meta);
    const user = await this.deps.users.findUserByEmail(this.deps.tenantId, email);
    let ok = false;
    if (user?.passwordHash) {
      // The password is checked first for every account, so the answer's timing does not
      // tell a customer's email from a staff member's.
      ok = (await verifyPassword(user.passwordHash, password)) && user.role === 'staff';
      ok &&= !user.disabledAt;
    } else {
      await burnPasswordCheck(password);
    }
    const audited = { ip: meta.ip, requestId: meta.requestId };
    if (!user || !ok) {
      await this.deps.audit.record(
        { type: 'anonymous', id: null, ...meta },
        { action: 'staff_sign_in_failed', entity: 'user' },
      );
      return null;
    }
    await this.deps.audit.record(
      { type: 'staff', id: user.id, ...audited },
      { action: 'staff_password_checked', entity: 'user', entityId: user.id },
    );
    return this.deps.secondFactor.start(user.id, user.email);
  }

  /**
   * The second step of a sign-in (POST /staff/token/enroll and /verify). A wrong code counts
   * against the staff sign-in limits of the account's email, as a password attempt does; a
   * refused code is audited and thrown as SecondFactorError. The secret and codes never reach
   * the audit log: only what kind of factor was used.
   */
  async completeSignIn(
    challenge: string,
    answer: { code: string } | { recoveryCode: string },
    mode: 'enroll' | 'verify',
    meta: StaffRequestMeta,
  ): Promise<StaffSignedIn> {
    const userId = await this.deps.secondFactor.challengeUser(challenge);
    const user = await this.deps.users.findUserById(userId);
    if (!user || user.role !== 'staff' || user.disabledAt) {
      throw new SecondFactorError('challenge-expired');
    }
    const audited = { ip: meta.ip, requestId: meta.requestId };
    let passed;
    try {
      passed =
        mode === 'enroll' && 'code' in answer
          ? await this.deps.secondFactor.enroll(challenge, answer.code)
          : await this.deps.secondFactor.verify(challenge, answer);
    } catch (error) {
      if (error instanceof SecondFactorError) {
        // A wrong code counts against the account's staff sign-in limits, as a wrong password
        // does (too-many-requests past them); right codes do not, so a sign-in costs one.
        if (error.code === 'invalid-code') {
          await this.deps.identity.limitStaffSignIn(user.email, meta);
        }
        await this.deps.audit.record(
          { type: 'anonymous', id: null, ...audited },
          {
            action: 'staff_second_factor_failed',
            entity: 'user',
            entityId: user.id,
            details: { reason: error.code },
          },
        );
      }
      throw error;
    }
    await this.deps.audit.record(
      { type: 'staff', id: user.id, ...audited },
      {
        action: mode === 'enroll' ? 'staff_second_factor_enrolled' : 'staff_sign_in',
        entity: 'user',
        entityId: user.id,
        details: { factor: passed.usedRecoveryCode ? 'recovery-code' : 'totp' },
      },
    );
    const sid = await this.deps.identity.startStaffSession(user.id, meta);
    const accessToken = await this.deps.tokens.issue('staff', {
      sub: user.id,
      sid,
      role: 'staff',
      scope: 'staff',
      staff_role: passed.role,
    });
    return {
      accessToken,
      expiresIn: TOKEN_TTL_SECONDS.staff,
      role: passed.role,
      ...(passed.recoveryCodes ? { recoveryCodes: passed.recoveryCodes } : {}),
      ...(passed.recoveryCodesLeft !== undefined
        ? { recoveryCodesLeft: passed.recoveryCodesLeft }
        : {}),
    };
  }

  /** POST /staff/sign-out: ends the member's session, and every token of it with it. */
  async signOut(actor: StaffActor): Promise<void> {
    if (!actor.sessionId) return;
    await this.deps.identity.endStaffSession(actor.sessionId);
    await this.deps.audit.record(
      { type: 'staff', id: actor.id, ip: actor.ip, requestId: actor.requestId },
      { action: 'staff_sign_out', entity: 'user', entityId: actor.id },
    );
  }

  /** POST /staff/recovery-codes: a new set of ten replaces the old (audited, codes never). */
  async replaceRecoveryCodes(actor: StaffActor): Promise<string[]> {
    const codes = await this.deps.secondFactor.replaceRecoveryCodes(actor.id);
    await this.deps.audit.record(
      { type: 'staff', id: actor.id, ip: actor.ip, requestId: actor.requestId },
      { action: 'staff_recovery_codes_replaced', entity: 'user', entityId: actor.id },
    );
    return codes;
  }

  /** GET /staff/me: the signed-in member; null for the API key, which is no one's account. */
  async profile(actor: StaffActor) {
    // The API key's actor id is no user id (and no uuid): it has no profile.
    if (!actor.sessionId) return null;
    const user = await this.deps.users.findUserById(actor.id);
    if (!user) return null;
    const member = await this.deps.secondFactor.member(user.id);
    return {
      id: user.id,
      email: user.email,
      firstName: member.firstName,
      lastName: member.lastName,
      role: actor.role,
    };
  }

  async actorFor(request: FastifyRequest): Promise<StaffActor | null> {
    const token = bearerToken(request.headers.authorization);
    if (!token) return null;
    const meta = { ip: request.ip, requestId: request.id };
    if (this.apiKeyDigest && timingSafeEqual(digest(token), this.apiKeyDigest)) {
      return { type: 'staff', id: 'api-key', role: 'admin', sessionId: null, ...meta };
    }
    let claims: { sub: string; sid: string };
    try {
      claims = await this.deps.tokens.verify('staff', token);
    } catch {
      return null;
    }
    // A disabled account or one that lost the staff role stops working at once, and so does a
    // token whose session a password reset ended.
    const user = await this.deps.users.findUserById(claims.sub);
    if (!user || user.role !== 'staff' || user.disabledAt) return null;
    if (!(await this.deps.identity.sessionStands(user.id, claims.sid))) return null;
    // The role is read again rather than taken from the token, so a demotion takes effect at
    // once, as a disabled account does.
    const role = await this.deps.secondFactor.roleOf(user.id);
    return { type: 'staff', id: user.id, role, sessionId: claims.sid, ...meta };
  }
}
