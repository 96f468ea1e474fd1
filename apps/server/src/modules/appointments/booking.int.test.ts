import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/appointments';
import { addresses } from '../../db/schema/customers';
import {
  AVAILABLE_SLOTS,
  SCHEDULE,
  TUESDAY,
  TEST_STATE,
  callerFor,
  codeOf,
  createPatient,
  createScheduledProvider,
  createTreatment,
  type TestTreatment,
  useAppointmentServer,
  insertAppointment,
  plusMinutes,
  reasonOf,
} from '../../../test/appointment-fixtures';
import type { TestServer } from '../../../test/harness';

// Booking over HTTP (spec 01 §4, §7, §8, §9; issue 5); rescheduling is in reschedule.int.test.ts.

let server: TestServer;
let treatment: TestTreatment;
useAppointmentServer({}, (opened) => ({ server, treatment } = opened));

const at = (iso: string) => new Date(iso);
const plus = plusMinutes;

async function setup() {
  const db = server.database.db;
  const provider = await createScheduledProvider(db, { treatmentIds: [treatment.id] });
  const alice = await createPatient(db, treatment.id);
  const bob = await createPatient(db, treatment.id);
  return { provider, alice, bob, asAlice: callerFor(server, alice), asBob: callerFor(server, bob) };
}

function booking(providerId: string, start: Date, minutes = 30) {
  return {
    providerId,
    treatmentShortId: treatment.shortId,
    start: start.toISOString(),
    end: plus(start, minutes).toISOString(),
    origin: 'portal',
  };
}

describe('two customers book one provider and start at the same moment (spec 01 §4, DESIGN §4)', () => {
  it('exactly one succeeds and the other gets A102, every time', async () => {
    server.clock.set(TUESDAY);
    const db = server.database.db;
    const provider = await createScheduledProvider(db, { treatmentIds: [treatment.id] });
    for (let round = 0; round < 6; round += 1) {
      const start = plus(at('2026-11-12T17:00:00Z'), round * 30);
      const people = await Promise.all([
        createPatient(db, treatment.id),
        createPatient(db, treatment.id),
      ]);
      const results = await Promise.all(
        people.map((person) => callerFor(server, person)(SCHEDULE, booking(provider.id, start))),
      );
      const winners = results.filter((r) => !r.errors);
      const losers = results.filter((r) => r.errors);
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(1);
      expect(codeOf(losers[0] ?? {})).toBe('A102');
      expect(reasonOf(losers[0] ?? {})).toBe('slotTaken');
      const rows = await db
        .select()
        .from(appointments)
        .where(and(eq(appointments.providerId, provider.id), eq(appointments.start, start)));
      expect(rows).toHaveLength(1);
    }
  });

  it('a slot taken earlier is refused by the insert too (A102), and the payload carries data', async () => {
    server.clock.set(TUESDAY);
    const { provider, asAlice, asBob } = await setup();
    const start = at('2026-11-13T18:00:00Z');
    const first = await asAlice<{
      scheduleAdhocAppointmentV2: {
        statusCode: number;
        name: string;
        data: { start: string; provider: { id: string } };
      };
    }>(SCHEDULE, booking(provider.id, start));
    expect(first.errors).toBeUndefined();
    expect(first.data?.scheduleAdhocAppointmentV2).toMatchObject({
      statusCode: 200,
      name: 'AppointmentScheduled',
      data: { start: start.toISOString(), provider: { id: provider.id } },
    });
    const second = await asBob(SCHEDULE, booking(provider.id, start));
    expect(codeOf(second)).toBe('A102');
    expect(reasonOf(second)).toBe('slotTaken');
  });
});

