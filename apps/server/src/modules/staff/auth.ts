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

export interface StaffAuthDeps {
  users: StaffUserLookup;
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

  /**
   * Email and password of a staff account: a staff token, or null for wrong credentials and
   * for non-staff users. Both outcomes are audited.
   */
  async signIn(
    email: string,
    password: string,
    meta: { ip: string; requestId: string },
  ): Promise<{ accessToken: string; expiresIn: number } | null> {
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
    if (!user || !ok) {
      await this.deps.audit.record(
        { type: 'anonymous', id: null, ...meta },
        { action: 'staff_sign_in_failed', entity: 'user' },
      );
      return null;
    }
    await this.deps.audit.record(
      { type: 'staff', id: user.id, ...meta },
      { action: 'staff_sign_in', entity: 'user', entityId: user.id },
    );
    const accessToken = await this.deps.tokens.issue('staff', {
      sub: user.id,
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
    let userId: string;
    try {
      userId = (await this.deps.tokens.verify('staff', token)).sub;
    } catch {
      return null;
    }
    // A disabled account or one that lost the staff role stops working at once.
    const user = await this.deps.users.findUserById(userId);
    if (!user || user.role !== 'staff' || user.disabledAt) return null;
    return { type: 'staff', id: user.id, ...meta };
  }
}
