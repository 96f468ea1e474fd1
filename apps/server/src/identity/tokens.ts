import { KeyObject, randomUUID, sign as cryptoSign } from 'node:crypto';
import { errors, jwtVerify, type JWTPayload } from 'jose';
import type { Clock } from '../platform/clock';
import { SIGNING_ALG, type SigningKeys } from './keys';

/**
 * The one token service: every JWT the server signs (the portal's ID token, the data API's
 * access token, the care team's staff token) is an ES256 token from the same key whose
 * audience says what it is for. A token only ever verifies for its own audience, so none can
 * stand in for another: a customer access token is no staff token, and the reverse.
 */
export const TOKEN_AUDIENCES = {
  id: 'customer-portal',
  access: 'graphql',
  staff: 'staff-api',
  staffChallenge: 'staff-challenge',
} as const;

export type Audience = keyof typeof TOKEN_AUDIENCES;

export const TOKEN_TTL_SECONDS: Record<Audience, number> = {
  id: 60 * 60,
  access: 15 * 60,
  // No refresh for staff tokens: the care team signs in again after an hour.
  staff: 60 * 60,
  // A password-checked staff sign-in waits this long for its second factor.
  staffChallenge: 5 * 60,
};

export interface IdTokenClaims {
  sub: string;
  sid: string;
  email: string;
  email_verified: boolean;
}

export interface AccessTokenClaims {
  sub: string;
  /** The session the token came from: a revoked session's tokens are refused at once. */
  sid: string;
  role: 'customer';
  customer_id: string | null;
  scope: 'graphql';
}

export interface StaffTokenClaims {
  sub: string;
  /** The staff session (POST /staff/token): a password reset ends it, and the token with it. */
  sid: string;
  role: 'staff';
  scope: 'staff';
  /**
   * The staff member's role (issue 41). Tokens from before roles carry none and count as
   * 'care'; the role is checked against the database on every request anyway.
   */
  staff_role?: 'care' | 'admin';
}

/** The challenge between a staff password check and its second factor (staff-second-factor.ts). */
export interface StaffChallengeClaims {
  sub: string;
  /** The staff_challenges row: pending secret, wrong-code count and whether it is spent. */
  cid: string;
  scope: 'staff-challenge';
}

export interface ClaimsFor {
  id: IdTokenClaims;
  access: AccessTokenClaims;
  staff: StaffTokenClaims;
  staffChallenge: StaffChallengeClaims;
}

export type TokenFailure = 'expired' | 'invalid';

export class TokenError extends Error {
  constructor(readonly reason: TokenFailure) {
    super(reason === 'expired' ? 'token expired' : 'invalid token');
  }
}

const invalid = (): never => {
  throw new TokenError('invalid');
};

/** Each audience's claims, checked after the signature, issuer, audience and expiry. */
const CLAIMS: { [A in Audience]: (p: JWTPayload) => ClaimsFor[A] } = {
  id: (p) =>
    typeof p.sub === 'string' && typeof p.sid === 'string' && typeof p.email === 'string'
      ? { sub: p.sub, sid: p.sid, email: p.email, email_verified: p.email_verified === true }
      : invalid(),
  access: (p) =>
    typeof p.sub === 'string' &&
    typeof p.sid === 'string' &&
    p.role === 'customer' &&
    p.scope === 'graphql'
      ? {
          sub: p.sub,
          sid: p.sid,
          role: 'customer',
          customer_id: typeof p.customer_id === 'string' ? p.customer_id : null,
          scope: 'graphql',
        }
      : invalid(),
  staff: (p) =>
    typeof p.sub === 'string' &&
    typeof p.sid === 'string' &&
    p.role === 'staff' &&
    p.scope === 'staff'
      ? {
          sub: p.sub,
          sid: p.sid,
          role: 'staff',
          scope: 'staff',
          staff_role: p.staff_role === 'admin' ? 'admin' : 'care',
        }
      : invalid(),
  staffChallenge: (p) =>
    typeof p.sub === 'string' && typeof p.cid === 'string' && p.scope === 'staff-challenge'
      ? { sub: p.sub, cid: p.cid, scope: 'staff-challenge' }
      : invalid(),
};

