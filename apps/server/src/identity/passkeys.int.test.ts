import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerPasskeys, webauthnChallenges } from '../db/schema/identity';
import { createCustomer, TEST_PASSWORD } from '../../test/factories';
import { latestMail, postJson, startTestServer, type TestServer } from '../../test/harness';

// Issue 42: passkeys belong to their patient, and a sign-in challenge is good once. The
// ceremonies themselves run in Chromium's virtual authenticator (e2e strong-sign-in.spec.ts).

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ AUTH_RATE_LIMIT_MULTIPLIER: '10' });
});
afterAll(async () => {
  await server.close();
});

interface Answer {
  idToken?: string;
  challenge?: string;
  passkeys?: { id: string; name: string; lastUsedAt: string | null }[];
  error?: { code: string };
}

const post = (route: string, body: unknown, token?: string) =>
  postJson<Answer>(server, route, body, token ? { authorization: `Bearer ${token}` } : {});

async function get(route: string, token: string) {
  const res = await fetch(`${server.url}${route}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

async function signedIn() {
  const { user } = await createCustomer(server.database.db);
  const res = await post('/identity/sign-in', { email: user.email, password: TEST_PASSWORD });
  return { user, token: res.body.idToken ?? '' };
}

/** A stored passkey (its key never checked here: no ceremony reaches it). */
async function passkeyOf(userId: string, credentialId: string) {
  const [row] = await server.database.db
    .insert(customerPasskeys)
    .values({
      userId,
      credentialId,
      publicKey: Buffer.from('not a key').toString('base64url'),
      deviceType: 'multiDevice',
      name: 'Phone',
    })
    .returning();
  return row!;
}

/** A browser answer whose client data signed `challenge` (the signature is not valid). */
function answer(challenge: string, credentialId: string) {
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: 'webauthn.get', challenge, origin: server.config.publicUrl }),
  ).toString('base64url');
  return {
    response: {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key',
      response: { clientDataJSON, authenticatorData: 'AAAA', signature: 'AAAA' },
      clientExtensionResults: {},
    },
  };
}

describe("another patient's passkeys", () => {
  it('are neither listed, renamed nor removed by someone else', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const key = await passkeyOf(a.user.id, 'cred-a-1');
    expect((await get('/identity/passkeys', b.token)).body.passkeys).toEqual([]);
    const renamed = await post(`/identity/passkeys/${key.id}/rename`, { name: 'Mine' }, b.token);
    expect(renamed.status).toBe(404);
    const removed = await post(
      `/identity/passkeys/${key.id}/remove`,
      { password: TEST_PASSWORD },
      b.token,
    );
    expect(removed.status).toBe(404);
    const own = await get('/identity/passkeys', a.token);
    expect(own.body.passkeys?.map((p) => p.name)).toEqual(['Phone']);
  });

  it('are renamed and removed by their own patient, who is mailed', async () => {
    const a = await signedIn();
    const key = await passkeyOf(a.user.id, 'cred-a-2');
    expect(
      (await post(`/identity/passkeys/${key.id}/rename`, { name: ' Tablet ' }, a.token)).status,
    ).toBe(200);
    expect((await get('/identity/passkeys', a.token)).body.passkeys?.[0]?.name).toBe('Tablet');
    expect(
      (await post(`/identity/passkeys/${key.id}/remove`, { password: TEST_PASSWORD }, a.token))
        .status,
    ).toBe(200);
    expect((await get('/identity/passkeys', a.token)).body.passkeys).toEqual([]);
    expect((await latestMail(server, a.user.email))?.subject).toBe(
      'A sign-in method was removed from your account',
    );
  });

  it('are removed only with the password: a wrong or missing one removes nothing', async () => {
    const a = await signedIn();
    const key = await passkeyOf(a.user.id, 'cred-a-3');
    const wrong = await post(
      `/identity/passkeys/${key.id}/remove`,
      { password: 'NotThePassword1' },
      a.token,
    );
    expect(wrong.status).toBe(401);
    expect(wrong.body.error?.code).toBe('invalid-credentials');
    const missing = await post(`/identity/passkeys/${key.id}/remove`, {}, a.token);
    expect(missing.status).toBe(400);
    expect((await get('/identity/passkeys', a.token)).body.passkeys?.map((p) => p.id)).toEqual([
      key.id,
    ]);
  });

  it('need a session to be listed or added', async () => {
    expect((await fetch(`${server.url}/identity/passkeys`)).status).toBe(401);
    expect((await post('/identity/passkeys/register/options', {})).status).toBe(401);
  });
});

describe('passkey sign-in challenges', () => {
  it('are refused when unknown, and spent by the first answer whatever it was', async () => {
    const { user } = await signedIn();
    await passkeyOf(user.id, 'cred-b-1');
    const unknown = await post('/identity/passkeys/sign-in', answer('bm90LWlzc3VlZA', 'cred-b-1'));
    expect(unknown.status).toBe(401);
    expect(unknown.body.idToken).toBeUndefined();

    const options = await post('/identity/passkeys/sign-in/options', {});
    expect(options.status).toBe(200);
    expect(options.headers.get('cache-control')).toBe('no-store');
    const challenge = options.body.challenge ?? '';
    // A bad signature is refused, and the challenge is gone with it.
    expect((await post('/identity/passkeys/sign-in', answer(challenge, 'cred-b-1'))).status).toBe(
      401,
    );
    const [row] = await server.database.db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, challenge));
    expect(row?.spentAt).not.toBeNull();
    expect((await post('/identity/passkeys/sign-in', answer(challenge, 'cred-b-1'))).status).toBe(
      401,
    );
  });

  it('expire after five minutes', async () => {
    const options = await post('/identity/passkeys/sign-in/options', {});
    server.clock.advance(5 * 60_000 + 1000);
    const late = await post(
      '/identity/passkeys/sign-in',
      answer(options.body.challenge ?? '', 'x'),
    );
    expect(late.status).toBe(401);
    const [row] = await server.database.db
      .select()
      .from(webauthnChallenges)
      .where(eq(webauthnChallenges.challenge, options.body.challenge ?? ''));
    // Not spent: it was no longer live to spend.
    expect(row?.spentAt ?? null).toBeNull();
  });
});
