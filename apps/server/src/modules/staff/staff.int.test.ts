import { FEATURE_FLAGS, DEFAULT_ACCOUNT_MODULES, DEFAULT_HOME_MODULES } from '@portal/domain';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/appointments';
import { addresses, subscriptions } from '../../db/schema/customers';
import { featureFlags } from '../../db/schema/flags';
import { users } from '../../db/schema/identity';
import { providerMessages, providerMessageTemplates } from '../../db/schema/messages';
import { customerNotifications } from '../../db/schema/notifications';
import { auditLog } from '../../db/schema/platform';
import { sduiModules } from '../../db/schema/sdui';
import { createScheduledProvider, createTreatment } from '../../../test/appointment-fixtures';
import { createCustomer, createUser, TEST_PASSWORD } from '../../../test/factories';
import { graphql, postJson, startTestServer, type TestServer } from '../../../test/harness';
import {
  createStaffUser,
  customerTokenFor,
  staffCall,
  staffTokenFor,
} from '../../../test/messaging-helpers';

const API_KEY = 'staff-suite-api-key-0123456789';
let server: TestServer;
let staffEmail: string;
let treatmentShortId: string;
let providerId: string;
beforeAll(async () => {
  server = await startTestServer({ STAFF_API_KEY: API_KEY });
  // An admin: the suite covers the flag and SDUI routes, which are admin-only (issue 41).
  staffEmail = (await createStaffUser(server.database.db, { role: 'admin' })).email;
  const treatment = await createTreatment(server.database.db);
  treatmentShortId = treatment.shortId;
  providerId = (await createScheduledProvider(server.database.db)).id;
});
/** Each booking call gets its own start, so a second one is not the live-slot conflict. */
let nextStart = Date.parse('2031-01-06T16:00:00Z');
afterAll(async () => {
  await server.close();
});

/** Rows of every table the staff API writes, to show a refused call changed nothing. */
async function counts() {
  const db = server.database.db;
  const [m] = await db.select({ n: count() }).from(providerMessages);
  const [c] = await db.select({ n: count() }).from(customerNotifications);
  const [f] = await db.select({ n: count() }).from(featureFlags);
  const [s] = await db.select({ n: count() }).from(sduiModules);
  const [t] = await db.select({ n: count() }).from(providerMessageTemplates);
  const [a] = await db.select({ n: count() }).from(addresses);
  const [u] = await db.select({ n: count() }).from(subscriptions);
  const [v] = await db.select({ n: count() }).from(appointments);
  return {
    messages: m?.n,
    notifications: c?.n,
    flags: f?.n,
    modules: s?.n,
    templates: t?.n,
    addresses: a?.n,
    subscriptions: u?.n,
    appointments: v?.n,
  };
}

/** One valid call of every staff endpoint for a customer. */
function everyEndpoint(customerId: string) {
  return [
    {
      method: 'POST',
      route: `/staff/customers/${customerId}/messages`,
      body: { type: 'treatment_update', html: '<p>hi</p>', notify: { title: 'New message' } },
    },
    {
      method: 'POST',
      route: `/staff/customers/${customerId}/notifications`,
      body: { type: 'notice_payment_due_v1', title: 'Pay' },
    },
    {
      method: 'PUT',
      route: `/staff/flags/${FEATURE_FLAGS.glp1AlertBanner}`,
      body: { customerId, enabled: true },
    },
    {
      method: 'PUT',
      route: '/staff/sdui-modules/home',
      body: { customerId, modules: ['orders'] },
    },
    { method: 'POST', route: '/staff/message-templates', body: { type: 'x', description: 'X' } },
    {
      method: 'PUT',
      route: `/staff/customers/${customerId}/shipping-address`,
      body: { streetAddress1: '1 Main St', city: 'Austin', stateCode: 'TX', zipCode: '78701' },
    },
    {
      method: 'POST',
      route: `/staff/customers/${customerId}/subscriptions`,
      body: { treatmentShortId },
    },
    {
      method: 'POST',
      route: `/staff/customers/${customerId}/appointments`,
      body: {
        providerId,
        treatmentShortId,
        start: new Date((nextStart += 3_600_000)).toISOString(),
        end: new Date(nextStart + 1_800_000).toISOString(),
      },
    },
  ] as const;
}

