import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { sessions } from '../db/schema/identity';
import { SESSION_ENDED_CLOSE_CODE } from '../graphql-host/subscriptions';
import { createCustomer, TEST_PASSWORD } from '../../test/factories';
import {
  exchangeToken,
  graphql,
  latestMail,
  postJson,
  startTestServer,
  type TestServer,
} from '../../test/harness';
import { createStaffUser, staffTokenFor } from '../../test/messaging-helpers';
import { commonPasswordCount, isCommonPassword } from './common-passwords';
import { SESSION_CACHE_TTL_MS } from './session-cache';

// Issue 17, Sessions: a session that ends takes its access tokens and open sockets with it.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Pair = { idToken: string; refreshToken: string };
type ErrorBody = { error: { code: string; message: string } };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function signIn(email: string, password = TEST_PASSWORD): Promise<Pair> {
  const res = await postJson<Pair>(server, '/identity/sign-in', { email, password });
  expect(res.status).toBe(200);
  return res.body;
}

async function person() {
  const made = await createCustomer(server.database.db);
  const pair = await signIn(made.user.email);
  const access = (await exchangeToken(server, pair.idToken)).body.access_token ?? '';
  return { ...made, pair, access };
}

const readsData = async (access: string) => {
  const res = await graphql<{ customer: { id: string } | null }>(
    server,
    '{ customer { id } }',
    access,
  );
  return res.errors?.[0]?.extensions?.code ?? 'ok';
};

/** An authenticated graphql-ws socket; resolves once acknowledged. */
function openSocket(access: string) {
  const socket = new WebSocket(
    `${server.url.replace('http', 'ws')}/graphql`,
    'graphql-transport-ws',
  );
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  const acked = new Promise<void>((resolve, reject) => {
    socket.on('message', (raw: Buffer) => {
      const message = JSON.parse(raw.toString()) as { type: string };
      if (message.type === 'connection_ack') resolve();
    });
    socket.once('error', reject);
  });
  socket.once('open', () =>
    socket.send(JSON.stringify({ type: 'connection_init', payload: bearer(access) })),
  );
  return { socket, closed, acked };
}

describe('a revoked session ends its access tokens at once (ASVS 7.4.1)', () => {
  it('access tokens carry the session id', async () => {
    const me = await person();
    const claims = await server.tokens.verify('access', me.access);
    const id = await server.tokens.verify('id', me.pair.idToken);
    expect(claims.sid).toBe(id.sid);
  });

  it('sign-out: the 15-minute access token stops reading data', async () => {
    const me = await person();
    expect(await readsData(me.access)).toBe('ok');
    const out = await postJson(server, '/identity/sign-out', {
      refreshToken: me.pair.refreshToken,
    });
    expect(out.status).toBe(204);
    expect(await readsData(me.access)).toBe('invalid-jwt');
  });

  it('password reset and password change end the other sessions’ access tokens', async () => {
    const me = await person();
    const other = await signIn(me.user.email);
    const otherAccess = (await exchangeToken(server, other.idToken)).body.access_token ?? '';
    // Read first, so the instance remembers the session stands (identity/session-cache.ts).
    expect(await readsData(otherAccess)).toBe('ok');
    const change = await postJson(
      server,
      '/identity/password/change',
      { currentPassword: TEST_PASSWORD, newPassword: 'Fresh-Start-42x' },
      bearer(me.pair.idToken),
    );
    expect(change.body).toEqual({ ok: true });
    expect(await readsData(otherAccess)).toBe('invalid-jwt');
    expect(await readsData(me.access)).toBe('ok');

    await postJson(server, '/user/reset-password', { email: me.user.email, tenantId: 'portal' });
    const mail = await latestMail(server, me.user.email);
    const code = mail?.code ?? '';
    const reset = await postJson(server, '/identity/password-reset/confirm', {
      code,
      password: 'Another-Start-43y',
    });
    expect(reset.body).toEqual({ email: me.user.email });
    expect(await readsData(me.access)).toBe('invalid-jwt');
  });

  it('closes the session’s open sockets on sign-out', async () => {
    const me = await person();
    const live = openSocket(me.access);
    await live.acked;
    await postJson(server, '/identity/sign-out', { refreshToken: me.pair.refreshToken });
    expect(await live.closed).toBe(SESSION_ENDED_CLOSE_CODE);
  });

  it('closes a socket when its access token expires, unless re-authenticated on it', async () => {
    const me = await person();
    const expiresAt = (await server.tokens.verifyWithExpiry('access', me.access)).expiresAt;
    const start = server.clock.now();
    try {
      // 300 ms before the token's end, a socket opens; a second one re-authenticates with a
      // fresh token of the same session and stays.
      server.clock.set(new Date(expiresAt - 300));
      const fresh = (await exchangeToken(server, (await signIn(me.user.email)).idToken)).body
        .access_token;
      const expiring = openSocket(me.access);
      const renewed = openSocket(me.access);
      await Promise.all([expiring.acked, renewed.acked]);
      const reAcked = new Promise<void>((resolve) =>
        renewed.socket.on('message', (raw: Buffer) => {
          if ((JSON.parse(raw.toString()) as { type: string }).type === 'connection_ack') resolve();
        }),
      );
      renewed.socket.send(
        JSON.stringify({ type: 'connection_init', payload: bearer(fresh ?? '') }),
      );
      await reAcked;
      expect(await expiring.closed).toBe(SESSION_ENDED_CLOSE_CODE);
      expect(renewed.socket.readyState).toBe(WebSocket.OPEN);
      renewed.socket.close();
    } finally {
      server.clock.set(start);
    }
  });

  it('a re-authentication with another user’s token closes the socket', async () => {
    const me = await person();
    const someoneElse = await person();
    const live = openSocket(me.access);
    await live.acked;
    live.socket.send(
      JSON.stringify({ type: 'connection_init', payload: bearer(someoneElse.access) }),
    );
    expect(await live.closed).toBe(SESSION_ENDED_CLOSE_CODE);
  });
});

