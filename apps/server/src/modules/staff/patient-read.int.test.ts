import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/platform';
import { measurements } from '../../db/schema/weight';
import { createScheduledProvider, createTreatment } from '../../../test/appointment-fixtures';
import { createCustomer } from '../../../test/factories';
import { graphql, startTestServer, type TestServer } from '../../../test/harness';
import {
  createStaffUser,
  customerTokenFor,
  staffCall,
  staffTokenFor,
} from '../../../test/messaging-helpers';

/*
 * The care console's patient page (issue 41): search, the one-response overview, the
 * patient's audit trail, and the audit of reading a patient and of the staff writes (field
 * names, never values). Runs on PostgreSQL too (PORTAL_TEST_DB=postgres).
 */

let server: TestServer;
let staffToken: string;
let staffId: string;
let staffEmail: string;
let patient: { id: string; email: string };
let other: { id: string; email: string };
let customerToken: string;
let providerId: string;
let treatmentShortId: string;

const ALICE = { firstName: 'Zelda', lastName: 'Quortle' };
const BOB = { firstName: 'Barnaby', lastName: 'Oxtail' };

/** The parts of the answers the tests look at. */
interface Item {
  id: string;
  entity: string;
  fields: string[];
  [key: string]: unknown;
}
interface Answer {
  profile: { id: string; dateOfBirth: string };
  addresses: { shipping: unknown };
  plans: unknown[];
  prescriptions: unknown[];
  weights: unknown[];
  messages: unknown[];
  appointments: unknown[];
  idVerifications: unknown[];
  bulkOrders: unknown[];
  weightChangeRequests: unknown[];
  items: Item[];
  total: number;
}

function get<T = Answer>(route: string, token = staffToken) {
  return staffCall<T>(server, 'GET', route, token, undefined);
}

beforeAll(async () => {
  server = await startTestServer({ STAFF_API_KEY: 'patient-read-api-key-0123456789' });
  const db = server.database.db;
  const staffUser = await createStaffUser(db, { role: 'care' });
  staffId = staffUser.id;
  staffEmail = staffUser.email;
  staffToken = await staffTokenFor(server, staffEmail);
  const a = await createCustomer(db, {
    ...ALICE,
    email: `zelda.${Date.now()}@example.com`,
  });
  const b = await createCustomer(db, { ...BOB, email: `barnaby.${Date.now()}@example.com` });
  patient = { id: a.customer.id, email: a.customer.email };
  other = { id: b.customer.id, email: b.customer.email };
  customerToken = await customerTokenFor(server, patient.email);
  providerId = (await createScheduledProvider(db)).id;
  treatmentShortId = (await createTreatment(db)).shortId;
  // A weight inside the chart's half year and one outside it, for each patient.
  const today = server.clock.now().toISOString().slice(0, 10);
  const old = new Date(server.clock.now().getTime() - 400 * 86_400_000).toISOString().slice(0, 10);
  await db.insert(measurements).values([
    {
      customerId: patient.id,
      type: 'weight',
      value: 21_050,
      unit: 'hundredthsOfAPound',
      recordedAt: today,
    },
    {
      customerId: patient.id,
      type: 'weight',
      value: 23_000,
      unit: 'hundredthsOfAPound',
      recordedAt: old,
    },
    {
      customerId: other.id,
      type: 'weight',
      value: 18_800,
      unit: 'hundredthsOfAPound',
      recordedAt: today,
    },
  ]);
  for (const [id, html] of [
    [patient.id, '<p>Your dose goes up next week.</p>'],
    [other.id, '<p>Barnaby only note.</p>'],
  ] as const) {
    const posted = await staffCall(server, 'POST', `/staff/customers/${id}/messages`, staffToken, {
      type: 'treatment_update',
      html,
    });
    expect(posted.status).toBe(201);
  }
  const prescribed = await staffCall(
    server,
    'POST',
    `/staff/customers/${patient.id}/prescriptions`,
    staffToken,
    {
      kits: [
        {
          catalogName: 'Semaglutide',
          kitName: 'Semaglutide',
          directions: 'Inject weekly',
          quantity: 1,
          strength: '2.5 mg/ml',
          form: 'vial',
        },
      ],
      shipment: { carrier: 'usps', trackingNumber: 'ZELDA0001' },
      notify: false,
    },
  );
  expect(prescribed.status).toBe(201);
  const booked = await staffCall(
    server,
    'POST',
    `/staff/customers/${patient.id}/appointments`,
    staffToken,
    {
      providerId,
      treatmentShortId,
      start: '2031-03-03T16:00:00.000Z',
      end: '2031-03-03T16:30:00.000Z',
    },
  );
  expect(booked.status).toBe(201);
});
afterAll(async () => {
  await server.close();
});