describe('POST /staff/token', () => {
  it("checks a staff account's email and password, then asks for the second factor", async () => {
    const res = await postJson<Record<string, unknown>>(server, '/staff/token', {
      email: ` ${staffEmail.toUpperCase()} `,
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(200);
    // No token before the second factor (staff-second-factor.int.test.ts covers the rest).
    expect(String(res.body.status)).toMatch(/^(enroll|verify)$/);
    expect(res.body.challenge).toEqual(expect.any(String));
    expect(res.body.access_token).toBeUndefined();
  });

  it("refuses a customer's credentials, a wrong password and a disabled staff account", async () => {
    const customer = await createCustomer(server.database.db);
    const disabled = await createStaffUser(server.database.db, { disabled: true });
    for (const body of [
      { email: customer.user.email, password: TEST_PASSWORD },
      { email: staffEmail, password: 'Wrong1234' },
      { email: 'nobody@example.com', password: TEST_PASSWORD },
      { email: disabled.email, password: TEST_PASSWORD },
    ]) {
      const res = await postJson(server, '/staff/token', body);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ error: { code: 'invalid-credentials' } });
    }
    const bad = await postJson(server, '/staff/token', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
  });

  it('gives a token that /graphql refuses', async () => {
    const res = await graphql(
      server,
      '{ featureFlags { name } }',
      await staffTokenFor(server, staffEmail),
    );
    expect(res.errors?.[0]?.extensions?.code).toBe('invalid-jwt');
  });
});

describe('staff endpoints refuse anyone but staff', () => {
  it('answer 401 to a customer access token, none, a bad one or a wrong key; nothing changes', async () => {
    const { customer, user } = await createCustomer(server.database.db);
    const customerToken = await customerTokenFor(server, user.email);
    const idToken = (
      await postJson<{ idToken: string }>(server, '/identity/sign-in', {
        email: user.email,
        password: TEST_PASSWORD,
      })
    ).body.idToken;
    const before = await counts();
    for (const call of everyEndpoint(customer.id)) {
      for (const token of [customerToken, idToken, undefined, 'garbage', `${API_KEY}x`]) {
        const res = await staffCall(server, call.method, call.route, token, call.body);
        expect(res.status, `${call.route} with ${token?.slice(0, 8)}`).toBe(401);
        expect(res.body).toMatchObject({ error: { code: 'invalid-token' } });
      }
    }
    expect(await counts()).toEqual(before);
  });

  it('stop accepting a staff token once the account is disabled or is no longer staff', async () => {
    const staff = await createStaffUser(server.database.db);
    const token = await staffTokenFor(server, staff.email);
    const { customer } = await createCustomer(server.database.db);
    const call = everyEndpoint(customer.id)[1];
    expect((await staffCall(server, call.method, call.route, token, call.body)).status).toBe(201);
    await server.database.db.update(users).set({ role: 'customer' }).where(eq(users.id, staff.id));
    expect((await staffCall(server, call.method, call.route, token, call.body)).status).toBe(401);
  });

  it('accept a staff token and the API key for every endpoint', async () => {
    const { customer } = await createCustomer(server.database.db);
    const token = await staffTokenFor(server, staffEmail);
    for (const credential of [token, API_KEY]) {
      for (const call of everyEndpoint(customer.id)) {
        const res = await staffCall(server, call.method, call.route, credential, call.body);
        expect(res.status, call.route).toBeLessThan(300);
      }
    }
  });
});

describe('every staff route the server registers', () => {
  // Read from the router itself, so a route added later is covered without editing this list.
  // The token route signs staff in and the carrier webhook is signed over its body (tested in
  // carrier-webhook.int.test.ts); every other /staff route sits behind the staff check.
  // The staff password reset is for someone who cannot sign in (identity/staff-reset.int.test.ts).
  const OWN_AUTH = new Set([
    '/staff/token',
    '/staff/token/enroll',
    '/staff/token/verify',
    '/staff/carrier-webhook',
    '/staff/password-reset',
    '/staff/password-reset/confirm',
  ]);

  function staffRoutes(): { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; route: string }[] {
    // printRoutes nests a route under another whose path is its prefix (/staff/customers/:id
    // under GET /staff/customers), four characters of tree a level: rebuild the full paths.
    const stack: string[] = [];
    const listed: [string, string, string][] = [];
    for (const line of server.app.printRoutes({ commonPrefix: false }).split('\n')) {
      const m = /^([│├└─\s]*)(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
      if (!m) continue;
      const depth = (m[1] ?? '').length / 4;
      stack.length = depth;
      stack[depth] = m[2] ?? '';
      if (m[3]) listed.push([line, stack.join(''), m[3]]);
    }
    return listed
      .filter(([, route]) => route.startsWith('/staff/'))
      .filter(([, route]) => !OWN_AUTH.has(route ?? ''))
      .flatMap(([, route, methods]) =>
        // HEAD is Fastify's automatic twin of a GET, answered by the same handler.
        (methods ?? '').split(', ').flatMap((method) =>
          method === 'HEAD'
            ? []
            : [
                {
                  method: method as 'GET' | 'POST' | 'PUT' | 'DELETE',
                  // Any id will do: the staff check runs before the route reads its input.
                  route: (route ?? '').replace(
                    /:[A-Za-z]+/g,
                    '00000000-0000-4000-8000-000000000000',
                  ),
                },
              ],
        ),
      );
  }

  it('are all behind the staff check: 401 before any input is read, nothing written', async () => {
    const { user } = await createCustomer(server.database.db);
    const customerToken = await customerTokenFor(server, user.email);
    const routes = staffRoutes();
    // The list is real: it holds the routes of document 01 and of the treatment records.
    expect(routes.length).toBeGreaterThanOrEqual(14);
    expect(routes.map((r) => r.route)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\/messages$/),
        expect.stringMatching(/\/prescriptions$/),
        expect.stringMatching(/\/lab-results$/),
        expect.stringMatching(/\/events$/),
        expect.stringMatching(/\/actions$/),
      ]),
    );
    const before = await counts();
    await server.flushAudit();
    const audited = (await server.database.db.select({ n: count() }).from(auditLog))[0]?.n;
    for (const { method, route } of routes) {
      expect(['GET', 'POST', 'PUT', 'DELETE'], route).toContain(method);
      for (const token of [customerToken, undefined, 'garbage', `${API_KEY}x`]) {
        // staffCall's type names the methods of the write routes; fetch sends any of them.
        const res = await staffCall(server, method as 'POST', route, token, {});
        expect(res.status, `${method} ${route} with ${token?.slice(0, 8)}`).toBe(401);
      }
    }
    expect(await counts()).toEqual(before);
    await server.flushAudit();
    expect((await server.database.db.select({ n: count() }).from(auditLog))[0]?.n).toBe(audited);
  });
});

