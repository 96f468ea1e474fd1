import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Clock } from '../platform/clock';
import { SIGNING_ALG, type SigningKeys } from './keys';

export const ID_TOKEN_TTL_SECONDS = 60 * 60;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const ID_TOKEN_AUDIENCE = 'customer-portal';
export const ACCESS_TOKEN_AUDIENCE = 'graphql';

export interface IdTokenClaims {
  sub: string;
  sid: string;
  email: string;
  email_verified: boolean;
}

export interface AccessTokenClaims {
  sub: string;
  role: 'customer';
  customer_id: string | null;
  scope: 'graphql';
}

export type TokenFailure = 'expired' | 'invalid';

export class TokenError extends Error {
  constructor(readonly reason: TokenFailure) {
    super(reason === 'expired' ? 'token expired' : 'invalid token');
  }
}

export class TokenService {
  constructor(
    private readonly keys: SigningKeys,
    private readonly issuer: string,
    private readonly clock: Clock,
  ) {}

  private nowSeconds(): number {
    return Math.floor(this.clock.now().getTime() / 1000);
  }

  private sign(payload: JWTPayload, audience: string, ttl: number): Promise<string> {
    const iat = this.nowSeconds();
    return new SignJWT(payload)
      .setProtectedHeader({ alg: SIGNING_ALG, kid: this.keys.kid, typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience(audience)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttl)
      .setJti(crypto.randomUUID())
      .sign(this.keys.privateKey);
  }

  issueIdToken(claims: IdTokenClaims): Promise<string> {
    return this.sign({ ...claims }, ID_TOKEN_AUDIENCE, ID_TOKEN_TTL_SECONDS);
  }

  issueAccessToken(claims: AccessTokenClaims): Promise<string> {
    return this.sign({ ...claims }, ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_TTL_SECONDS);
  }

  private async verify(token: string, audience: string): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, this.keys.publicKey, {
        issuer: this.issuer,
        audience,
        algorithms: [SIGNING_ALG],
        currentDate: this.clock.now(),
      });
      return payload;
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new TokenError('expired');
      throw new TokenError('invalid');
    }
  }

  async verifyIdToken(token: string): Promise<IdTokenClaims> {
    const p = await this.verify(token, ID_TOKEN_AUDIENCE);
    if (typeof p.sub !== 'string' || typeof p.sid !== 'string' || typeof p.email !== 'string') {
      throw new TokenError('invalid');
    }
    return { sub: p.sub, sid: p.sid, email: p.email, email_verified: p.email_verified === true };
  }

  async verifyAccessToken(token: string): Promise<AccessTokenClaims> {
    const p = await this.verify(token, ACCESS_TOKEN_AUDIENCE);
    if (typeof p.sub !== 'string' || p.role !== 'customer' || p.scope !== 'graphql') {
      throw new TokenError('invalid');
    }
    const customerId = typeof p.customer_id === 'string' ? p.customer_id : null;
    return { sub: p.sub, role: 'customer', customer_id: customerId, scope: 'graphql' };
  }
}
