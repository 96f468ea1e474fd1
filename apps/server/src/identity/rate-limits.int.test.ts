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
});