describe('the session check’s memory (issue 16: SESSION_CACHE_TTL_MS per instance)', () => {
  it('a revocation through the service is refused on the very next request', async () => {
    const me = await person();
    expect(await readsData(me.access)).toBe('ok');
    expect(await readsData(me.access)).toBe('ok');
    const out = await postJson(server, '/identity/sign-out', {
      refreshToken: me.pair.refreshToken,
    });
    expect(out.status).toBe(204);
    expect(await readsData(me.access)).toBe('invalid-jwt');
  });

  it('a session ended with no event (straight in the database) stands at most the TTL', async () => {
    const me = await person();
    expect(await readsData(me.access)).toBe('ok');
    await server.database.db
      .update(sessions)
      .set({ revokedAt: server.clock.now(), revokedReason: 'test' })
      .where(eq(sessions.userId, me.user.id));
    // Remembered: the window a lost revocation event would leave open.
    expect(await readsData(me.access)).toBe('ok');
    const start = server.clock.now();
    try {
      server.clock.set(new Date(start.getTime() + SESSION_CACHE_TTL_MS + 1));
      expect(await readsData(me.access)).toBe('invalid-jwt');
    } finally {
      server.clock.set(start);
    }
  });

  it('a session that does not stand is asked again each time, never remembered', async () => {
    const me = await person();
    await server.database.db
      .update(sessions)
      .set({ revokedAt: server.clock.now(), revokedReason: 'test' })
      .where(eq(sessions.userId, me.user.id));
    expect(await readsData(me.access)).toBe('invalid-jwt');
    await server.database.db
      .update(sessions)
      .set({ revokedAt: null, revokedReason: null })
      .where(eq(sessions.userId, me.user.id));
    expect(await readsData(me.access)).toBe('ok');
  });
});

describe('re-authentication ends the session it was called from (ASVS 7.2.4)', () => {
  it('gives a fresh session; the old refresh and access tokens end', async () => {
    const me = await person();
    const res = await postJson<Pair>(
      server,
      '/identity/reauthenticate',
      { password: TEST_PASSWORD },
      bearer(me.pair.idToken),
    );
    expect(res.status).toBe(200);
    expect(await readsData(me.access)).toBe('invalid-jwt');
    const old = await postJson<ErrorBody>(server, '/identity/refresh', {
      refreshToken: me.pair.refreshToken,
    });
    expect(old.body.error.code).toBe('session-revoked');
    const next = await postJson<Pair>(server, '/identity/refresh', {
      refreshToken: res.body.refreshToken,
    });
    expect(next.status).toBe(200);
  });
});

