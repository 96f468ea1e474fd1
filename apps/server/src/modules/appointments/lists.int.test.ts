import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentRequirements } from '../../db/schema/appointments';
import { customers } from '../../db/schema/customers';
import { users } from '../../db/schema/identity';
import { seedDemoData } from '../../demo/seed';
import {
  APPOINTMENTS,
  AVAILABLE_SLOTS,
  callerFor,
  codeOf,
  createPatient,
  createScheduledProvider,
  createTreatment,
  insertAppointment,
} from '../../../test/appointment-fixtures';
import { startTestServer, type TestServer } from '../../../test/harness';

// Lists, previous providers, async visits and treatments (spec 01 §4, §7); slot reads are in
// slots.int.test.ts.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const NOW = new Date('2026-11-10T17:00:00Z');
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

type Slots = { availableSlots: { start: string; provider: { id: string } }[] };

type Lists = {
  appointmentsByCustomer: {
    upcoming: { id: string; start: string }[];
    previous: { id: string }[];
    async: { id: string }[];
  };
};

describe('GetAppointmentsByCustomer (spec 01 §4)', () => {
  it('classifies upcoming, previous and async; leaves out excluded statuses; limits previous to 50', async () => {
    server.clock.set(NOW);
    const db = server.database.db;
    const treatment = await createTreatment(db);
    const provider = await createScheduledProvider(db, { treatmentIds: [treatment.id] });
    const alice = await createPatient(db, treatment.id);
    const add = (
      start: Date,
      extra: { status?: string; isAsync?: boolean; providerId?: string } = {},
    ) =>
      insertAppointment(db, {
        customerId: alice.customer.id,
        providerId: provider.id,
        start,
        ...extra,
      });
    // A provider's live visits cannot overlap (issue 43): the one a minute apart is another's.
    const other = await createScheduledProvider(db, { treatmentIds: [treatment.id] });
    const soon = await add(minutes(60));
    const justStarted = await add(minutes(-29));
    const justPast = await add(minutes(-30), { providerId: other.id });
    for (const status of ['expired', 'reserved', 'cancelled', 'voided'])
      await add(minutes(120 + 60 * status.length), { status });
    const asyncVisit = await add(minutes(-600), { isAsync: true, status: 'completed' });
    for (let day = 1; day <= 55; day += 1)
      await add(minutes(-day * 24 * 60), { status: 'completed' });

    const result = await callerFor(server, alice)<Lists>(APPOINTMENTS);
    const lists = result.data?.appointmentsByCustomer;
    expect(lists?.upcoming.map((a) => a.id)).toEqual([justStarted.id, soon.id]);
    expect(lists?.previous).toHaveLength(50);
    expect(lists?.previous[0]?.id).toBe(justPast.id);
    expect(lists?.async.map((a) => a.id)).toEqual([asyncVisit.id]);

    // minDate is the spec's variable: the client's own "30 minutes before now".
    const later = await callerFor(server, alice)<Lists>(APPOINTMENTS, {
      minDate: minutes(30).toISOString(),
    });
    expect(later.data?.appointmentsByCustomer.upcoming.map((a) => a.id)).toEqual([soon.id]);
  });
});

const LISTS_WITH_VIEWS = `query {
  appointmentsByCustomer {
    upcoming { ...View }
    previous { ...View }
    async { ...View }
  }
}
fragment View on Appointment {
  id
  provider { id displayName }
  treatment { id }
  appointment_requirements { requirement_type completed link }
}`;

describe('GetAppointmentsByCustomer: each appointment as a view', () => {
  it('carries its provider, its treatment (or none) and its requirements, in each list', async () => {
    server.clock.set(NOW);
    const db = server.database.db;
    const treatment = await createTreatment(db);
    const provider = await createScheduledProvider(db, { treatmentIds: [treatment.id] });
    const bo = await createPatient(db, treatment.id);
    const base = { customerId: bo.customer.id, providerId: provider.id };
    const upcoming = await insertAppointment(db, {
      ...base,
      start: minutes(90),
      treatmentId: treatment.id,
    });
    const past = await insertAppointment(db, { ...base, start: minutes(-90), status: 'completed' });
    const asyncVisit = await insertAppointment(db, {
      ...base,
      start: minutes(-300),
      isAsync: true,
      status: 'completed',
      treatmentId: treatment.id,
    });
    await db.insert(appointmentRequirements).values([
      {
        appointmentId: upcoming.id,
        type: 'intake',
        link: 'https://forms.example/i',
        createdAt: minutes(-10),
      },
      {
        appointmentId: upcoming.id,
        type: 'id_verification',
        completed: true,
        createdAt: minutes(-5),
      },
      { appointmentId: asyncVisit.id, type: 'intake', completed: true, createdAt: minutes(-400) },
    ]);
    // Another customer's appointment and requirement stay out of Bo's lists.
    const other = await createPatient(db, treatment.id);
    const theirs = await insertAppointment(db, {
      customerId: other.customer.id,
      providerId: provider.id,
      start: minutes(60),
    });
    await db.insert(appointmentRequirements).values({ appointmentId: theirs.id, type: 'intake' });

    const result = await callerFor(
      server,
      bo,
    )<{ appointmentsByCustomer: unknown }>(LISTS_WITH_VIEWS);
    const seen = { id: provider.id, displayName: provider.displayName };
    expect(result.errors).toBeUndefined();
    expect(result.data?.appointmentsByCustomer).toEqual({
      upcoming: [
        {
          id: upcoming.id,
          provider: seen,
          treatment: { id: treatment.id },
          appointment_requirements: [
            { requirement_type: 'intake', completed: false, link: 'https://forms.example/i' },
            { requirement_type: 'id_verification', completed: true, link: null },
          ],
        },
      ],
      previous: [{ id: past.id, provider: seen, treatment: null, appointment_requirements: [] }],
      async: [
        {
          id: asyncVisit.id,
          provider: seen,
          treatment: { id: treatment.id },
          appointment_requirements: [{ requirement_type: 'intake', completed: true, link: null }],
        },
      ],
    });
  });
});