describe('staff input is checked; bad input changes nothing', () => {
  it('answers 400 with field errors, or 404 for an unknown customer', async () => {
    const { customer } = await createCustomer(server.database.db);
    const token = await staffTokenFor(server, staffEmail);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const before = await counts();
    const cases: [string, 'POST' | 'PUT', string, unknown, number, string][] = [
      ['no html', 'POST', `/staff/customers/${customer.id}/messages`, { type: 't' }, 400, 'html'],
      [
        'unknown provider',
        'POST',
        `/staff/customers/${customer.id}/messages`,
        { type: 't', html: '<p>x</p>', providerId: unknown },
        400,
        'providerId',
      ],
      [
        'unknown template',
        'POST',
        `/staff/customers/${customer.id}/messages`,
        { type: 't', html: '<p>x</p>', templateUsedId: unknown },
        400,
        'templateUsedId',
      ],
      [
        'bad customer id',
        'POST',
        '/staff/customers/nope/notifications',
        { type: 'dl', title: 'x' },
        400,
        'customerId',
      ],
      [
        'javascript: action',
        'POST',
        `/staff/customers/${customer.id}/notifications`,
        { type: 'dl', title: 'x', action: { label: 'Go', url: 'javascript:alert(1)' } },
        400,
        'action.url',
      ],
      [
        'expires before shown',
        'POST',
        `/staff/customers/${customer.id}/notifications`,
        {
          type: 'dl',
          title: 'x',
          showAfter: '2030-01-02T00:00:00Z',
          expireAt: '2030-01-01T00:00:00Z',
        },
        400,
        'expireAt',
      ],
      [
        'unknown status',
        'POST',
        `/staff/customers/${customer.id}/notifications`,
        { type: 'dl', title: 'x', status: 'archived' },
        400,
        'status',
      ],
      [
        'unknown field',
        'POST',
        `/staff/customers/${customer.id}/notifications`,
        { type: 'dl', title: 'x', customerId: unknown },
        400,
        'body',
      ],
      ['unknown flag', 'PUT', '/staff/flags/no_such_flag', { enabled: true }, 400, 'name'],
      [
        'flag without enabled',
        'PUT',
        `/staff/flags/${FEATURE_FLAGS.bulkDisclaimer}`,
        {},
        400,
        'enabled',
      ],
      ['bad surface', 'PUT', '/staff/sdui-modules/sidebar', { modules: ['a'] }, 400, 'surface'],
      [
        'duplicate modules',
        'PUT',
        '/staff/sdui-modules/home',
        { modules: ['orders', 'orders'] },
        400,
        'modules',
      ],
      [
        'unknown customer',
        'POST',
        `/staff/customers/${unknown}/messages`,
        { type: 't', html: '<p>x</p>' },
        404,
        '',
      ],
      [
        'unknown customer flag',
        'PUT',
        `/staff/flags/${FEATURE_FLAGS.bulkDisclaimer}`,
        { customerId: unknown, enabled: true },
        404,
        '',
      ],
    ];
    for (const [what, method, route, body, status, field] of cases) {
      const res = await staffCall<{ error: { code: string; fields?: Record<string, string> } }>(
        server,
        method,
        route,
        token,
        body,
      );
      expect(res.status, what).toBe(status);
      if (status === 400) {
        expect(res.body.error.code, what).toBe('invalid-input');
        expect(Object.keys(res.body.error.fields ?? {}), what).toContain(field);
      } else {
        expect(res.body.error.code, what).toBe('not-found');
      }
    }
    expect(await counts()).toEqual(before);
  });
});

