import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentSources } from '../../db/schema/billing';
import { sandboxGatewayPaymentMethods, sandboxGatewayTokens } from '../../db/schema/gateway';
import { auditLog } from '../../db/schema/platform';
import { SANDBOX_TEST_CARDS } from '../../platform/gateway/test-cards';
import { graphql, type TestServer } from '../../../test/harness';
import {
  accessToken,
  monthlyCustomer,
  REPLACE,
  saveCard,
  tokenize,
} from '../../../test/billing-fixtures';
import { useBillingServer } from '../../../test/billing-suite';

// Issue 45: saving a card is no card-testing oracle. Every refusal reads the same to the
// customer (ST102, reason declined), whatever the processor said; the processor's reason goes
// to the audit (and the log) only. A velocity limit counts attempts: 5 per customer per hour
// (checked before the processor is asked) and 3 per card per day (the card known by brand,
// last 4 and expiry, the most the processor tells us; checked once it answered).

let server: TestServer;
useBillingServer((started) => (server = started));

const DECLINING = Object.entries(SANDBOX_TEST_CARDS)
  .filter(([, c]) => c.when === 'verify')
  .map(([number, c]) => ({ number, reason: c.reason }));

async function attempt(token: string, cardNumber: string) {
  const tokenized = await tokenize(server, cardNumber);
  const res = await graphql<{ replacePaymentSource: { newPaymentSourceId: string } }>(
    server,
    REPLACE,
    token,
    { old: null, token: tokenized.body.token },
  );
  return { res, token: tokenized.body.token };
}

async function tokensUsed(tokens: string[]) {
  const rows = await server.database.db
    .select()
    .from(sandboxGatewayTokens)
    .where(inArray(sandboxGatewayTokens.id, tokens));
  return rows.filter((r) => r.usedAt !== null).length;
}

describe('saving a card: a generic decline (issue 45)', () => {
  it('every processor reason reads as the same ST102; the real one is in the audit only', async () => {
    server.clock.set('2026-03-10T18:00:00Z');
    const seen = new Set<string>();
    let who = await monthlyCustomer(server);
    for (const [i, card] of DECLINING.entries()) {
      // A fresh customer every 4 attempts, to stay under the velocity limit.
      if (i > 0 && i % 4 === 0) who = await monthlyCustomer(server);
      const { res } = await attempt(who.token, card.number);
      expect(res.errors?.[0]?.extensions).toEqual({ code: 'ST102', reason: 'declined' });
      if (card.reason !== 'declined') expect(JSON.stringify(res)).not.toContain(card.reason);
      seen.add(card.reason);
    }
    expect(seen.size).toBeGreaterThan(5);
    await server.flushAudit();
    const audited = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'card_attempt'));
    const reasons = new Set(
      audited.map((a) => (a.details as { reason?: string } | null)?.reason).filter(Boolean),
    );
    expect([...reasons].sort()).toEqual([...seen].sort());
  });
});

describe('card attempts: velocity limits (issue 45)', () => {
  it('a customer: 5 attempts an hour reach the processor; the 6th is refused before it, alike', async () => {
    server.clock.set('2026-03-10T18:00:00Z');
    const c = await monthlyCustomer(server);
    const tokens: string[] = [];
    for (const card of DECLINING.slice(0, 6)) {
      const { res, token } = await attempt(c.token, card.number);
      expect(res.errors?.[0]?.extensions).toEqual({ code: 'ST102', reason: 'declined' });
      tokens.push(token);
    }
    // The sixth token never reached the processor.
    expect(await tokensUsed(tokens)).toBe(5);
    // A good card is refused the same way while the hour lasts, then saved.
    const early = await attempt(c.token, '4242424242424242');
    expect(early.res.errors?.[0]?.extensions).toEqual({ code: 'ST102', reason: 'declined' });
    server.clock.advance(61 * 60_000);
    const token = await accessToken(server, c.user.email);
    const later = await saveCard(server, token, '4242424242424242');
    expect(later.errors).toBeUndefined();
  });

  it('10 attempts fired at once: at most 5 reach the processor', async () => {
    server.clock.set('2026-03-11T18:00:00Z');
    const c = await monthlyCustomer(server);
    const tokenized = await Promise.all(
      Array.from({ length: 10 }, () => tokenize(server, '4000000000000002')),
    );
    const answers = await Promise.all(
      tokenized.map((t) => graphql(server, REPLACE, c.token, { old: null, token: t.body.token })),
    );
    for (const a of answers) {
      expect(a.errors?.[0]?.extensions).toEqual({ code: 'ST102', reason: 'declined' });
    }
    expect(await tokensUsed(tokenized.map((t) => t.body.token))).toBe(5);
  }, 30_000);

  it('a card refused 3 times in a day: every further attempt of it is refused, even a good one', async () => {
    server.clock.set('2026-03-12T18:00:00Z');
    // A Visa ending 0002 expiring 12/2030 that the processor declines, three times from three
    // accounts (a guessed security code, say)...
    for (let i = 0; i < 3; i += 1) {
      const c = await monthlyCustomer(server);
      const { res } = await attempt(c.token, '4000000000000002');
      expect(res.errors?.[0]?.extensions).toEqual({ code: 'ST102', reason: 'declined' });
    }
    // ...then the same card (brand, last 4, expiry) as the processor accepts it: refused
    // alike, so the right guess reads like the wrong ones, and not kept.
    const fourth = await monthlyCustomer(server);
    const { res } = await attempt(fourth.token, '4111111111070002');
    expect(res.errors?.[0]?.extensions).toEqual({ code: 'ST102', reason: 'declined' });
    const kept = await server.database.db
      .select()
      .from(paymentSources)
      .where(eq(paymentSources.customerId, fourth.customer.id));
    expect(kept).toEqual([]);
    // The processor saved it before we knew the card: it is told to forget it.
    const [method] = await server.database.db
      .select()
      .from(sandboxGatewayPaymentMethods)
      .where(eq(sandboxGatewayPaymentMethods.last4, '0002'));
    expect(method?.detachedAt).not.toBeNull();
    // A good card saved on several accounts is no testing: 4242 on four of them is fine.
    for (let i = 0; i < 4; i += 1) {
      const c = await monthlyCustomer(server);
      expect((await saveCard(server, c.token, '4242424242424242')).errors).toBeUndefined();
    }
    // The next day the card is fine again.
    server.clock.advance(25 * 60 * 60_000);
    const next = await monthlyCustomer(server);
    expect((await saveCard(server, next.token, '4111111111070002')).errors).toBeUndefined();
  });

  it('after 3 refusals, the same card saved by 6 customers at once: none keeps it', async () => {
    server.clock.set('2026-03-20T18:00:00Z');
    for (let i = 0; i < 3; i += 1) {
      const c = await monthlyCustomer(server);
      await attempt(c.token, '4000000000000002');
    }
    const people = await Promise.all(Array.from({ length: 6 }, () => monthlyCustomer(server)));
    const answers = await Promise.all(people.map((p) => attempt(p.token, '4111111111070002')));
    for (const a of answers) {
      expect(a.res.errors?.[0]?.extensions).toEqual({ code: 'ST102', reason: 'declined' });
    }
    const kept = await server.database.db
      .select()
      .from(paymentSources)
      .where(eq(paymentSources.last4, '0002'));
    expect(kept.filter((k) => people.some((p) => p.customer.id === k.customerId))).toEqual([]);
  }, 30_000);
});