describe('GET /staff/customers/:customerId', () => {
  it("carries each section of the patient's record in one response", async () => {
    const { status, body } = await get(`/staff/customers/${patient.id}`);
    expect(status).toBe(200);
    expect(body.profile).toMatchObject({ id: patient.id, ...ALICE, email: patient.email });
    expect(body.profile.dateOfBirth).toBe('1990-01-01');
    expect(body.addresses.shipping).toMatchObject({ stateCode: 'TX', zipCode: '78701' });
    expect(body.plans.length).toBeGreaterThan(0);
    expect(body.plans[0]).toMatchObject({ status: 'active', price: 99_900, term: 6 });
    expect(body.weights).toEqual([expect.objectContaining({ pounds: 210.5 })]);
    expect(body.messages).toEqual([
      expect.objectContaining({ preview: 'Your dose goes up next week.' }),
    ]);
    expect(body.appointments).toEqual([
      expect.objectContaining({ start: '2031-03-03T16:00:00.000Z' }),
    ]);
    expect(body.prescriptions).toEqual([
      expect.objectContaining({
        medication: 'Semaglutide',
        shipments: [expect.objectContaining({ carrier: 'usps', trackingNumber: 'ZELDA0001' })],
      }),
    ]);
    expect(body.idVerifications).toEqual([]);
    expect(body.bulkOrders).toEqual([]);
  });

  it("never carries another patient's data", async () => {
    const { body } = await get(`/staff/customers/${patient.id}`);
    expect(body.profile?.id).toBe(patient.id);
    const text = JSON.stringify(body);
    for (const leak of [other.id, other.email, BOB.firstName, BOB.lastName, 'Barnaby only', '188'])
      expect(text).not.toContain(leak);
  });

  it('answers 404 not-found for no such customer, 400 for a bad id', async () => {
    const missing = await get(`/staff/customers/00000000-0000-4000-8000-000000000000`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: { code: 'not-found' } });
    expect((await get('/staff/customers/not-a-uuid')).status).toBe(400);
  });

  it('writes one audit row naming the staff member and the patient', async () => {
    const db = server.database.db;
    const overviewReads = () =>
      db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.entityId, patient.id),
            sql`${auditLog.details} ->> 'operation' = 'StaffPatientOverview'`,
          ),
        );
    await server.flushAudit();
    const before = (await overviewReads()).length;
    expect((await get(`/staff/customers/${patient.id}`)).status).toBe(200);
    await server.flushAudit();
    const rows = await overviewReads();
    expect(rows.length).toBe(before + 1);
    const row = rows.at(-1)!;
    expect(row).toMatchObject({ actorType: 'staff', actorId: staffId, action: 'read' });
    expect(row.details).toMatchObject({ customerId: patient.id });
    expect(row.details.sections).toContain('messages');
  });
});

describe('GET /staff/customers (search)', () => {
  it('finds a patient by name, by email and by exact id, and only them', async () => {
    for (const search of ['quort', 'Zelda Quortle', patient.email.slice(0, 10), patient.id]) {
      const { status, body } = await get(`/staff/customers?search=${encodeURIComponent(search)}`);
      expect(status).toBe(200);
      expect(body.items.map((i) => i.id)).toEqual([patient.id]);
      expect(body.items[0]).toMatchObject({ stateCode: 'TX', status: 'active' });
      expect(body).toMatchObject({ total: 1, page: 0, pageSize: 25 });
    }
  });

  it('matches the text literally and pages', async () => {
    expect((await get('/staff/customers?search=%25')).body.total).toBe(0);
    const paged = await get('/staff/customers?pageSize=1&page=1');
    expect(paged.body).toMatchObject({ page: 1, pageSize: 1 });
    expect(paged.body.items).toHaveLength(1);
    expect((await get('/staff/customers?pageSize=1000')).status).toBe(400);
  });
});