describe('slot window on the server (spec 01 §9)', () => {
  it('a slot 23h59m ahead is refused and one 24h ahead is offered and bookable', async () => {
    const { provider, asAlice } = await setup();
    const slot = at('2026-11-11T17:00:00Z'); // Wednesday 09:00 PST
    const search = {
      state: TEST_STATE,
      treatmentId: treatment.id,
      startTime: TUESDAY.toISOString(),
      providerId: provider.id,
    };

    server.clock.set(plus(TUESDAY, 1)); // the slot is 23h59m away
    const early = await asAlice<{ availableSlots: { start: string }[] }>(AVAILABLE_SLOTS, search);
    expect(early.data?.availableSlots.map((s) => s.start)).not.toContain(slot.toISOString());
    const refused = await asAlice(SCHEDULE, booking(provider.id, slot));
    expect(codeOf(refused)).toBe('A102');
    expect(reasonOf(refused)).toBe('outsideWindow');

    server.clock.set(TUESDAY); // exactly 24h away
    const onTime = await asAlice<{ availableSlots: { start: string }[] }>(AVAILABLE_SLOTS, search);
    expect(onTime.data?.availableSlots[0]?.start).toBe(slot.toISOString());
    const booked = await asAlice(SCHEDULE, booking(provider.id, slot));
    expect(booked.errors).toBeUndefined();
  });

  it('on a Saturday in UTC the earliest slot is 48 hours ahead', async () => {
    const db = server.database.db;
    const everyDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      weekday,
      startMinute: 0,
      endMinute: 1440,
    }));
    const provider = await createScheduledProvider(db, {
      treatmentIds: [treatment.id],
      schedule: everyDay,
    });
    const alice = await createPatient(db, treatment.id);
    const asAlice = callerFor(server, alice);
    const saturday = at('2026-11-14T17:00:00Z');
    server.clock.set(saturday);
    const result = await asAlice<{ availableSlots: { start: string }[] }>(AVAILABLE_SLOTS, {
      state: TEST_STATE,
      treatmentId: treatment.id,
      startTime: saturday.toISOString(),
      providerId: provider.id,
    });
    expect(result.data?.availableSlots[0]?.start).toBe('2026-11-16T17:00:00.000Z');
    const sunday = await asAlice(SCHEDULE, booking(provider.id, plus(saturday, 24 * 60)));
    expect(reasonOf(sunday)).toBe('outsideWindow');
    const latest = result.data?.availableSlots.at(-1)?.start;
    expect(latest).toBe('2026-11-27T17:00:00.000Z'); // 13 days ahead, inclusive
  });

  it('refuses a start off the provider schedule, or with the wrong end', async () => {
    server.clock.set(TUESDAY);
    const { provider, asAlice } = await setup();
    const offGrid = await asAlice(SCHEDULE, booking(provider.id, at('2026-11-12T17:10:00Z')));
    expect(reasonOf(offGrid)).toBe('slotUnavailable');
    const wrongEnd = await asAlice(SCHEDULE, booking(provider.id, at('2026-11-12T17:00:00Z'), 45));
    expect(reasonOf(wrongEnd)).toBe('slotUnavailable');
    const sunday = await asAlice(SCHEDULE, booking(provider.id, at('2026-11-15T17:00:00Z')));
    expect(reasonOf(sunday)).toBe('slotUnavailable');
  });

  it('refuses a provider not licensed in the customer state', async () => {
    server.clock.set(TUESDAY);
    const db = server.database.db;
    const provider = await createScheduledProvider(db, {
      treatmentIds: [treatment.id],
      states: ['NY'],
    });
    const alice = await createPatient(db, treatment.id);
    const result = await callerFor(server, alice)(
      SCHEDULE,
      booking(provider.id, at('2026-11-12T17:00:00Z')),
    );
    expect(reasonOf(result)).toBe('slotUnavailable');
  });

  /** A new customer books Thursday 17:00 with a new provider; the provider and the answer. */
  async function bookNewProvider(
    overrides: Parameters<typeof createScheduledProvider>[1],
    beforeBooking?: (customerId: string) => Promise<unknown>,
  ) {
    server.clock.set(TUESDAY);
    const db = server.database.db;
    const provider = await createScheduledProvider(db, overrides);
    const alice = await createPatient(db, treatment.id);
    await beforeBooking?.(alice.customer.id);
    const result = await callerFor(server, alice)(
      SCHEDULE,
      booking(provider.id, at('2026-11-12T17:00:00Z')),
    );
    return { provider, result };
  }

  it('refuses a provider who does not see the treatment', async () => {
    const other = await createTreatment(server.database.db);
    const { result } = await bookNewProvider({ treatmentIds: [other.id] });
    expect(reasonOf(result)).toBe('slotUnavailable');
  });

  it('leaves licensing unchecked for a customer with no address on file, as the slots do', async () => {
    const { provider, result } = await bookNewProvider(
      { treatmentIds: [treatment.id], states: ['NY'] },
      (customerId) =>
        server.database.db.delete(addresses).where(eq(addresses.customerId, customerId)),
    );
    expect(result.errors).toBeUndefined();
    expect(result.data).toMatchObject({
      scheduleAdhocAppointmentV2: { data: { provider: { id: provider.id } } },
    });
  });

  it('names bad input in field errors under A102', async () => {
    server.clock.set(TUESDAY);
    const { provider, asAlice } = await setup();
    const result = await asAlice(SCHEDULE, {
      ...booking(provider.id, at('2026-11-12T17:00:00Z')),
      treatmentShortId: 'Not A Short Id',
    });
    expect(codeOf(result)).toBe('A102');
    expect(result.errors?.[0]?.extensions).toMatchObject({
      fields: { treatmentShortId: 'appointments.validation.treatmentInvalid' },
    });
  });
});