/** Verified tokens remembered at most; the oldest goes first. */
export const MAX_VERIFIED_TOKENS = 10_000;

interface Verified {
  claims: ClaimsFor[Audience];
  expiresAt: number;
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

export class TokenService {
  /** The private key as node:crypto's KeyObject (from the WebCrypto key), made on first use. */
  private signingKey: KeyObject | undefined;

  /**
   * Tokens whose signature, issuer and audience have been checked, by audience and the whole
   * compact token (issue 16): a signed-in page sends the same access token with every request
   * for its 15 minutes, and checking its ES256 signature again costs ~75 µs of event loop and
   * ~90 µs of the thread pool each time. The key is the token itself, signature included, so
   * only the very bytes that verified are taken; expiry is still checked on every use. Revoked
   * sessions are refused by the session check, which does not look here. The signing key is
   * fixed for the process, so an answer never goes stale.
   */
  private readonly verified = new Map<string, Verified>();

  constructor(
    private readonly keys: SigningKeys,
    private readonly issuer: string,
    private readonly clock: Clock,
    private readonly maxVerified = MAX_VERIFIED_TOKENS,
  ) {}

  /**
   * Signs `claims` for `audience`, valid for that audience's lifetime from the clock's now. A
   * compact ES256 JWS (the header and claims jose's SignJWT would set), signed with node:crypto
   * on the calling thread: a P-256 signature costs tens of microseconds, less than a hop to
   * libuv's thread pool, where a sign-in's token would wait behind the argon2 checks.
   */
  issue<A extends Audience>(audience: A, claims: ClaimsFor[A]): Promise<string> {
    try {
      return Promise.resolve(this.sign(audience, claims));
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private sign<A extends Audience>(audience: A, claims: ClaimsFor[A]): string {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const header = { alg: SIGNING_ALG, kid: this.keys.kid, typ: 'JWT' };
    const payload = {
      ...claims,
      iss: this.issuer,
      aud: TOKEN_AUDIENCES[audience],
      iat,
      exp: iat + TOKEN_TTL_SECONDS[audience],
      jti: randomUUID(),
    };
    const input = `${base64url(header)}.${base64url(payload)}`;
    this.signingKey ??= KeyObject.from(this.keys.privateKey);
    const signature = cryptoSign('sha256', Buffer.from(input), {
      key: this.signingKey,
      dsaEncoding: 'ieee-p1363',
    });
    return `${input}.${signature.toString('base64url')}`;
  }

  /** The claims of a token of `audience`; TokenError('expired' | 'invalid') otherwise. */
  async verify<A extends Audience>(audience: A, token: string): Promise<ClaimsFor[A]> {
    return (await this.verifyWithExpiry(audience, token)).claims;
  }

  /** As verify, with the token's expiry (epoch ms): a websocket closes when its token ends. */
  async verifyWithExpiry<A extends Audience>(
    audience: A,
    token: string,
  ): Promise<{ claims: ClaimsFor[A]; expiresAt: number }> {
    const key = `${audience} ${token}`;
    const known = this.verified.get(key);
    if (known) {
      // As jose does: expired once the clock's whole second reaches `exp`.
      if (known.expiresAt <= Math.floor(this.clock.now().getTime() / 1000) * 1000) {
        this.verified.delete(key);
        throw new TokenError('expired');
      }
      return known as { claims: ClaimsFor[A]; expiresAt: number };
    }
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.keys.publicKey, {
        issuer: this.issuer,
        audience: TOKEN_AUDIENCES[audience],
        algorithms: [SIGNING_ALG],
        currentDate: this.clock.now(),
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new TokenError('expired');
      throw new TokenError('invalid');
    }
    // Shared by every later use of the token: frozen, so no caller can change another's.
    const answer = { claims: CLAIMS[audience](payload), expiresAt: (payload.exp ?? 0) * 1000 };
    Object.freeze(answer.claims);
    Object.freeze(answer);
    if (this.verified.size >= this.maxVerified) {
      const oldest = this.verified.keys().next();
      if (!oldest.done) this.verified.delete(oldest.value);
    }
    this.verified.set(key, answer);
    return answer;
  }

  /** How many verified tokens are remembered (for tests). */
  get rememberedTokens(): number {
    return this.verified.size;
  }
}
