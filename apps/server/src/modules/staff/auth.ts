import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { bearerToken } from '../../graphql/context';
import type { IdentityStore } from '../../identity/store';
import { burnPasswordCheck, verifyPassword } from '../../identity/secrets';
import type { AuditActor } from '../../platform/audit';
import type { StaffTokens } from './tokens';

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Who is calling the staff API, from the Authorization bearer: a staff access token (from
 * POST /staff/token) whose user is still an enabled staff account, or, when STAFF_API_KEY is
 * set, that key (automation: scripts, benchmarks). Anything else, a customer's access token
 * included, is no one.
 */
export class StaffAuth {
  private readonly apiKeyDigest: Buffer | null;

  constructor(
    private readonly identity: IdentityStore,
    private readonly tokens: StaffTokens,
    private readonly tenantId: string,
    apiKey: string | undefined,
  ) {
    this.apiKeyDigest = apiKey ? digest(apiKey) : null;
  }

  /** Email and password of a staff account; null for wrong ones and for non-staff users. */
  async signIn(email: string, password: string): Promise<{ userId: string } | null> {
    const user = await this.identity.findUserByEmail(this.tenantId, email);
    if (!user?.passwordHash) {
      await burnPasswordCheck(password);
      return null;
    }
    // The password is checked first for every account, so the answer's timing does not tell
    // a customer's email from a staff member's.
    const passwordOk = await verifyPassword(user.passwordHash, password);
    if (!passwordOk || user.role !== 'staff' || user.disabledAt) return null;
    return { userId: user.id };
  }

  async actorFor(request: FastifyRequest): Promise<AuditActor | null> {
    const token = bearerToken(request.headers.authorization);
    if (!token) return null;
    const meta = { ip: request.ip, requestId: request.id };
    if (this.apiKeyDigest && timingSafeEqual(digest(token), this.apiKeyDigest)) {
      return { type: 'staff', id: 'api-key', ...meta };
    }
    const userId = await this.tokens.verify(token);
    if (!userId) return null;
    // A disabled account or one that lost the staff role stops working at once.
    const user = await this.identity.findUserById(userId);
    if (!user || user.role !== 'staff' || user.disabledAt) return null;
    return { type: 'staff', id: user.id, ...meta };
  }
}
