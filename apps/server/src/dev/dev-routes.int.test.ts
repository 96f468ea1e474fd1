import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/harness';
import { productionEnv } from '../../test/production-env';
import { rememberStaffSecret, staffSignIn } from '../../test/staff-sign-in';

// Issue 41: the development routes that stand in for time passing in the browser suite answer
// the machine itself only, and a production server does not have them at all.

const ROUTES = (customerId: string) => [
  { url: `/dev/customers/${customerId}/plans/backdate`, payload: { days: 31 } },
  { url: '/dev/jobs/renewals/run', payload: { customerId } },
  { url: '/dev/staff-members', payload: { role: 'care', firstName: 'Casey' } },
];

describe('development routes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answer the machine itself, nobody else whatever a proxy header says', async () => {
    const { customer } = await createCustomer(server.database.db);
    for (const route of ROUTES(customer.id)) {
      const local = await server.app.inject({
        method: 'POST',
        remoteAddress: '127.0.0.1',
        ...route,
      });
      expect(local.statusCode, route.url).toBe(route.url.endsWith('staff-members') ? 201 : 200);
      const remote = await server.app.inject({
        method: 'POST',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-for': '127.0.0.1' },
        ...route,
      });
      expect(remote.statusCode, route.url).toBe(404);
    }
  });

  it('refuse bad input and an unknown customer', async () => {
    const post = (url: string, payload: Record<string, unknown>) =>
      server.app.inject({ method: 'POST', remoteAddress: '127.0.0.1', url, payload });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await post(`/dev/customers/${unknown}/plans/backdate`, { days: 31 })).statusCode).toBe(
      404,
    );
    const { customer } = await createCustomer(server.database.db);
    const backdate = `/dev/customers/${customer.id}/plans/backdate`;
    expect((await post(backdate, { days: 0 })).statusCode).toBe(400);
    expect((await post(backdate, { days: 401 })).statusCode).toBe(400);
    expect((await post('/dev/jobs/renewals/run', {})).statusCode).toBe(400);
    expect((await post('/dev/staff-members', { role: 'owner', firstName: 'A' })).statusCode).toBe(
      400,
    );
    expect((await post('/dev/staff-members', { role: 'care', firstName: ' ' })).statusCode).toBe(
      400,
    );
  });

  it('make a care-team member of its own, who signs in with password and authenticator', async () => {
    const made = await server.app.inject({
      method: 'POST',
      remoteAddress: '127.0.0.1',
      url: '/dev/staff-members',
      payload: { role: 'admin', firstName: 'Avery' },
    });
    expect(made.statusCode).toBe(201);
    const account = made.json<{ email: string; password: string; totpSecret: string }>();
    const other = (
      await server.app.inject({
        method: 'POST',
        remoteAddress: '127.0.0.1',
        url: '/dev/staff-members',
        payload: { role: 'care', firstName: 'Avery' },
      })
    ).json<{ email: string; password: string; totpSecret: string }>();
    // Each its own account, password and secret.
    expect(other.email).not.toBe(account.email);
    expect(other.password).not.toBe(account.password);
    expect(other.totpSecret).not.toBe(account.totpSecret);

    rememberStaffSecret(server, account.email, account.totpSecret);
    const signedIn = await staffSignIn(server, account.email, account.password);
    expect(signedIn.role).toBe('admin');
    // Enrolled already: the sign-in asked for a code of that secret, not an enrolment.
    expect(signedIn.secret).toBe(account.totpSecret);
    await expect(staffSignIn(server, account.email, other.password)).rejects.toThrow(/401|400/);
  });
});

describe('a production server', () => {
  let production: TestServer;
  beforeAll(async () => {
    production = await startTestServer(productionEnv());
  });
  afterAll(async () => {
    await production.close();
  });

  it('does not serve the development routes, even to the machine itself', async () => {
    const { customer } = await createCustomer(production.database.db);
    for (const route of ROUTES(customer.id)) {
      const response = await production.app.inject({
        method: 'POST',
        remoteAddress: '127.0.0.1',
        ...route,
      });
      expect(response.statusCode, route.url).toBe(404);
    }
  });
});
