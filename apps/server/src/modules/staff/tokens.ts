import { jwtVerify, SignJWT } from 'jose';
import { SIGNING_ALG, type SigningKeys } from '../../identity/keys';
import type { Clock } from '../../platform/clock';

/**
 * Staff access tokens: the server's ES256 key, but their own audience. A customer access
 * token (audience graphql, role customer) never verifies here, and a staff token never
 * verifies at /graphql, so neither can stand in for the other.
 */
export const STAFF_TOKEN_AUDIENCE = 'staff-api';
export const STAFF_TOKEN_TTL_SECONDS = 60 * 60;

export class StaffTokens {
  constructor(
    private readonly keys: SigningKeys,
    private readonly issuer: string,
    private readonly clock: Clock,
  ) {}

  issue(userId: string): Promise<string> {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ role: 'staff', scope: 'staff' })
      .setProtectedHeader({ alg: SIGNING_ALG, kid: this.keys.kid, typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience(STAFF_TOKEN_AUDIENCE)
      .setSubject(userId)
      .setIssuedAt(iat)
      .setExpirationTime(iat + STAFF_TOKEN_TTL_SECONDS)
      .setJti(crypto.randomUUID())
      .sign(this.keys.privateKey);
  }

  /** The staff user id the token names, or null when it is not a valid staff token. */
  async verify(token: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, this.keys.publicKey, {
        issuer: this.issuer,
        audience: STAFF_TOKEN_AUDIENCE,
        algorithms: [SIGNING_ALG],
        currentDate: this.clock.now(),
      });
      if (payload.role !== 'staff' || payload.scope !== 'staff') return null;
      return typeof payload.sub === 'string' ? payload.sub : null;
    } catch {
      return null;
    }
  }
}