describe('blocking reasons on booking (spec 01 §4)', () => {
  it('an existing upcoming appointment blocks a second booking', async () => {
    server.clock.set(TUESDAY);
    const { provider, asAlice } = await setup();
    expect(
      (await asAlice(SCHEDULE, booking(provider.id, at('2026-11-12T18:00:00Z')))).errors,
    ).toBeUndefined();
    const again = await asAlice(SCHEDULE, booking(provider.id, at('2026-11-12T19:00:00Z')));
    expect(codeOf(again)).toBe('A102');
    expect(reasonOf(again)).toBe('existingAppointment');
  });

  it('an appointment in progress now blocks', async () => {
    server.clock.set(TUESDAY);
    const { provider, alice, asAlice } = await setup();
    await insertAppointment(server.database.db, {
      customerId: alice.customer.id,
      providerId: provider.id,
      start: plus(TUESDAY, -10),
    });
    const result = await asAlice(SCHEDULE, booking(provider.id, at('2026-11-12T18:00:00Z')));
    expect(reasonOf(result)).toBe('appointmentInProgress');
  });

  it('no active treatment blocks', async () => {
    server.clock.set(TUESDAY);
    const db = server.database.db;
    const provider = await createScheduledProvider(db, { treatmentIds: [treatment.id] });
    const nobody = await createPatient(db, null);
    const result = await callerFor(server, nobody)(
      SCHEDULE,
      booking(provider.id, at('2026-11-12T18:00:00Z')),
    );
    expect(reasonOf(result)).toBe('noActiveTreatments');
  });
});

describe('a bulk visit carries its vial count (spec 02 §7, issue 12)', () => {
  it('records the vial count on the appointment; a count outside 2 to 6 is A102 and books nothing', async () => {
    server.clock.set(TUESDAY);
    const { provider, alice, asAlice } = await setup();
    const db = server.database.db;
    const start = at('2026-11-16T18:00:00Z');
    const refused = await asAlice(SCHEDULE, { ...booking(provider.id, start), vialCount: 7 });
    expect(codeOf(refused)).toBe('A102');
    const one = await asAlice(SCHEDULE, { ...booking(provider.id, start), vialCount: 1 });
    expect(codeOf(one)).toBe('A102');
    expect(
      await db.select().from(appointments).where(eq(appointments.customerId, alice.customer.id)),
    ).toHaveLength(0);

    const booked = await asAlice<{ scheduleAdhocAppointmentV2: { data: { id: string } } }>(
      SCHEDULE,
      { ...booking(provider.id, start), vialCount: 4 },
    );
    expect(booked.errors).toBeUndefined();
    const id = booked.data?.scheduleAdhocAppointmentV2.data.id ?? '';
    const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
    expect(row?.vialCount).toBe(4);
    expect(row?.customerId).toBe(alice.customer.id);
  });
});
