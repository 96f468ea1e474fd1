import { and, eq } from 'drizzle-orm';
import { SignJWT, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/platform';
import { createCustomer, createUser, TEST_PASSWORD } from '../../test/factories';
import {
  exchangeToken,
  graphql,
  postJson,
  startTestServer,
  type TestServer,
} from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const GET_CUSTOMER_DATA = `query GetCustomerData {
  customer { id short_id full_name first_name email shippingAddresses { street_address1 } subscriptions { status contract { price } } }
}`;

async function accessTokenFor(email: string): Promise<string> {
  const signIn = await postJson<{ idToken: string }>(server, '/identity/sign-in', {
    email,
    password: TEST_PASSWORD,
  });
  const exchange = await exchangeToken(server, signIn.body.idToken);
  return exchange.body.access_token ?? '';
}

function decodeHeader(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

function decode(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;
}

describe('POST /connect/token (RFC 8693)', () => {
  it('issues a short-lived access token with the customer role and customer id', async () => {
    const { user, customer } = await createCustomer(server.database.db);
    const signIn = await postJson<{ idToken: string }>(server, '/identity/sign-in', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    const res = await exchangeToken(server, signIn.body.idToken);
    expect(res.status).toBe(200);
    expect(res.body.token_type).toBe('Bearer');
    expect(res.body.issued_token_type).toBe('urn:ietf:params:oauth:token-type:access_token');
    const claims = decode(res.body.access_token ?? '');
    expect(claims.role).toBe('customer');
    expect(claims.customer_id).toBe(customer.id);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(900);
  });

  it('refuses a wrong grant type, client or scope, and a bad subject token', async () => {
    const { user } = await createCustomer(server.database.db);
    const signIn = await postJson<{ idToken: string }>(server, '/identity/sign-in', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    const post = (fields: Record<string, string>) =>
      fetch(`${server.url}/connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
          client_id: 'customer-portal',
          scope: 'graphql',
          subject_token: signIn.body.idToken,
          ...fields,
        }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as { error: string } }));
    expect((await post({ grant_type: 'password' })).body.error).toBe('unsupported_grant_type');
    expect((await post({ client_id: 'other' })).body.error).toBe('invalid_client');
    expect((await post({ scope: 'admin' })).body.error).toBe('invalid_scope');
    const bad = await post({ subject_token: 'x.y.z' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_grant');
  });

  it('refuses an ID token whose session was signed out', async () => {
    const { user } = await createCustomer(server.database.db);
    const signIn = await postJson<{ idToken: string; refreshToken: string }>(
      server,
      '/identity/sign-in',
      { email: user.email, password: TEST_PASSWORD },
    );
    await postJson(server, '/identity/sign-out', { refreshToken: signIn.body.refreshToken });
    const res = await exchangeToken(server, signIn.body.idToken);
    expect(res.body.error).toBe('invalid_grant');
  });
});

describe('GetCustomerData', () => {
  it('returns the signed-in customer with addresses and subscriptions, and audits the read', async () => {
    const { user, customer } = await createCustomer(server.database.db, {
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    const token = await accessTokenFor(user.email);
    const res = await graphql<{ customer: Record<string, unknown> }>(
      server,
      GET_CUSTOMER_DATA,
      token,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.customer).toMatchObject({
      id: customer.id,
      full_name: 'Grace Hopper',
      email: user.email,
      shippingAddresses: [{ street_address1: '1 Main St' }],
      subscriptions: [{ status: 'active', contract: { price: 99_900 } }],
    });
    await server.flushAudit();
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'customer'), eq(auditLog.entityId, customer.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorType: 'customer', actorId: customer.id, action: 'read' });
  });

  it('no token, no data: invalid-jwt', async () => {
    const res = await graphql(server, GET_CUSTOMER_DATA);
    expect(res.data?.customer ?? null).toBeNull();
    expect(res.errors?.[0]?.extensions?.code).toBe('invalid-jwt');
  });

  it('an expired access token answers jwtExpired', async () => {
    const { user } = await createCustomer(server.database.db);
    const token = await accessTokenFor(user.email);
    server.clock.advance(16 * 60_000);
    try {
      const res = await graphql(server, GET_CUSTOMER_DATA, token);
      expect(res.errors?.[0]?.extensions?.code).toBe('jwtExpired');
    } finally {
      server.clock.advance(-16 * 60_000);
    }
  });

  it('an ID token is not accepted where an access token is required', async () => {
    const { user } = await createCustomer(server.database.db);
    const signIn = await postJson<{ idToken: string }>(server, '/identity/sign-in', {
      email: user.email,
      password: TEST_PASSWORD,
    });
    const res = await graphql(server, GET_CUSTOMER_DATA, signIn.body.idToken);
    expect(res.errors?.[0]?.extensions?.code).toBe('invalid-jwt');
  });

  it("one customer's token never reads another's data", async () => {
    const a = await createCustomer(server.database.db, { firstName: 'Ann' });
    const b = await createCustomer(server.database.db, { firstName: 'Ben' });
    const tokenA = await accessTokenFor(a.user.email);
    const res = await graphql<{ customer: { id: string } }>(server, GET_CUSTOMER_DATA, tokenA);
    expect(res.data?.customer.id).toBe(a.customer.id);
    expect(JSON.stringify(res)).not.toContain(b.customer.id);

    // A token claiming B's id, signed by anyone but the server, is refused.
    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ ...decode(tokenA), customer_id: b.customer.id })
      .setProtectedHeader({ alg: 'ES256', kid: String(decodeHeader(tokenA).kid) })
      .sign(privateKey);
    const forgedRes = await graphql(server, GET_CUSTOMER_DATA, forged);
    expect(forgedRes.errors?.[0]?.extensions?.code).toBe('invalid-jwt');
    expect(JSON.stringify(forgedRes)).not.toContain('Ben');

    // Editing the payload of a real token breaks its signature.
    const [h, , s] = tokenA.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...decode(tokenA), customer_id: b.customer.id })).toString('base64url')}.${s}`;
    const tamperedRes = await graphql(server, GET_CUSTOMER_DATA, tampered);
    expect(tamperedRes.errors?.[0]?.extensions?.code).toBe('invalid-jwt');
  });

  it('a user with no customer record gets a null customer (the empty account, C108)', async () => {
    const user = await createUser(server.database.db);
    const token = await accessTokenFor(user.email);
    expect(decode(token).customer_id).toBeNull();
    const res = await graphql<{ customer: null }>(server, GET_CUSTOMER_DATA, token);
    expect(res.errors).toBeUndefined();
    expect(res.data?.customer).toBeNull();
  });

  it('flags come per customer: a customer row overrides the default', async () => {
    const { user, customer } = await createCustomer(server.database.db);
    const { featureFlags } = await import('../db/schema/index');
    await server.database.db.insert(featureFlags).values([
      { name: 'google-sso', enabled: false },
      { name: 'google-sso', enabled: true, customerId: customer.id },
    ]);
    const token = await accessTokenFor(user.email);
    const res = await graphql<{ featureFlags: { name: string; enabled: boolean }[] }>(
      server,
      '{ featureFlags { name enabled } }',
      token,
    );
    expect(res.data?.featureFlags.find((f) => f.name === 'google-sso')?.enabled).toBe(true);
    expect(res.data?.featureFlags.find((f) => f.name === 'one-way-messaging')?.enabled).toBe(false);
  });
});

describe('GraphQL limits', () => {
  it('refuses too many aliases', async () => {
    const { user } = await createCustomer(server.database.db);
    const token = await accessTokenFor(user.email);
    const aliases = Array.from({ length: 12 }, (_, i) => `a${i}: customer { id }`).join(' ');
    const res = await graphql(server, `{ ${aliases} }`, token);
    expect(res.errors?.[0]?.message).toMatch(/alias/i);
  });

  it('allows introspection outside production', async () => {
    const res = await graphql<{ __schema: { queryType: { name: string } } }>(
      server,
      '{ __schema { queryType { name } } }',
    );
    expect(res.data?.__schema.queryType.name).toBe('Query');
  });
});
