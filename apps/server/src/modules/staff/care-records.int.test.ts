import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/appointments';
import { addresses, subscriptions } from '../../db/schema/customers';
import { auditLog } from '../../db/schema/platform';
import { createCustomer } from '../../../test/factories';
import {
  callerFor,
  createScheduledProvider,
  createTreatment,
} from '../../../test/appointment-fixtures';
import { startTestServer, type TestServer } from '../../../test/harness';
import {
  createStaffUser,
  customerTokenFor,
  staffCall,
  staffTokenFor,
} from '../../../test/messaging-helpers';

// The staff routes that give a customer what the portal's visits need: an address, a plan
// for a treatment, and visits. Who may call them is in staff.int.test.ts.

let server: TestServer;
let staff: string;
let treatment: { id: string; shortId: string };
let providerId: string;
beforeAll(async () => {
  server = await startTestServer();
  staff = await staffTokenFor(server, (await createStaffUser(server.database.db)).email);
  treatment = await createTreatment(server.database.db);
  providerId = (await createScheduledProvider(server.database.db, { treatmentIds: [treatment.id] }))
    .id;
});
afterAll(async () => {
  await server.close();
});

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const hour = 3_600_000;

async function counts() {
  const db = server.database.db;
  const [a] = await db.select({ n: count() }).from(addresses);
  const [s] = await db.select({ n: count() }).from(subscriptions);
  const [v] = await db.select({ n: count() }).from(appointments);
  const [l] = await db.select({ n: count() }).from(auditLog);
  return { addresses: a?.n, subscriptions: s?.n, appointments: v?.n, audit: l?.n };
}

async function staffAudits(entity: string, entityId: string) {
  await server.flushAudit();
  return server.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)));
}

describe('PUT /staff/customers/:customerId/shipping-address', () => {
  it('adds the shipping address, then replaces it; each write audited', async () => {
    const { customer } = await createCustomer(server.database.db);
    const db = server.database.db;
    await db.delete(addresses).where(eq(addresses.customerId, customer.id));
    const route = `/staff/customers/${customer.id}/shipping-address`;

    const first = await staffCall<{ id: string; stateCode: string }>(server, 'PUT', route, staff, {
      streetAddress1: ' 1 Ocean Ave ',
      streetAddress2: '',
      city: 'Santa Monica',
      stateCode: ' ca ',
      zipCode: '90401',
    });
    expect(first.status).toBe(200);
    expect(first.body.stateCode).toBe('CA');
    const second = await staffCall<{ id: string }>(server, 'PUT', route, staff, {
      streetAddress1: '5 Lake St',
      streetAddress2: 'Apt 2',
      city: 'Chicago',
      stateCode: 'IL',
      zipCode: '60601-1234',
    });
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);

    const rows = await db.select().from(addresses).where(eq(addresses.customerId, customer.id));
    expect(rows).toEqual([
      expect.objectContaining({
        addressType: 'SHIPPING',
        streetAddress1: '5 Lake St',
        streetAddress2: 'Apt 2',
        city: 'Chicago',
        state: 'Illinois',
        stateCode: 'IL',
        zipCode: '60601-1234',
      }),
    ]);
    const audits = await staffAudits('address', first.body.id);
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'update']);
    expect(audits.every((a) => a.actorType === 'staff')).toBe(true);
  });
});

describe('POST /staff/customers/:customerId/subscriptions', () => {
  it('gives the customer an active treatment; a paused plan is not one', async () => {
    const person = await createCustomer(server.database.db);
    await server.database.db
      .delete(subscriptions)
      .where(eq(subscriptions.customerId, person.customer.id));
    const route = `/staff/customers/${person.customer.id}/subscriptions`;
    const call = callerFor(server, person);
    const active = async () =>
      (await call<{ activeTreatments: { shortId: string }[] }>('{ activeTreatments { shortId } }'))
        .data?.activeTreatments;

    const paused = await staffCall(server, 'POST', route, staff, {
      treatmentShortId: treatment.shortId,
      status: 'paused',
    });
    expect(paused.status).toBe(201);
    expect(await active()).toEqual([]);

    const created = await staffCall<{ id: string; treatmentId: string }>(
      server,
      'POST',
      route,
      staff,
      { treatmentShortId: treatment.shortId },
    );
    expect(created.status).toBe(201);
    expect(created.body.treatmentId).toBe(treatment.id);
    expect(await active()).toEqual([{ shortId: treatment.shortId }]);
    expect(await staffAudits('subscription', created.body.id)).toHaveLength(1);
  });
});

