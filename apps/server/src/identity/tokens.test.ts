import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../platform/clock';
import { ephemeralSigningKeys, SIGNING_ALG } from './keys';
import { TOKEN_TTL_SECONDS, TokenService, type Audience } from './tokens';

const CLAIMS = {
  id: { sub: 'u1', sid: 's1', email: 'a@example.com', email_verified: true },
  access: { sub: 'u1', sid: 's1', role: 'customer', customer_id: 'c1', scope: 'graphql' },
  staff: { sub: 'u2', sid: 's2', role: 'staff', scope: 'staff' },
} as const;
const AUDIENCES = Object.keys(CLAIMS) as Audience[];

async function service() {
  const clock = new TestClock(new Date('2026-11-23T12:00:00Z'));
  return { clock, tokens: new TokenService(await ephemeralSigningKeys(), 'http://issuer', clock) };
}

describe('TokenService: one signer, one audience per kind of token', () => {
  it('a token verifies for its own audience and for no other', async () => {
    const { tokens } = await service();
    for (const audience of AUDIENCES) {
      const token = await tokens.issue(audience, CLAIMS[audience]);
      await expect(tokens.verify(audience, token)).resolves.toEqual(CLAIMS[audience]);
      for (const other of AUDIENCES.filter((a) => a !== audience)) {
        await expect(tokens.verify(other, token)).rejects.toMatchObject({ reason: 'invalid' });
      }
    }
  });

  it("expires after its audience's lifetime", async () => {
    const { clock, tokens } = await service();
    const token = await tokens.issue('staff', CLAIMS.staff);
    clock.advance((TOKEN_TTL_SECONDS.staff - 1) * 1000);
    await expect(tokens.verify('staff', token)).resolves.toMatchObject({ role: 'staff' });
    clock.advance(2000);
    await expect(tokens.verify('staff', token)).rejects.toMatchObject({ reason: 'expired' });
  });
});

describe('tokens signed with node:crypto', () => {
  it('are ES256 JWTs that jose verifies with the published key (JWKS) alone', async () => {
    const keys = await ephemeralSigningKeys();
    const clock = new TestClock(new Date('2026-11-23T12:00:00Z'));
    const token = await new TokenService(keys, 'http://issuer', clock).issue('id', CLAIMS.id);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'ES256', kid: keys.kid, typ: 'JWT' });
    const { payload } = await jwtVerify(token, await importJWK(keys.jwk, SIGNING_ALG), {
      issuer: 'http://issuer',
      audience: 'customer-portal',
      currentDate: clock.now(),
    });
    expect(payload).toMatchObject({ ...CLAIMS.id, iat: 1_795_435_200, exp: 1_795_438_800 });
    expect(typeof payload.jti).toBe('string');
  });
});
