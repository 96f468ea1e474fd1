import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { TestClock } from '../platform/clock';
import { ephemeralSigningKeys, SIGNING_ALG } from './keys';
import { TOKEN_TTL_SECONDS, TokenService, type Audience } from './tokens';

const CLAIMS = {
  id: { sub: 'u1', sid: 's1', email: 'a@example.com', email_verified: true },
  access: { sub: 'u1', sid: 's1', role: 'customer', customer_id: 'c1', scope: 'graphql' },
  staff: { sub: 'u2', sid: 's2', role: 'staff', scope: 'staff', staff_role: 'admin' },
  staffChallenge: { sub: 'u2', cid: 'c2', scope: 'staff-challenge' },
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

describe('TokenService: verified tokens remembered (issue 16)', () => {
  it('takes a remembered token again, and no other bytes for it', async () => {
    const { tokens } = await service();
    const token = await tokens.issue('access', CLAIMS.access);
    await expect(tokens.verify('access', token)).resolves.toEqual(CLAIMS.access);
    expect(tokens.rememberedTokens).toBe(1);
    await expect(tokens.verify('access', token)).resolves.toEqual(CLAIMS.access);
    expect(tokens.rememberedTokens).toBe(1);
    // The same header and claims with another signature: checked, and refused.
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`;
    await expect(tokens.verify('access', forged)).rejects.toMatchObject({ reason: 'invalid' });
    // A remembered access token is still no staff token.
    await expect(tokens.verify('staff', token)).rejects.toMatchObject({ reason: 'invalid' });
    expect(tokens.rememberedTokens).toBe(1);
  });

  it('still expires a remembered token, and forgets it', async () => {
    const { clock, tokens } = await service();
    const token = await tokens.issue('access', CLAIMS.access);
    await tokens.verify('access', token);
    clock.advance(TOKEN_TTL_SECONDS.access * 1000 - 1);
    await expect(tokens.verify('access', token)).resolves.toMatchObject({ sub: 'u1' });
    clock.advance(1);
    await expect(tokens.verify('access', token)).rejects.toMatchObject({ reason: 'expired' });
    expect(tokens.rememberedTokens).toBe(0);
  });

  it('hands out frozen claims, so no caller changes what the next one gets', async () => {
    const { tokens } = await service();
    const token = await tokens.issue('access', CLAIMS.access);
    const claims = await tokens.verify('access', token);
    expect(Object.isFrozen(claims)).toBe(true);
    expect(() => Object.assign(claims, { customer_id: 'someone-else' })).toThrow(TypeError);
    await expect(tokens.verify('access', token)).resolves.toEqual(CLAIMS.access);
  });

  it('remembers at most its bound, dropping the oldest', async () => {
    const clock = new TestClock(new Date('2026-11-23T12:00:00Z'));
    const tokens = new TokenService(await ephemeralSigningKeys(), 'http://issuer', clock, 2);
    const issued = await Promise.all(
      ['s1', 's2', 's3'].map((sid) => tokens.issue('access', { ...CLAIMS.access, sid })),
    );
    for (const token of issued) await tokens.verify('access', token);
    expect(tokens.rememberedTokens).toBe(2);
    // The oldest was dropped, not refused: it verifies again (and is remembered again).
    await expect(tokens.verify('access', issued[0] ?? '')).resolves.toMatchObject({ sid: 's1' });
    expect(tokens.rememberedTokens).toBe(2);
  });
});