describe('flags and module lists set by staff', () => {
  const FLAGS = '{ featureFlags { name enabled } }';
  const MODULES = 'query GetSduiModules { sduiModules { home account } }';

  it('featureFlags lists every flag the spec names; a customer flag overrides the default', async () => {
    const a = await createCustomer(server.database.db);
    const b = await createCustomer(server.database.db);
    const token = await staffTokenFor(server, staffEmail);
    const flag = FEATURE_FLAGS.healthCoachSupportedStates;
    await staffCall(server, 'PUT', `/staff/flags/${flag}`, token, { enabled: false });
    await staffCall(server, 'PUT', `/staff/flags/${flag}`, token, {
      customerId: a.customer.id,
      enabled: true,
    });
    // Setting it again updates the one row.
    await staffCall(server, 'PUT', `/staff/flags/${flag}`, token, {
      customerId: a.customer.id,
      enabled: true,
    });
    const rowsForA = await server.database.db
      .select()
      .from(featureFlags)
      .where(eq(featureFlags.customerId, a.customer.id));
    expect(rowsForA).toHaveLength(1);

    const flagsOf = async (email: string) => {
      const res = await graphql<{ featureFlags: { name: string; enabled: boolean }[] }>(
        server,
        FLAGS,
        await customerTokenFor(server, email),
      );
      return new Map(res.data?.featureFlags.map((f) => [f.name, f.enabled]));
    };
    const forA = await flagsOf(a.user.email);
    const forB = await flagsOf(b.user.email);
    expect([...forA.keys()].sort()).toEqual(Object.values(FEATURE_FLAGS).sort());
    expect(forA.get(flag)).toBe(true);
    expect(forB.get(flag)).toBe(false);
    await server.flushAudit();
    const audits = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'feature_flag'));
    expect(audits.length).toBeGreaterThanOrEqual(3);
  });

  it('GetSduiModules: the customer list, else the default list, else the built-in list', async () => {
    const a = await createCustomer(server.database.db);
    const b = await createCustomer(server.database.db);
    const staff = await staffTokenFor(server, staffEmail);
    const modulesOf = async (email: string) =>
      (
        await graphql<{ sduiModules: { home: string[]; account: string[] } }>(
          server,
          MODULES,
          await customerTokenFor(server, email),
        )
      ).data?.sduiModules;

    expect(await modulesOf(a.user.email)).toEqual({
      home: [...DEFAULT_HOME_MODULES],
      account: [...DEFAULT_ACCOUNT_MODULES],
    });
    await staffCall(server, 'PUT', '/staff/sdui-modules/home', staff, {
      modules: ['appointments', 'orders', 'settings'],
    });
    await staffCall(server, 'PUT', '/staff/sdui-modules/home', staff, {
      customerId: a.customer.id,
      modules: ['foryou', 'orders'],
    });
    await staffCall(server, 'PUT', '/staff/sdui-modules/account', staff, {
      customerId: a.customer.id,
      modules: ['labs', 'privacy'],
    });
    expect(await modulesOf(a.user.email)).toEqual({
      home: ['foryou', 'orders'],
      account: ['labs', 'privacy'],
    });
    expect(await modulesOf(b.user.email)).toEqual({
      home: ['appointments', 'orders', 'settings'],
      account: [...DEFAULT_ACCOUNT_MODULES],
    });
  });

  it('answers C108 to a signed-in user with no customer record', async () => {
    const user = await createUser(server.database.db);
    const res = await graphql(server, MODULES, await customerTokenFor(server, user.email));
    expect(res.errors?.[0]?.extensions?.code).toBe('C108');
  });
});
