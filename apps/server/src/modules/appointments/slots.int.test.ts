import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AVAILABLE_SLOTS,
  TEST_STATE,
  callerFor,
  codeOf,
  createPatient,
  createScheduledProvider,
  createTreatment,
  insertAppointment,
} from '../../../test/appointment-fixtures';
import { startTestServer, type TestServer } from '../../../test/harness';

// Slot reads over HTTP (spec 01 §7, §9): licensing, live bookings, adhoc slots, DST.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const NOW = new Date('2026-11-10T17:00:00Z');

type Slots = { availableSlots: { start: string; provider: { id: string } }[] };

describe('slot reads (spec 01 §7, §9)', () => {
  it('offers licensed providers who see the treatment, minus live bookings, ordered by start', async () => {
    server.clock.set(NOW);
    const db = server.database.db;
    const treatment = await createTreatment(db);
    const thursday = [{ weekday: 4, startMinute: 9 * 60, endMinute: 10 * 60 }]; // 9–10 local
    const la = await createScheduledProvider(db, {
      treatmentIds: [treatment.id],
      schedule: thursday,
    });
    const ny = await createScheduledProvider(db, {
      treatmentIds: [treatment.id],
      schedule: thursday,
      timeZone: 'America/New_York',
    });
    await createScheduledProvider(db, {
      treatmentIds: [treatment.id],
      schedule: thursday,
      states: ['NY'],
    });
    await createScheduledProvider(db, { treatmentIds: [], schedule: thursday });
    await createScheduledProvider(db, {
      treatmentIds: [treatment.id],
      schedule: thursday,
      language: 'es-US',
    });
    const alice = await createPatient(db, treatment.id);
    await insertAppointment(db, {
      customerId: alice.customer.id,
      providerId: la.id,
      start: new Date('2026-11-12T17:00:00Z'),
    });
    await insertAppointment(db, {
      customerId: alice.customer.id,
      providerId: la.id,
      start: new Date('2026-11-12T17:30:00Z'),
      status: 'cancelled',
    });
    const variables = {
      state: TEST_STATE,
      treatmentId: treatment.id,
      startTime: NOW.toISOString(),
      endTime: '2026-11-13T00:00:00Z',
    };
    const result = await callerFor(server, alice)<Slots>(AVAILABLE_SLOTS, variables);
    expect(result.data?.availableSlots.map((s) => [s.start, s.provider.id])).toEqual([
      ['2026-11-12T14:00:00.000Z', ny.id],
      ['2026-11-12T14:30:00.000Z', ny.id],
      ['2026-11-12T17:30:00.000Z', la.id],
    ]);

    const check = await callerFor(server, alice)<{
      checkTimeStillAvailable: { provider: { id: string } }[];
    }>(
      `query ($state: String!, $treatmentId: ID!, $startTime: DateTime!) { checkTimeStillAvailable(state: $state, treatmentId: $treatmentId, startTime: $startTime) { start provider { id } } }`,
      { state: TEST_STATE, treatmentId: treatment.id, startTime: '2026-11-12T17:00:00Z' },
    );
    expect(check.data?.checkTimeStillAvailable).toEqual([]);
  });

  it('adhoc slots are distinct by start and at most 100; distinctStart thins availableSlots', async () => {
    server.clock.set(NOW);
    const db = server.database.db;
    const treatment = await createTreatment(db);
    await createScheduledProvider(db, { treatmentIds: [treatment.id] });
    await createScheduledProvider(db, { treatmentIds: [treatment.id] });
    const alice = await createPatient(db, treatment.id);
    const adhoc = await callerFor(server, alice)<{ availableAdhocSlots: { start: string }[] }>(
      `query ($where: AdhocSlotFilter!) { availableAdhocSlots(where: $where, limit: 500) { start } }`,
      { where: { state: TEST_STATE, treatmentShortId: treatment.shortId } },
    );
    const starts = adhoc.data?.availableAdhocSlots.map((s) => s.start) ?? [];
    expect(starts).toHaveLength(100);
    expect(new Set(starts).size).toBe(100);
    expect([...starts].sort()).toEqual(starts);

    const all = await callerFor(server, alice)<Slots>(AVAILABLE_SLOTS, {
      state: TEST_STATE,
      treatmentId: treatment.id,
      startTime: NOW.toISOString(),
    });
    const thinned = await callerFor(server, alice)<Slots>(AVAILABLE_SLOTS, {
      state: TEST_STATE,
      treatmentId: treatment.id,
      startTime: NOW.toISOString(),
      distinctStart: true,
    });
    expect(all.data?.availableSlots.length).toBe(2 * (thinned.data?.availableSlots.length ?? 0));
  });

  it('no slot for the state and treatment is T101; an unknown state is T100', async () => {
    server.clock.set(NOW);
    const db = server.database.db;
    const treatment = await createTreatment(db);
    const alice = await createPatient(db, treatment.id);
    const none = await callerFor(server, alice)(AVAILABLE_SLOTS, {
      state: 'WY',
      treatmentId: treatment.id,
      startTime: NOW.toISOString(),
    });
    expect(codeOf(none)).toBe('T101');
    const bad = await callerFor(server, alice)(AVAILABLE_SLOTS, {
      state: 'XX',
      treatmentId: treatment.id,
      startTime: NOW.toISOString(),
    });
    expect(codeOf(bad)).toBe('T100');
  });

  it('keeps the provider’s 9:00 local across the March DST change in Los Angeles', async () => {
    server.clock.set('2026-03-03T17:00:00Z'); // Tuesday
    const db = server.database.db;
    const treatment = await createTreatment(db);
    const schedule = [1, 2, 3, 4, 5].map((weekday) => ({
      weekday,
      startMinute: 9 * 60,
      endMinute: 9 * 60 + 30,
    }));
    await createScheduledProvider(db, { treatmentIds: [treatment.id], schedule });
    const alice = await createPatient(db, treatment.id);
    const result = await callerFor(server, alice)<Slots>(AVAILABLE_SLOTS, {
      state: TEST_STATE,
      treatmentId: treatment.id,
      startTime: '2026-03-03T00:00:00Z',
      endTime: '2026-03-10T00:00:00Z',
    });
    expect(result.data?.availableSlots.map((s) => s.start)).toEqual([
      '2026-03-04T17:00:00.000Z', // Wednesday 9:00 PST, exactly 24 h ahead
      '2026-03-05T17:00:00.000Z', // Thursday 9:00 PST
      '2026-03-06T17:00:00.000Z', // Friday 9:00 PST
      '2026-03-09T16:00:00.000Z', // Monday 9:00 PDT
    ]);
  });
});
