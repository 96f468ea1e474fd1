import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { User } from '../../identity/store';
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
  tenantId: string;
  apiKey: string | undefined;
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

  /** The identity service's staff part (the reset routes use it). */
  get identity(): StaffIdentity {
    return this.deps.identity;
  }

  /**
   * Email and password of a staff account: a staff token, or null for wrong credentials and
   * for non-staff users. Both outcomes are audited. Attempts count against the staff sign-in
   * limits (too-many-requests past them), apart from customers' sign-ins.
   */
  async signIn(
    email: string,
    password: string,
    meta: StaffRequestMeta,
  ): Promise<{ accessToken: string; expiresIn: number } | null> {
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
      { action: 'staff_sign_in', entity: 'user', entityId: user.id },
    );
    const sid = await this.deps.identity.startStaffSession(user.id, meta);
    const accessToken = await this.deps.tokens.issue('staff', {
      sub: user.id,
      sid,
      role: 'staff',
      scope: 'staff',
    });
    return { accessToken, expiresIn: TOKEN_TTL_SECONDS.staff };
  }

  async actorFor(request: FastifyRequest): Promise<AuditActor | null> {
    const token = bearerToken(request.headers.authorization);
    if (!token) return null;
    const meta = { ip: request.ip, requestId: request.id };
    if (this.apiKeyDigest && timingSafeEqual(digest(token), this.apiKeyDigest)) {
      return { type: 'staff', id: 'api-key', ...meta };
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
    return { type: 'staff', id: user.id, ...meta };
  }
}
