import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer } from '../../test/fake-server';
import { GetCustomerDataDocument } from '../../gql/graphql';
import { createGraphqlClient } from '../api/graphql-client';
import { createIdentityApi } from '../api/identity';
import { readGreetingIndex } from './greeting';
import { SessionManager } from './session-manager';
import { STORAGE_KEYS } from './storage-keys';

function setup(options: Parameters<typeof createFakeServer>[0] = {}) {
  const server = createFakeServer(options);
  const session = new SessionManager({
    identity: createIdentityApi(server.handler),
    storage: window.localStorage,
  });
  const graphql = createGraphqlClient({
    fetch: server.handler,
    getAccessToken: () => session.getAccessToken(),
    refreshAccessToken: () => session.refreshAccessToken(),
  });
  return { server, session, graphql };
}

describe('token exchange after sign-in (spec 01 §4: debounced 200 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('exchanges the identity token once, 200 ms after sign-in', async () => {
    const { server, session } = setup();
    session.start();
    expect(session.getSnapshot().status).toBe('signed-out');

    const signedIn = session.signIn(' alex@example.com ', 'DemoPass1');
    await vi.advanceTimersByTimeAsync(199);
    expect(server.count('/connect/token')).toBe(0);
    expect(session.getSnapshot().status).toBe('checking');

    await vi.advanceTimersByTimeAsync(1);
    await signedIn;
    expect(server.count('/connect/token')).toBe(1);
    expect(session.getSnapshot()).toMatchObject({
      status: 'authenticated',
      email: 'alex@example.com',
    });
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).toContain('refresh-1');
  });

  it('tells other tabs about the login through localStorage', async () => {
    const { session } = setup();
    session.start();
    const signedIn = session.signIn('alex@example.com', 'DemoPass1');
    await vi.advanceTimersByTimeAsync(200);
    await signedIn;
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.authEvent) ?? '{}')).toMatchObject({
      type: 'login',
    });
  });
});

describe('single-flight refresh (spec 01 §4)', () => {
  it('runs exactly one refresh for many requests rejected with jwtExpired, and retries them all', async () => {
    const { server, session, graphql } = setup({ expireFirstGraphqlCalls: 3 });
    session.start();
    await session.signIn('alex@example.com', 'DemoPass1');
    expect(server.count('/connect/token')).toBe(1);

    const results = await Promise.all([
      graphql.request(GetCustomerDataDocument),
      graphql.request(GetCustomerDataDocument),
      graphql.request(GetCustomerDataDocument),
    ]);

    expect(results.map((r) => r.customer?.preferred_name)).toEqual(['Alex', 'Alex', 'Alex']);
    // One exchange at sign-in, one shared refresh for the three rejected requests.
    expect(server.count('/connect/token')).toBe(2);
    expect(server.count('/graphql')).toBe(6);
    const retried = server.handler.mock.calls
      .filter(([url]) => typeof url === 'string' && url.split('?')[0] === '/graphql')
      .slice(3)
      .map(([, init]) => new Headers(init?.headers).get('authorization'));
    expect(new Set(retried)).toEqual(new Set(['Bearer access-2']));
  });

  it('rotates the identity tokens when the token exchange rejects the id token', async () => {
    const { server, session } = setup();
    session.start();
    await session.signIn('alex@example.com', 'DemoPass1');
    server.handler.mockImplementationOnce(() =>
      Promise.resolve(new Response(JSON.stringify({ error: 'invalid_grant' }), { status: 400 })),
    );
    const [a, b] = await Promise.all([session.refreshAccessToken(), session.refreshAccessToken()]);
    expect(a).toBe(b);
    expect(server.count('/identity/refresh')).toBe(1);
    expect(session.getSnapshot().status).toBe('authenticated');
  });

  it('signs out when the refresh itself is refused', async () => {
    const { server, session } = setup();
    session.start();
    await session.signIn('alex@example.com', 'DemoPass1');
    server.handler.mockImplementation(() =>
      Promise.resolve(new Response(JSON.stringify({ error: 'invalid_grant' }), { status: 400 })),
    );
    await expect(session.refreshAccessToken()).rejects.toThrow('The session has ended');
    expect(session.getSnapshot().status).toBe('signed-out');
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });
});

describe('logout', () => {
  it('clears the token, tells other tabs, and advances the greeting (spec 01 §2, §4)', async () => {
    const { server, session } = setup();
    const dropped = vi.fn();
    session.onSignedOut(dropped);
    session.start();
    await session.signIn('alex@example.com', 'DemoPass1');
    expect(readGreetingIndex(window.localStorage)).toBe(0);

    await session.signOut();

    expect(session.getSnapshot().status).toBe('signed-out');
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.authEvent) ?? '{}')).toMatchObject({
      type: 'logout',
    });
    expect(readGreetingIndex(window.localStorage)).toBe(1);
    expect(dropped).toHaveBeenCalledOnce();
    expect(server.count('/identity/sign-out')).toBe(1);
    await expect(session.getAccessToken()).rejects.toThrow('The session has ended');
  });
});

describe('onSignedIn (issue 16: home asks for its data with the first access token)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires once per sign-in, when the access token exists and before the snapshot says authenticated', async () => {
    const { server, session } = setup();
    session.start();
    const seen: { status: string; exchanges: number; token: string }[] = [];
    session.onSignedIn(() => {
      // The token is there already: a request sent now leaves without waiting for anything.
      void session.getAccessToken().then((token) => {
        seen.push({ status: session.getSnapshot().status, exchanges: 0, token });
      });
      seen.push({
        status: session.getSnapshot().status,
        exchanges: server.count('/connect/token'),
        token: '',
      });
    });

    const signedIn = session.signIn('alex@example.com', 'DemoPass1');
    await vi.advanceTimersByTimeAsync(199);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await signedIn;
    expect(seen).toEqual([
      { status: 'checking', exchanges: 1, token: '' },
      { status: 'authenticated', exchanges: 0, token: 'access-1' },
    ]);

    // A later refresh of the access token is no sign-in.
    await session.refreshAccessToken();
    expect(server.count('/connect/token')).toBe(2);
    expect(seen).toHaveLength(2);
  });

  it('does not fire for a restored session or a failed sign-in, and a throwing listener does not stop the sign-in', async () => {
    const first = setup();
    first.session.start();
    const signedIn = first.session.signIn('alex@example.com', 'DemoPass1');
    await vi.advanceTimersByTimeAsync(200);
    await signedIn;

    // The next page load restores the stored session.
    const { session } = setup();
    let calls = 0;
    session.onSignedIn(() => {
      calls += 1;
      throw new Error('listener failed');
    });
    session.start();
    await vi.advanceTimersByTimeAsync(200);
    expect(session.getSnapshot().status).toBe('authenticated');
    expect(calls).toBe(0);

    await session.signOut();
    await expect(session.signIn('alex@example.com', 'wrong')).rejects.toThrow();
    await vi.advanceTimersByTimeAsync(200);
    expect(calls).toBe(0);

    const again = session.signIn('alex@example.com', 'DemoPass1');
    await vi.advanceTimersByTimeAsync(200);
    await again;
    expect(calls).toBe(1);
    expect(session.getSnapshot().status).toBe('authenticated');
  });
});
