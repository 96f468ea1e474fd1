import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcStates, users } from '../db/schema/identity';
import { auditLog } from '../db/schema/platform';
import { referrals } from '../db/schema/referrals';
import { safeReturnTo } from './google';
import { CODE_TTL_MS } from './codes';
import { createCustomer, createUser } from '../../test/factories';
import { totpAt } from '../../test/staff-sign-in';
import {
  exchangeToken,
  freePort,
  graphql,
  postJson,
  startTestServer,
  type TestServer,
} from '../../test/harness';
import {
  followSignIn,
  startOidcProvider,
  type GoogleAccount,
  type TestOidcProvider,
} from '../../test/oidc-test-provider';

let provider: TestOidcProvider;
let server: TestServer;

beforeAll(async () => {
  // The provider redirects the browser to the portal, so PUBLIC_URL must be the real address.
  const port = await freePort();
  const portalUrl = `http://127.0.0.1:${port}`;
  provider = await startOidcProvider(`${portalUrl}/identity/google/callback`);
  server = await startTestServer(
    {
      PUBLIC_URL: portalUrl,
      GOOGLE_OIDC_ISSUER: provider.issuer,
      GOOGLE_CLIENT_ID: provider.clientId,
      GOOGLE_CLIENT_SECRET: provider.clientSecret,
    },
    { port },
  );
});
afterAll(async () => {
  await server.close();
  await provider.close();
});

function googleAccount(email: string, emailVerified = true): GoogleAccount {
  return { sub: `google-${randomBytes(6).toString('hex')}`, email, emailVerified };
}

/** Signs in at the provider as `account`; returns where the portal sent the browser. */
function googleSignIn(account: GoogleAccount, returnTo = '/', onCallback?: (url: URL) => URL) {
  provider.choose(account);
  const start = `${server.url}/identity/google/start?returnTo=${encodeURIComponent(returnTo)}`;
  return followSignIn(start, server.url, onCallback);
}

async function completeGoogle(code: string | null) {
  return postJson<{ idToken: string; error?: { code: string; message: string } }>(
    server,
    '/identity/google/complete',
    { code },
  );
}