describe('the server’s idle limit (spec 01 §4: 1 hour)', () => {
  it('a session unused for more than an hour cannot be refreshed', async () => {
    const me = await person();
    const start = server.clock.now();
    try {
      server.clock.set(new Date(start.getTime() + 61 * 60_000));
      const res = await postJson<ErrorBody>(server, '/identity/refresh', {
        refreshToken: me.pair.refreshToken,
      });
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('session-revoked');
      const [row] = await server.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, me.user.id));
      expect(row?.revokedReason).toBe('idle');
    } finally {
      server.clock.set(start);
    }
  });

  it('a session in use (token exchange) goes on past the hour', async () => {
    const me = await person();
    const start = server.clock.now();
    try {
      server.clock.set(new Date(start.getTime() + 50 * 60_000));
      expect((await exchangeToken(server, me.pair.idToken)).status).toBe(200);
      server.clock.set(new Date(start.getTime() + 100 * 60_000));
      const res = await postJson<Pair>(server, '/identity/refresh', {
        refreshToken: me.pair.refreshToken,
      });
      expect(res.status).toBe(200);
    } finally {
      server.clock.set(start);
    }
  });
});

describe('the care team’s accounts stay off customer routes', () => {
  it('a staff token is refused on the data API and on every /identity route', async () => {
    const staff = await createStaffUser(server.database.db);
    const token = await staffTokenFor(server, staff.email);
    expect(await readsData(token)).toBe('invalid-jwt');
    expect((await exchangeToken(server, token)).status).toBe(400);
    for (const route of [
      '/identity/reauthenticate',
      '/identity/password/update',
      '/identity/password/change',
      '/identity/email/availability',
      '/identity/email/update',
      '/identity/account/delete',
    ]) {
      const res = await postJson(server, route, {}, bearer(token));
      expect(res.status, route).toBe(401);
    }
  });

  it('customer sign-in refuses a staff account, and a reset mail goes to customers only', async () => {
    const staff = await createStaffUser(server.database.db);
    const res = await postJson<ErrorBody>(server, '/identity/sign-in', {
      email: staff.email,
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(401);
    const reset = await postJson(server, '/user/reset-password', {
      email: staff.email,
      tenantId: 'portal',
    });
    expect(reset.status).toBe(200);
    expect((await server.outbox?.list())?.filter((m) => m.to === staff.email)).toEqual([]);
  });
});

describe('common and breached passwords (ASVS 6.2.4)', () => {
  it('ships a list of at least 90,000 candidates and checks it case-insensitively', () => {
    expect(commonPasswordCount()).toBeGreaterThan(90_000);
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('pASSWORD1')).toBe(true);
    expect(isCommonPassword('Fresh-Start-42x')).toBe(false);
  });

  it('refuses one on change and on reset, with a clear message, and changes nothing', async () => {
    const me = await person();
    const change = await postJson<ErrorBody>(
      server,
      '/identity/password/change',
      { currentPassword: TEST_PASSWORD, newPassword: 'Qwerty123' },
      bearer(me.pair.idToken),
    );
    expect(change.body.error).toMatchObject({ code: 'password-too-common' });
    expect(change.status).toBe(400);
    expect(change.body.error.message).toMatch(/too common/);
    await signIn(me.user.email);

    await postJson(server, '/user/reset-password', { email: me.user.email, tenantId: 'portal' });
    const mail = await latestMail(server, me.user.email);
    const code = mail?.code ?? '';
    const reset = await postJson<ErrorBody>(server, '/identity/password-reset/confirm', {
      code,
      password: 'Iloveyou1',
    });
    expect(reset.body.error.code).toBe('password-too-common');
    // The link was not spent: a better password still goes through.
    const ok = await postJson(server, '/identity/password-reset/confirm', {
      code,
      password: 'Fresh-Start-42x',
    });
    expect(ok.status).toBe(200);
  });
});
