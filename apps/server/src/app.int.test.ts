import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../test/factories';
import {
  exchangeToken,
  graphql,
  postJson,
  startTestServer,
  type TestServer,
} from '../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('platform', () => {
  it('answers /healthz and /version.json without caching', async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    const version = await fetch(`${server.url}/version.json`);
    expect(version.headers.get('cache-control')).toContain('no-store');
    expect(await version.json()).toEqual({ version: '1.18.13' });
  });

  it('signs in, exchanges the token and reads GetCustomerData', async () => {
    const { user, customer, password } = await createCustomer(server.database.db, {
      firstName: 'Ada',
    });
    const signIn = await postJson<{ idToken: string }>(server, '/identity/sign-in', {
      email: user.email,
      password,
    });
    expect(signIn.status).toBe(200);
    const exchange = await exchangeToken(server, signIn.body.idToken);
    expect(exchange.status).toBe(200);
    const result = await graphql<{ customer: { id: string; first_name: string } }>(
      server,
      'query GetCustomerData { customer { id first_name } }',
      exchange.body.access_token,
    );
    expect(result.data?.customer).toEqual({ id: customer.id, first_name: 'Ada' });
  });
});