async function readUser(id: string) {
  const [row] = await server.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

async function unlink(idToken: string) {
  return postJson<{ ok?: boolean; error?: { code: string; message: string } }>(
    server,
    '/identity/google/unlink',
    {},
    { authorization: `Bearer ${idToken}` },
  );
}

describe('Sign in with Google', () => {
  it('asks for an enrolled second factor after Google too (issue 42)', async () => {
    const { user } = await createCustomer(server.database.db);
    const account = googleAccount(user.email);
    const first = await completeGoogle(
      (await googleSignIn(account)).searchParams.get('googleCode'),
    );
    const started = await postJson<{ secret: string }>(
      server,
      '/identity/second-factor/totp/start',
      {},
      { authorization: `Bearer ${first.body.idToken}` },
    );
    const step = Math.floor(server.clock.now().getTime() / 30_000);
    const confirmed = await postJson(
      server,
      '/identity/second-factor/totp/confirm',
      { code: await totpAt(started.body.secret, step) },
      { authorization: `Bearer ${first.body.idToken}` },
    );
    expect(confirmed.status).toBe(200);

    const again = await postJson<{ idToken?: string; secondFactor?: string; challenge?: string }>(
      server,
      '/identity/google/complete',
      { code: (await googleSignIn(account)).searchParams.get('googleCode') },
    );
    expect(again.status).toBe(200);
    expect(again.body.idToken).toBeUndefined();
    expect(again.body.secondFactor).toBe('required');
    const done = await postJson<{ idToken?: string }>(server, '/identity/sign-in/second-factor', {
      challenge: again.body.challenge,
      code: await totpAt(started.body.secret, step + 1),
    });
    expect(done.status).toBe(200);
    expect(done.body.idToken).toBeTruthy();
  });

  it('links an existing user by verified email; the token pair reads GetCustomerData', async () => {
    const { user, customer } = await createCustomer(server.database.db, { firstName: 'Grace' });
    const account = googleAccount(user.email);
    const landing = await googleSignIn(account, '/appointments?tab=upcoming');
    expect(landing.origin).toBe(server.url);
    expect(landing.pathname).toBe('/appointments');
    expect(landing.searchParams.get('tab')).toBe('upcoming');
    expect((await readUser(user.id))?.googleSubject).toBe(account.sub);

    const pair = await completeGoogle(landing.searchParams.get('googleCode'));
    expect(pair.status).toBe(200);
    // The sign-in's audit row is written with its session (no flush of the batched log).
    const audited = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'sign_in')));
    expect(audited.map((r) => [r.actorType, r.actorId, r.details])).toEqual([
      ['customer', user.id, { method: 'google' }],
    ]);
    const exchange = await exchangeToken(server, pair.body.idToken);
    expect(exchange.status).toBe(200);
    const result = await graphql<{ customer: { id: string; first_name: string } }>(
      server,
      'query GetCustomerData { customer { id first_name } }',
      exchange.body.access_token,
    );
    expect(result.data?.customer).toEqual({ id: customer.id, first_name: 'Grace' });

    // Once linked, the subject finds the user even after the Google address changes.
    const moved = await googleSignIn({ ...account, email: 'elsewhere@example.com' });
    expect(moved.searchParams.get('googleCode')).toBeTruthy();
  });

  it("a customer's first Google link moves the referral of their email, as a sign-up does", async () => {
    const referrer = await createCustomer(server.database.db, { firstName: 'Rae' });
    const { user, customer } = await createCustomer(server.database.db, { firstName: 'Flo' });
    const [referral] = await server.database.db
      .insert(referrals)
      .values({
        referrerCustomerId: referrer.customer.id,
        refereeEmail: user.email.toLowerCase(),
        status: 'email_sent',
        creditCents: 5000,
      })
      .returning();
    const account = googleAccount(user.email);
    const landing = await googleSignIn(account);
    expect(landing.searchParams.get('googleCode')).toBeTruthy();
    const [moved] = await server.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.id, referral?.id ?? ''));
    expect(moved).toMatchObject({ status: 'referee_signed_up', refereeCustomerId: customer.id });

    // Later Google sign-ins (found by subject) leave it alone.
    await server.database.db
      .update(referrals)
      .set({ status: 'referrer_discount_received' })
      .where(eq(referrals.id, referral?.id ?? ''));
    expect((await googleSignIn(account)).searchParams.get('googleCode')).toBeTruthy();
    const [after] = await server.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.id, referral?.id ?? ''));
    expect(after?.status).toBe('referrer_discount_received');
  });

  it('verifies the email of an unverified user it links', async () => {
    const user = await createUser(server.database.db, { verified: false });
    const landing = await googleSignIn(googleAccount(user.email));
    expect(landing.searchParams.get('googleCode')).toBeTruthy();
    expect((await readUser(user.id))?.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('answers onboarding-required when no portal account matches', async () => {
    const stranger = await googleSignIn(googleAccount('nobody-here@example.com'));
    expect(stranger.href).toBe(`${server.url}/?googleError=onboarding-required`);

    // An address Google does not vouch for never links, even when a user has it.
    const user = await createUser(server.database.db);
    const unverified = await googleSignIn(googleAccount(user.email, false));
    expect(unverified.href).toBe(`${server.url}/?googleError=onboarding-required`);
    expect((await readUser(user.id))?.googleSubject).toBeNull();
  });

  it('refuses a disabled user and a user linked to another Google account', async () => {
    const disabled = await createUser(server.database.db, { disabled: true });
    const landing = await googleSignIn(googleAccount(disabled.email));
    expect(landing.href).toBe(`${server.url}/?googleError=unknown`);
    expect((await readUser(disabled.id))?.googleSubject).toBeNull();

    const user = await createUser(server.database.db);
    const first = googleAccount(user.email);
    await googleSignIn(first);
    const second = await googleSignIn(googleAccount(user.email));
    expect(second.href).toBe(`${server.url}/?googleError=unknown`);
    expect((await readUser(user.id))?.googleSubject).toBe(first.sub);
  });

  it('spends a googleCode once, and not after two minutes', async () => {
    const user = await createUser(server.database.db);
    const account = googleAccount(user.email);
    const code = (await googleSignIn(account)).searchParams.get('googleCode');
    expect((await completeGoogle(code)).status).toBe(200);
    const again = await completeGoogle(code);
    expect(again.status).toBe(400);
    expect(again.body.error?.code).toBe('invalid-code');
    expect((await completeGoogle('made-up')).body.error?.code).toBe('invalid-code');

    const late = (await googleSignIn(account)).searchParams.get('googleCode');
    server.clock.advance(CODE_TTL_MS.google_login + 1000);
    expect((await completeGoogle(late)).body.error?.code).toBe('code-expired');
  });

  it('refuses an unknown, tampered or replayed state, and a forged code', async () => {
    const unknown = await fetch(`${server.url}/identity/google/callback?code=x&state=made-up`, {
      redirect: 'manual',
    });
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get('location')).toBe(`${server.url}/?googleError=unknown`);

    const user = await createUser(server.database.db);
    const tampered = await googleSignIn(googleAccount(user.email), '/', (url) => {
      url.searchParams.set('state', `${url.searchParams.get('state')}x`);
      return url;
    });
    expect(tampered.href).toBe(`${server.url}/?googleError=unknown`);
    expect((await readUser(user.id))?.googleSubject).toBeNull();

    // A code the provider never issued fails at the token endpoint: logged, reported unknown.
    const badCode = await googleSignIn(googleAccount(user.email), '/', (url) => {
      url.searchParams.set('code', 'made-up');
      return url;
    });
    expect(badCode.href).toBe(`${server.url}/?googleError=unknown`);

    let callback: URL | undefined;
    const landing = await googleSignIn(googleAccount(user.email), '/', (url) => (callback = url));
    expect(landing.searchParams.get('googleCode')).toBeTruthy();
    // Spent by the first callback, so a replay fails here, before the provider is asked.
    const state = callback?.searchParams.get('state') ?? '';
    const rows = await server.database.db
      .select()
      .from(oidcStates)
      .where(eq(oidcStates.state, state));
    expect(rows).toHaveLength(0);
    const replay = await fetch(callback ?? '', { redirect: 'manual' });
    expect(replay.headers.get('location')).toBe(`${server.url}/?googleError=unknown`);
  });

  it('only returns to same-origin paths', async () => {
    const user = await createUser(server.database.db);
    const landing = await googleSignIn(googleAccount(user.email), '//evil.example/steal');
    expect(landing.origin).toBe(server.url);
    expect(landing.pathname).toBe('/');
    for (const bad of ['https://evil.example/', '/\\evil.example', 'relative', '/a\nb', 42]) {
      expect(safeReturnTo(bad)).toBe('/');
    }
    expect(safeReturnTo('/account/settings?x=1#top')).toBe('/account/settings?x=1#top');
  });

  it('lists its routes in /openapi.json', async () => {
    const spec = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
    };
    for (const path of ['start', 'callback', 'complete', 'unlink']) {
      expect(spec.paths).toHaveProperty([`/identity/google/${path}`]);
    }
  });
});

