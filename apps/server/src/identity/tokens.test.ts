import { describe, expect, it } from 'vitest';
import { TestClock } from '../platform/clock';
import { ephemeralSigningKeys } from './keys';
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