describe('previous providers, treatments, async visits', () => {
  it('lists previous providers most recent first, with counts', async () => {
    server.clock.set(NOW);
    const db = server.database.db;
    const treatment = await createTreatment(db);
    const first = await createScheduledProvider(db, {
      displayName: 'Dr. First',
      treatmentIds: [treatment.id],
    });
    const second = await createScheduledProvider(db, {
      displayName: 'Dr. Second',
      treatmentIds: [treatment.id],
    });
    const alice = await createPatient(db, treatment.id);
    const add = (providerId: string, start: Date) =>
      insertAppointment(db, {
        customerId: alice.customer.id,
        providerId,
        start,
        status: 'completed',
      });
    await add(first.id, minutes(-3000));
    await add(first.id, minutes(-2000));
    await add(second.id, minutes(-1000));
    const result = await callerFor(
      server,
      alice,
    )(
      `{ customerPreviousProviders(limit: 5) { provider_id count display_name last_appointment_start virtual_visit_link } }`,
    );
    expect(result.data).toEqual({
      customerPreviousProviders: [
        {
          provider_id: second.id,
          count: 1,
          display_name: 'Dr. Second',
          last_appointment_start: minutes(-1000).toISOString(),
          virtual_visit_link: 'https://visit.example.com/test',
        },
        {
          provider_id: first.id,
          count: 2,
          display_name: 'Dr. First',
          last_appointment_start: minutes(-2000).toISOString(),
          virtual_visit_link: 'https://visit.example.com/test',
        },
      ],
    });
  });

  it('creates an async appointment, listed apart; a provider who does not see the treatment is A103', async () => {
    server.clock.set(NOW);
    const db = server.database.db;
    const treatment = await createTreatment(db);
    const provider = await createScheduledProvider(db, { treatmentIds: [treatment.id] });
    const stranger = await createScheduledProvider(db, { treatmentIds: [] });
    const alice = await createPatient(db, treatment.id);
    const asAlice = callerFor(server, alice);
    const CREATE = `mutation ($providerId: ID!, $treatmentId: ID!) { createAsyncAppointment(providerId: $providerId, treatmentId: $treatmentId) { statusCode data { id is_async start } } }`;
    const created = await asAlice<{
      createAsyncAppointment: { data: { id: string; is_async: boolean; start: string } };
    }>(CREATE, {
      providerId: provider.id,
      treatmentId: treatment.id,
    });
    expect(created.data?.createAsyncAppointment.data).toMatchObject({
      is_async: true,
      start: NOW.toISOString(),
    });
    const lists = await asAlice<Lists>(APPOINTMENTS);
    expect(lists.data?.appointmentsByCustomer.async.map((a) => a.id)).toEqual([
      created.data?.createAsyncAppointment.data.id,
    ]);
    expect(lists.data?.appointmentsByCustomer.upcoming).toEqual([]);
    const refused = await asAlice(CREATE, { providerId: stranger.id, treatmentId: treatment.id });
    expect(codeOf(refused)).toBe('A103');
  });

  it('lists the active treatments and the treatment configuration', async () => {
    const db = server.database.db;
    const treatment = await createTreatment(db);
    const alice = await createPatient(db, treatment.id);
    const result = await callerFor(
      server,
      alice,
    )<{ activeTreatments: { id: string }[]; treatmentConfiguration: unknown[] }>(
      `{ activeTreatments { id shortId displayName } treatmentConfiguration { TreatmentShortId FunnelInfo { Appointment } } }`,
    );
    expect(result.data?.activeTreatments.map((t) => t.id)).toEqual([treatment.id]);
    expect(Array.isArray(result.data?.treatmentConfiguration)).toBe(true);
  });
});

describe('demo data', () => {
  it('gives the demo customer an upcoming, a past and an async appointment, and bookable providers', async () => {
    server.clock.set(new Date());
    const db = server.database.db;
    await seedDemoData(db);
    const [user] = await db.select().from(users).where(eq(users.email, 'alex.rivera@example.com'));
    const [alex] = await db
      .select()
      .from(customers)
      .where(eq(customers.userId, user?.id ?? ''));
    if (!user || !alex) throw new Error('demo customer missing');
    const asAlex = callerFor(server, { user, customer: alex });
    const lists = await asAlex<Lists>(APPOINTMENTS);
    expect(lists.data?.appointmentsByCustomer.upcoming).toHaveLength(1);
    expect(lists.data?.appointmentsByCustomer.previous).toHaveLength(1);
    expect(lists.data?.appointmentsByCustomer.async).toHaveLength(1);
    const treatments = await asAlex<{ activeTreatments: { id: string }[] }>(
      `{ activeTreatments { id } }`,
    );
    const slots = await asAlex<Slots>(AVAILABLE_SLOTS, {
      state: 'CA',
      treatmentId: treatments.data?.activeTreatments[0]?.id,
      startTime: new Date().toISOString(),
      distinctStart: true,
    });
    expect(slots.data?.availableSlots.length).toBeGreaterThan(50);
  });
});