describe('Unlinking Google', () => {
  async function linkedUser() {
    const user = await createUser(server.database.db);
    const account = googleAccount(user.email);
    const code = (await googleSignIn(account)).searchParams.get('googleCode');
    const pair = await completeGoogle(code);
    return { user, account, idToken: pair.body.idToken };
  }

  it('unlinks; a later Google sign-in links again by the verified email', async () => {
    const { user, account, idToken } = await linkedUser();
    const result = await unlink(idToken);
    expect(result.status).toBe(200);
    expect((await readUser(user.id))?.googleSubject).toBeNull();
    await server.flushAudit();
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, 'google_unlinked')));
    expect(audit).toHaveLength(1);

    // Unlinking drops the subject, not the address: Google still vouches for it, so it links.
    const again = await googleSignIn(account);
    expect(again.searchParams.get('googleCode')).toBeTruthy();
    expect((await readUser(user.id))?.googleSubject).toBe(account.sub);
  });

  it('tells the account page whether Google is linked, only for the bearer', async () => {
    const links = async (token?: string) => {
      const response = await fetch(`${server.url}/identity/account/links`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return { status: response.status, body: (await response.json()) as { google?: boolean } };
    };
    const { idToken } = await linkedUser();
    expect(await links(idToken)).toEqual({ status: 200, body: { google: true } });
    expect((await unlink(idToken)).status).toBe(200);
    expect(await links(idToken)).toEqual({ status: 200, body: { google: false } });

    const { user: other, password } = await createCustomer(server.database.db);
    const signIn = await postJson<{ idToken: string }>(server, '/identity/sign-in', {
      email: other.email,
      password,
    });
    expect((await links(signIn.body.idToken)).body).toEqual({ google: false });
    expect((await links()).status).toBe(401);
  });

  it('refuses to unlink an account that has no password', async () => {
    const { user, account, idToken } = await linkedUser();
    await server.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    const result = await unlink(idToken);
    expect(result.status).toBe(400);
    expect(result.body.error).toEqual({
      code: 'invalid-input',
      message: 'Set a password before unlinking Google.',
    });
    expect((await readUser(user.id))?.googleSubject).toBe(account.sub);
  });

  it("only ever unlinks the token's own user", async () => {
    const { user: linked, account } = await linkedUser();
    const { user: other, password } = await createCustomer(server.database.db);
    const signIn = await postJson<{ idToken: string }>(server, '/identity/sign-in', {
      email: other.email,
      password,
    });
    const result = await postJson(
      server,
      '/identity/google/unlink',
      { userId: linked.id, sub: linked.id },
      { authorization: `Bearer ${signIn.body.idToken}` },
    );
    expect(result.status).toBe(200);
    expect((await readUser(linked.id))?.googleSubject).toBe(account.sub);

    const anonymous = await postJson(server, '/identity/google/unlink', {});
    expect(anonymous.status).toBe(401);
  });
});

describe('without a Google issuer', () => {
  it('has no Google routes', async () => {
    const plain = await startTestServer();
    try {
      const response = await fetch(`${plain.url}/identity/google/start`, { redirect: 'manual' });
      expect(response.status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