describe('the audit trail and the audit of staff writes', () => {
  it('lists a staff change with its field names and no values', async () => {
    const put = await staffCall(
      server,
      'PUT',
      `/staff/customers/${patient.id}/shipping-address`,
      staffToken,
      { streetAddress1: '77 Hidden Hollow', city: 'Albany', stateCode: 'NY', zipCode: '12207' },
    );
    expect(put.status).toBe(200);
    await server.flushAudit();
    const { status, body } = await get(`/staff/customers/${patient.id}/audit`);
    expect(status).toBe(200);
    const change = body.items.find((i) => i.entity === 'address');
    expect(change).toMatchObject({ who: staffEmail, action: 'update' });
    expect(change?.fields.length).toBeGreaterThan(0);
    const text = JSON.stringify(body);
    for (const value of ['Hidden Hollow', 'Albany', '"NY"', '12207'])
      expect(text).not.toContain(value);
    // The other patient's rows are not in this patient's trail.
    expect(text).not.toContain(other.id);
  });

  it('records no value a staff write was given in any audit row', async () => {
    const marker = 'Marker-5150';
    const writes = [
      {
        method: 'POST' as const,
        route: `/staff/customers/${patient.id}/messages`,
        body: {
          type: 'treatment_update',
          html: `<p>${marker} message</p>`,
          notify: { title: `${marker} title` },
        },
      },
      {
        method: 'POST' as const,
        route: `/staff/customers/${patient.id}/notifications`,
        body: { type: 'notice_payment_due_v1', title: `${marker} notice`, message: marker },
      },
      {
        method: 'PUT' as const,
        route: `/staff/customers/${patient.id}/shipping-address`,
        body: {
          streetAddress1: `${marker} Street`,
          city: `${marker}ville`,
          stateCode: 'WY',
          zipCode: '73301',
        },
      },
    ];
    writes.push({
      method: 'POST' as const,
      route: `/staff/customers/${patient.id}/prescriptions`,
      body: {
        kits: [
          {
            catalogName: 'Semaglutide',
            kitName: 'Semaglutide',
            directions: `${marker} inject weekly`,
            quantity: 1,
            strength: '2.5 mg/ml',
            form: 'vial',
          },
        ],
        shipment: { carrier: 'usps', trackingNumber: 'MARKER5150TRACK' },
        notify: false,
      } as never,
    });
    for (const w of writes) {
      expect((await staffCall(server, w.method, w.route, staffToken, w.body)).status).toBeLessThan(
        300,
      );
    }
    await server.flushAudit();
    const rows = await server.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        sql`${auditLog.details}::text like ${`%${marker}%`} or ${auditLog.details}::text ilike '%marker5150%' or ${auditLog.details}::text like '%73301%' or ${auditLog.details}::text like '%"WY"%'`,
      );
    expect(rows).toEqual([]);
  });
});

describe('POST /staff/customers/:customerId/measurement-change-forms', () => {
  const route = () => `/staff/customers/${patient.id}/measurement-change-forms`;

  it('files a starting-weight change the provider team then decides, audited without the weight', async () => {
    const bad = await staffCall(server, 'POST', route(), staffToken, { startingWeight: 5 });
    expect(bad.status).toBe(400);
    expect((await get(`/staff/customers/${patient.id}`)).body.weightChangeRequests).toEqual([]);

    const filed = await staffCall<{ id: string; status: string }>(
      server,
      'POST',
      route(),
      staffToken,
      {
        startingWeight: 24_680,
        reason: 'Scale-9876 at the clinic',
      },
    );
    expect(filed.status).toBe(201);
    expect(filed.body.status).toBe('pending');
    const overview = await get(`/staff/customers/${patient.id}`);
    expect(overview.body.weightChangeRequests).toEqual([
      expect.objectContaining({ id: filed.body.id, pounds: 246.8, status: 'pending' }),
    ]);
    const decided = await staffCall(
      server,
      'POST',
      `/staff/measurement-change-forms/${filed.body.id}/decision`,
      staffToken,
      { decision: 'approved' },
    );
    expect(decided.status).toBe(200);

    await server.flushAudit();
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, filed.body.id));
    expect(rows.find((r) => r.action === 'create')).toMatchObject({
      actorId: staffId,
      details: { customerId: patient.id, fields: ['startingWeight', 'reason'] },
    });
    const leaked = await server.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        sql`${auditLog.details}::text like '%24680%' or ${auditLog.details}::text like '%Scale-9876%'`,
      );
    expect(leaked).toEqual([]);
  });

  it("refuses a customer's token and answers 404 for no such customer", async () => {
    const body = { startingWeight: 24_680 };
    expect((await staffCall(server, 'POST', route(), customerToken, body)).status).toBe(401);
    const missing = await staffCall(
      server,
      'POST',
      '/staff/customers/00000000-0000-4000-8000-000000000000/measurement-change-forms',
      staffToken,
      body,
    );
    expect(missing.status).toBe(404);
  });
});

describe('who may call the patient routes', () => {
  const routes = () => [
    `/staff/customers?search=zelda`,
    `/staff/customers/${patient.id}`,
    `/staff/customers/${patient.id}/audit`,
  ];

  it("refuses a customer's token (even for their own record) and no token with 401", async () => {
    expect(customerToken).not.toBe('');
    for (const route of routes()) {
      const withCustomer = await get(route, customerToken);
      expect(withCustomer.status).toBe(401);
      expect(withCustomer.body).toMatchObject({ error: { code: 'invalid-token' } });
      expect((await staffCall(server, 'GET', route, undefined, undefined)).status).toBe(401);
    }
  });

  it("a staff token does not open the customer's API", async () => {
    const res = await graphql<{ customer: unknown }>(
      server,
      'query { customer { id } }',
      staffToken,
    );
    expect(res.data?.customer ?? null).toBeNull();
    expect(res.errors?.length).toBeGreaterThan(0);
  });
});