describe('POST /staff/customers/:customerId/appointments', () => {
  const LISTS = `{ appointmentsByCustomer { upcoming { id } previous { id } async { id } } }`;

  it('books past, future and async visits outside the booking window; lists them', async () => {
    const person = await createCustomer(server.database.db);
    const route = `/staff/customers/${person.customer.id}/appointments`;
    const now = server.clock.now().getTime();
    // Seven weeks out is past the customer's booking window; 23:13 is off every schedule.
    const at = (offset: number, isAsync = false) => ({
      providerId,
      treatmentShortId: treatment.shortId,
      start: new Date(now + offset).toISOString(),
      end: new Date(now + offset + hour / 2).toISOString(),
      isAsync,
    });
    const ids: Record<string, string> = {};
    for (const [name, body] of [
      ['upcoming', at(49 * 24 * hour + 13 * 60_000)],
      ['previous', at(-30 * 24 * hour)],
      ['async', at(-10 * 24 * hour, true)],
    ] as const) {
      const res = await staffCall<{ id: string }>(server, 'POST', route, staff, body);
      expect(res.status, name).toBe(201);
      ids[name] = res.body.id;
    }
    const lists = (
      await callerFor(
        server,
        person,
      )<{
        appointmentsByCustomer: Record<string, { id: string }[]>;
      }>(LISTS)
    ).data?.appointmentsByCustomer;
    expect(lists?.upcoming?.map((a) => a.id)).toEqual([ids.upcoming]);
    expect(lists?.previous?.map((a) => a.id)).toEqual([ids.previous]);
    expect(lists?.async?.map((a) => a.id)).toEqual([ids.async]);
    const audits = await staffAudits('appointment', ids.upcoming!);
    expect(audits).toEqual([expect.objectContaining({ action: 'create', actorType: 'staff' })]);
  });

  it("answers 409 for a provider's live slot that is taken, and changes nothing", async () => {
    const a = await createCustomer(server.database.db);
    const b = await createCustomer(server.database.db);
    const start = new Date(server.clock.now().getTime() + 5 * 24 * hour);
    const body = {
      providerId,
      treatmentShortId: treatment.shortId,
      start: start.toISOString(),
      end: new Date(start.getTime() + hour / 2).toISOString(),
    };
    const first = await staffCall(
      server,
      'POST',
      `/staff/customers/${a.customer.id}/appointments`,
      staff,
      body,
    );
    expect(first.status).toBe(201);
    const before = await counts();
    const taken = await staffCall(
      server,
      'POST',
      `/staff/customers/${b.customer.id}/appointments`,
      staff,
      body,
    );
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: { code: 'slot-taken' } });
    expect(await counts()).toEqual(before);
    // An async visit holds no slot.
    const async = await staffCall(
      server,
      'POST',
      `/staff/customers/${b.customer.id}/appointments`,
      staff,
      {
        ...body,
        isAsync: true,
      },
    );
    expect(async.status).toBe(201);
  });
});

describe('bad input to the care-record routes', () => {
  it('answers 400 on the field, 404 for an unknown customer, 401 to a customer; nothing changes', async () => {
    const { customer, user } = await createCustomer(server.database.db);
    const base = `/staff/customers/${customer.id}`;
    const address = {
      streetAddress1: '1 Main St',
      city: 'Austin',
      stateCode: 'TX',
      zipCode: '78701',
    };
    const start = '2031-03-03T17:00:00Z';
    const visit = {
      providerId,
      treatmentShortId: treatment.shortId,
      start,
      end: '2031-03-03T17:30:00Z',
    };
    const cases: [string, 'POST' | 'PUT', string, unknown, number, string][] = [
      [
        'unsupported state',
        'PUT',
        `${base}/shipping-address`,
        { ...address, stateCode: 'ZZ' },
        400,
        'stateCode',
      ],
      [
        'bad zip',
        'PUT',
        `${base}/shipping-address`,
        { ...address, zipCode: '7870' },
        400,
        'zipCode',
      ],
      ['no city', 'PUT', `${base}/shipping-address`, { ...address, city: ' ' }, 400, 'city'],
      [
        'extra field',
        'PUT',
        `${base}/shipping-address`,
        { ...address, type: 'BILLING' },
        400,
        'body',
      ],
      [
        'unknown status',
        'POST',
        `${base}/subscriptions`,
        { treatmentShortId: treatment.shortId, status: 'gone' },
        400,
        'status',
      ],
      [
        'bad short id',
        'POST',
        `${base}/subscriptions`,
        { treatmentShortId: 'Not Valid' },
        400,
        'treatmentShortId',
      ],
      [
        'unknown treatment',
        'POST',
        `${base}/subscriptions`,
        { treatmentShortId: 'no_such_thing' },
        400,
        'treatmentShortId',
      ],
      [
        'end before start',
        'POST',
        `${base}/appointments`,
        { ...visit, end: '2031-03-03T16:00:00Z' },
        400,
        'end',
      ],
      [
        'start without zone',
        'POST',
        `${base}/appointments`,
        { ...visit, start: '2031-03-03T17:00' },
        400,
        'start',
      ],
      [
        'unknown provider',
        'POST',
        `${base}/appointments`,
        { ...visit, providerId: UNKNOWN },
        400,
        'providerId',
      ],
      [
        'unknown visit treatment',
        'POST',
        `${base}/appointments`,
        { ...visit, treatmentShortId: 'no_such_thing' },
        400,
        'treatmentShortId',
      ],
      [
        'unknown customer address',
        'PUT',
        `/staff/customers/${UNKNOWN}/shipping-address`,
        address,
        404,
        '',
      ],
      [
        'unknown customer plan',
        'POST',
        `/staff/customers/${UNKNOWN}/subscriptions`,
        { treatmentShortId: treatment.shortId },
        404,
        '',
      ],
      [
        'unknown customer visit',
        'POST',
        `/staff/customers/${UNKNOWN}/appointments`,
        visit,
        404,
        '',
      ],
    ];
    const customerToken = await customerTokenFor(server, user.email);
    // The sign-in's own audit row is written with the next batch: in before it is counted.
    await server.flushAudit();
    const before = await counts();
    for (const [what, method, route, body, status, field] of cases) {
      const res = await staffCall<{ error: { code: string; fields?: Record<string, string> } }>(
        server,
        method,
        route,
        staff,
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
    for (const [method, route, body] of [
      ['PUT', `${base}/shipping-address`, address],
      ['POST', `${base}/subscriptions`, { treatmentShortId: treatment.shortId }],
      ['POST', `${base}/appointments`, visit],
    ] as const) {
      const res = await staffCall(server, method, route, customerToken, body);
      expect(res.status, route).toBe(401);
    }
    expect(await counts()).toEqual(before);
  });
});
