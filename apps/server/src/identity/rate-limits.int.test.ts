import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDENTITY_RATE_RULES } from './rate-limits';
import { createCustomer, TEST_PASSWORD } from '../../test/factories';
import { postJson, startTestServer, type TestServer } from '../../test/harness';

// A server per test: the limiter's counters start empty each time.
let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  vi.useRealTimers();
  await server.close();
});

type ErrorBody = { error: { code: string; message: string } };

describe('identity rate limits', () => {
  it('limits sign-in attempts per email, with a clear error and Retry-After', async () => {
    const { user } = await createCustomer(server.database.db);
    const limit = IDENTITY_RATE_RULES.signIn.perEmail.limit;
    for (let i = 0; i < limit; i += 1) {
      const res = await postJson(server, '/identity/sign-in', {
        email: user.email,
        password: 'Wrong1pass',
      });
      expect(res.status).toBe(401);
    }
    const blocked = await postJson<ErrorBody>(server, '/identity/sign-in', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('too-many-requests');
    expect(blocked.body.error.message).toMatch(/too many attempts/i);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The window passes and the right password works again. rate-limiter-flexible counts on
    // the process clock, so the process's Date moves past the window (timers stay real), and
    // the app's own clock with it.
    const later = IDENTITY_RATE_RULES.signIn.perEmail.windowMs + 1000;
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + later, shouldAdvanceTime: true });
    server.clock.advance(later);
    const again = await postJson(server, '/identity/sign-in', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    expect(again.status).toBe(200);
  });

  it('limits sign-in attempts per address across many emails', async () => {
    const limit = IDENTITY_RATE_RULES.signIn.perIp.limit;
    for (let i = 0; i < limit; i += 1) {
      await postJson(server, '/identity/sign-in', {
        email: `spray${i}@example.com`,
        password: 'Wrong1pass',
      });
    }
    const blocked = await postJson<ErrorBody>(server, '/identity/sign-in', {
      email: 'another@example.com',
      password: 'Wrong1pass',
    });
    expect(blocked.status).toBe(429);
  });

  it('limits account creation per email', async () => {
    const limit = IDENTITY_RATE_RULES.create.perEmail.limit;
    const email = 'repeat.signup@example.com';
    for (let i = 0; i < limit; i += 1)
      await postJson(server, '/user/create', { email, tenantId: 'portal' });
    const blocked = await postJson<ErrorBody>(server, '/user/create', {
      email,
      tenantId: 'portal',
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.code).toBe('too-many-requests');
  });

  it('limits reset requests per email, for unknown emails too', async () => {
    const limit = IDENTITY_RATE_RULES.reset.perEmail.limit;
    for (let i = 0; i < limit; i += 1) {
      const ok = await postJson(server, '/user/reset-password', {
        email: 'who@example.com',
        tenantId: 'portal',
      });
      expect(ok.status).toBe(200);
    }
    const blocked = await postJson<ErrorBody>(server, '/user/reset-password', {
      email: 'who@example.com',
      tenantId: 'portal',
    });
    expect(blocked.status).toBe(429);
  });

  it('limits email availability lookups per account, as sign-in is limited (issue 45)', async () => {
    // Without a limit the lookup lists who is a patient here, one address after another.
    const { user } = await createCustomer(server.database.db);
    const signedIn = await postJson<{ idToken: string }>(server, '/identity/sign-in', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    const lookup = (email: string) =>
      postJson<ErrorBody>(
        server,
        '/identity/email/availability',
        { email, sendOobCodeIfAvailable: false },
        { authorization: `Bearer ${signedIn.body.idToken}` },
      );
    const limit = IDENTITY_RATE_RULES.signIn.perEmail.limit;
    // Fired together: the limit holds when the lookups race each other.
    const answers = await Promise.all(
      Array.from({ length: limit + 3 }, (_, i) => lookup(`probe${i}@example.com`)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(limit);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(3);
    expect(refused[0]?.body.error.code).toBe('too-many-requests');
  });

  it('limits email availability lookups per client address across accounts (issue 45)', async () => {
    const limit = IDENTITY_RATE_RULES.signIn.perIp.limit;
    const perAccount = IDENTITY_RATE_RULES.signIn.perEmail.limit;
    const statuses: number[] = [];
    for (let n = 0; n * perAccount <= limit; n += 1) {
      const { user } = await createCustomer(server.database.db);
      const signedIn = await postJson<{ idToken: string }>(server, '/identity/sign-in', {
        email: user.email,
        password: TEST_PASSWORD,
      });
      for (let i = 0; i < perAccount; i += 1) {
        const res = await postJson(
          server,
          '/identity/email/availability',
          { email: `spray${n}-${i}@example.com`, sendOobCodeIfAvailable: false },
          { authorization: `Bearer ${signedIn.body.idToken}` },
        );
        statuses.push(res.status);
      }
    }
    expect(statuses.slice(0, limit).every((s) => s === 200)).toBe(true);
    expect(statuses[limit]).toBe(429);
  });

  it("delete-reset-password-links does not spend the account's reset budget (issue 45)", async () => {
    // The call needs no sign-in (spec 01 §7: the signed-out recovery pages make it), so
    // anyone may make it for any address; counted against the reset limit, a stranger's calls
    // left the account's owner unable to ask for a reset link. The proxy's header names each
    // side's address, so the stranger's own per-address budget is not what stops the owner.
    await server.close();
    server = await startTestServer({ TRUST_PROXY: '127.0.0.1' });
    const { user } = await createCustomer(server.database.db);
    const stranger = { 'x-forwarded-for': '203.0.113.9' };
    const attempts = IDENTITY_RATE_RULES.reset.perEmail.limit * 2;
    await Promise.all(
      Array.from({ length: attempts }, () =>
        postJson(
          server,
          '/user/delete-reset-password-links',
          { email: user.email, tenantId: 'portal' },
          stranger,
        ),
      ),
    );
    const own = await postJson(
      server,
      '/user/reset-password',
      { email: user.email, tenantId: 'portal' },
      { 'x-forwarded-for': '198.51.100.7' },
    );
    expect(own.status).toBe(200);
    expect((await server.outbox?.list())?.filter((m) => m.to === user.email)).toHaveLength(1);
  });
});
