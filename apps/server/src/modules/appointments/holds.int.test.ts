import { SLOT_HOLD_MINUTES } from '@portal/domain';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments, slotClaims } from '../../db/schema/appointments';
import {
  AVAILABLE_SLOTS,
  RESCHEDULE,
  SCHEDULE,
  TUESDAY,
  TEST_STATE,
  callerFor,
  codeOf,
  createPatient,
  createScheduledProvider,
  type TestTreatment,
  useAppointmentServer,
  insertAppointment,
  plusMinutes,
  reasonOf,
  type Caller,
} from '../../../test/appointment-fixtures';
import { type GraphQLResponse, type TestServer } from '../../../test/harness';
import { isOverlapConflict } from './holds-store';

// Issue 43: a picked time held for five minutes, one exclusion constraint over visits and
// live holds, and a taken time answered with the nearest free times. PGlite by default;
// PostgreSQL with PORTAL_TEST_DB=postgres (npm run test:postgres).

const HOLD = `mutation HoldAppointmentSlot($providerId: ID!, $treatmentShortId: String!, $start: DateTime!, $end: DateTime!, $appointmentId: ID) {
  holdAppointmentSlot(providerId: $providerId, treatmentShortId: $treatmentShortId, start: $start, end: $end, appointmentId: $appointmentId) {
    id providerId start end expiresAt
  }
}`;
const RELEASE = `mutation ReleaseAppointmentHold($id: ID!) { releaseAppointmentHold(id: $id) }`;
const SCHEDULE_HELD = `mutation ScheduleHeld($providerId: ID!, $treatmentShortId: String!, $start: DateTime!, $end: DateTime!, $holdId: ID) {
  scheduleAdhocAppointmentV2(providerId: $providerId, treatmentShortId: $treatmentShortId, start: $start, end: $end, holdId: $holdId) {
    data { id start provider { id } }
  }
}`;
const RESCHEDULE_HELD = `mutation RescheduleHeld($appointmentId: ID!, $providerId: ID!, $start: DateTime!, $end: DateTime!, $holdId: ID) {
  rescheduleAppointmentV2(appointmentId: $appointmentId, providerId: $providerId, start: $start, end: $end, holdId: $holdId) {
    data { id start }
  }
}`;

interface Hold {
  id: string;
  providerId: string;
  start: string;
  end: string;
  expiresAt: string;
}
interface Alternative {
  start: string;
  end: string;
  providerId: string;
  providerName: string;
}

let server: TestServer;
let treatment: TestTreatment;
useAppointmentServer({}, (opened) => ({ server, treatment } = opened));

/** Thursday 2026-11-12, 9:00 in Los Angeles: on the test schedule, in the booking window. */
const THURSDAY_9 = new Date('2026-11-12T17:00:00Z');

function slot(providerId: string, start: Date, minutes = 30) {
  return {
    providerId,
    treatmentShortId: treatment.shortId,
    start: start.toISOString(),
    end: plusMinutes(start, minutes).toISOString(),
  };
}

async function people(count = 2) {
  const db = server.database.db;
  const list = [];
  for (let i = 0; i < count; i += 1) {
    const person = await createPatient(db, treatment.id);
    list.push({ person, call: callerFor(server, person) });
  }
  return list;
}

async function holdOf(call: Caller, variables: Record<string, unknown>): Promise<Hold> {
  const result = await call<{ holdAppointmentSlot: Hold }>(HOLD, variables);
  expect(result.errors).toBeUndefined();
  return result.data!.holdAppointmentSlot;
}

function alternativesOf(response: GraphQLResponse<unknown>): Alternative[] {
  const extensions = response.errors?.[0]?.extensions as { alternatives?: Alternative[] };
  return extensions.alternatives ?? [];
}

describe('a held time (issue 43)', () => {
  it('is held for five minutes, and booking it with the hold succeeds', async () => {
    server.clock.set(TUESDAY);
    const provider = await createScheduledProvider(server.database.db, {
      treatmentIds: [treatment.id],
    });
    const [alice] = await people(1);
    const hold = await holdOf(alice!.call, slot(provider.id, THURSDAY_9));
    expect(new Date(hold.expiresAt).getTime() - TUESDAY.getTime()).toBe(SLOT_HOLD_MINUTES * 60_000);
    const booked = await alice!.call(SCHEDULE_HELD, {
      ...slot(provider.id, THURSDAY_9),
      holdId: hold.id,
    });
    expect(booked.errors).toBeUndefined();
    // The hold gave way to the visit's own claim.
    const claims = await server.database.db
      .select()
      .from(slotClaims)
      .where(eq(slotClaims.providerId, provider.id));
    expect(claims).toHaveLength(1);
    expect(claims[0]?.expiresAt).toBeNull();
  });

  it("refuses another customer's hold and booking with A102 slotTaken and three alternatives, the same provider first", async () => {
    server.clock.set(TUESDAY);
    const provider = await createScheduledProvider(server.database.db, {
      treatmentIds: [treatment.id],
    });
    const [alice, bob] = await people(2);
    await holdOf(alice!.call, slot(provider.id, THURSDAY_9));

    const held = await bob!.call(HOLD, slot(provider.id, THURSDAY_9));
    expect(codeOf(held)).toBe('A102');
    expect(reasonOf(held)).toBe('slotTaken');
    const offered = alternativesOf(held);
    expect(offered).toHaveLength(3);
    expect(offered.every((a) => a.providerId === provider.id)).toBe(true);
    expect(offered[0]?.providerName).toBe(provider.displayName);
    // Nearest first: the 8:30 and 9:30 neighbours, then 8:00 or 10:00.
    expect(
      offered
        .slice(0, 2)
        .map((a) => a.start)
        .sort(),
    ).toEqual([
      plusMinutes(THURSDAY_9, -30).toISOString(),
      plusMinutes(THURSDAY_9, 30).toISOString(),
    ]);

    const booked = await bob!.call(SCHEDULE, slot(provider.id, THURSDAY_9));
    expect(codeOf(booked)).toBe('A102');
    expect(reasonOf(booked)).toBe('slotTaken');
    expect(alternativesOf(booked)).toHaveLength(3);
    const rows = await server.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.providerId, provider.id));
    expect(rows).toHaveLength(0);
  });

  it('offers any provider when the same one has no other free time', async () => {
    server.clock.set(TUESDAY);
    const db = server.database.db;
    // Thursday 9:00–9:30 only: one slot a week.
    const lone = await createScheduledProvider(db, {
      treatmentIds: [treatment.id],
      schedule: [{ weekday: 4, startMinute: 540, endMinute: 570 }],
    });
    const other = await createScheduledProvider(db, { treatmentIds: [treatment.id] });
    const [alice, bob] = await people(2);
    await holdOf(alice!.call, slot(lone.id, THURSDAY_9));
    const held = await bob!.call(HOLD, slot(lone.id, THURSDAY_9));
    expect(reasonOf(held)).toBe('slotTaken');
    const offered = alternativesOf(held);
    expect(offered).toHaveLength(3);
    expect(offered.every((a) => a.providerId !== lone.id)).toBe(true);
    // The nearest of them is another provider's 9:00 itself.
    expect(offered[0]?.start).toBe(THURSDAY_9.toISOString());
    expect(offered.some((a) => a.providerId === other.id)).toBe(true);
  });

  it('blocks nobody once lapsed: the slot is offered and booked by another customer', async () => {
    server.clock.set(TUESDAY);
    const provider = await createScheduledProvider(server.database.db, {
      treatmentIds: [treatment.id],
    });
    const [alice, bob] = await people(2);
    await holdOf(alice!.call, slot(provider.id, THURSDAY_9));
    const search = {
      state: TEST_STATE,
      treatmentId: treatment.id,
      providerId: provider.id,
      startTime: THURSDAY_9.toISOString(),
      endTime: THURSDAY_9.toISOString(),
    };
    type Slots = { availableSlots: { start: string }[] };
    // While live: gone for Bob, still there for Alice.
    expect((await bob!.call<Slots>(AVAILABLE_SLOTS, search)).data?.availableSlots).toHaveLength(0);
    expect((await alice!.call<Slots>(AVAILABLE_SLOTS, search)).data?.availableSlots).toHaveLength(
      1,
    );

    server.clock.advance(SLOT_HOLD_MINUTES * 60_000 + 1_000);
    expect((await bob!.call<Slots>(AVAILABLE_SLOTS, search)).data?.availableSlots).toHaveLength(1);
    const booked = await bob!.call(SCHEDULE, slot(provider.id, THURSDAY_9));
    expect(booked.errors).toBeUndefined();
    // The lapsed hold went in the booking's own statement.
    const holds = await server.database.db
      .select()
      .from(slotClaims)
      .where(and(eq(slotClaims.providerId, provider.id), isNotNull(slotClaims.expiresAt)));
    expect(holds).toHaveLength(0);
  });

  it("replaces the customer's previous hold with a new one", async () => {
    server.clock.set(TUESDAY);
    const provider = await createScheduledProvider(server.database.db, {
      treatmentIds: [treatment.id],
    });
    const [alice, bob] = await people(2);
    await holdOf(alice!.call, slot(provider.id, THURSDAY_9));
    await holdOf(alice!.call, slot(provider.id, plusMinutes(THURSDAY_9, 60)));
    // The first time is free again.
    await holdOf(bob!.call, slot(provider.id, THURSDAY_9));
  });

  it('cannot be released or used by another customer', async () => {
    server.clock.set(TUESDAY);
    const provider = await createScheduledProvider(server.database.db, {
      treatmentIds: [treatment.id],
    });
    const [alice, bob] = await people(2);
    const hold = await holdOf(alice!.call, slot(provider.id, THURSDAY_9));
    const released = await bob!.call<{ releaseAppointmentHold: boolean }>(RELEASE, { id: hold.id });
    expect(released.data?.releaseAppointmentHold).toBe(false);
    const used = await bob!.call(SCHEDULE_HELD, {
      ...slot(provider.id, THURSDAY_9),
      holdId: hold.id,
    });
    expect(codeOf(used)).toBe('A102');
    expect(reasonOf(used)).toBe('slotTaken');
    const [still] = await server.database.db
      .select()
      .from(slotClaims)
      .where(eq(slotClaims.id, hold.id));
    expect(still?.customerId).toBe(alice!.person.customer.id);

    // Alice's own release frees it at once.
    const own = await alice!.call<{ releaseAppointmentHold: boolean }>(RELEASE, { id: hold.id });
    expect(own.data?.releaseAppointmentHold).toBe(true);
    const booked = await bob!.call(SCHEDULE, slot(provider.id, THURSDAY_9));
    expect(booked.errors).toBeUndefined();
  });

  it('moves a visit onto the time the customer holds', async () => {
    server.clock.set(TUESDAY);
    const db = server.database.db;
    const provider = await createScheduledProvider(db, { treatmentIds: [treatment.id] });
    const [alice, bob] = await people(2);
    const visit = await insertAppointment(db, {
      customerId: alice!.person.customer.id,
      providerId: provider.id,
      treatmentId: treatment.id,
      start: plusMinutes(THURSDAY_9, 120),
    });
    const target = plusMinutes(THURSDAY_9, 30);
    const hold = await holdOf(alice!.call, {
      ...slot(provider.id, target),
      appointmentId: visit.id,
    });
    expect((await bob!.call(HOLD, slot(provider.id, target))).errors).toBeDefined();
    const moved = await alice!.call(RESCHEDULE_HELD, {
      appointmentId: visit.id,
      providerId: provider.id,
      start: target.toISOString(),
      end: plusMinutes(target, 30).toISOString(),
      holdId: hold.id,
    });
    expect(moved.errors).toBeUndefined();
    // Bob may take the time the visit left, and not the one it moved to.
    expect(
      (await bob!.call(HOLD, slot(provider.id, plusMinutes(THURSDAY_9, 120)))).errors,
    ).toBeUndefined();
    const refused = await bob!.call(RESCHEDULE, {
      appointmentId: visit.id,
      providerId: provider.id,
      start: target.toISOString(),
      end: plusMinutes(target, 30).toISOString(),
    });
    expect(codeOf(refused)).toBe('A100');
  });
});

/** Whether the write failed on the slot claims' exclusion constraint (and on nothing else). */
async function refusal(write: Promise<unknown>): Promise<boolean> {
  try {
    await write;
    return false;
  } catch (error) {
    return isOverlapConflict(error);
  }
}

describe('the exclusion constraint (issue 43)', () => {
  it('refuses an overlapping claim written directly in SQL', async () => {
    const db = server.database.db;
    const provider = await createScheduledProvider(db, { treatmentIds: [treatment.id] });
    const [alice, bob] = await people(2);
    await insertAppointment(db, {
      customerId: alice!.person.customer.id,
      providerId: provider.id,
      start: THURSDAY_9,
    });
    // A hold a quarter of an hour into the visit.
    expect(
      await refusal(
        db.execute(sql`insert into slot_claims (provider_id, customer_id, start, "end", expires_at)
        values (${provider.id}, ${bob!.person.customer.id}, ${plusMinutes(THURSDAY_9, 15).toISOString()}::timestamptz,
          ${plusMinutes(THURSDAY_9, 45).toISOString()}::timestamptz, now() + interval '5 minutes')`),
      ),
    ).toBe(true);
    // A second visit at another start that overlaps: the trigger's claim is refused too.
    expect(
      await refusal(
        insertAppointment(db, {
          customerId: bob!.person.customer.id,
          providerId: provider.id,
          start: plusMinutes(THURSDAY_9, 10),
        }),
      ),
    ).toBe(true);
    // A cancelled visit gives its time back.
    await db
      .update(appointments)
      .set({ status: 'cancelled' })
      .where(eq(appointments.providerId, provider.id));
    await insertAppointment(db, {
      customerId: bob!.person.customer.id,
      providerId: provider.id,
      start: plusMinutes(THURSDAY_9, 10),
    });
  });
});

describe('a race for one time (issue 43)', () => {
  it('has exactly one winner among concurrent bookings and holds', async () => {
    server.clock.set(TUESDAY);
    const provider = await createScheduledProvider(server.database.db, {
      treatmentIds: [treatment.id],
    });
    const racers = await people(8);
    const booked = await Promise.all(
      racers.map(({ call }) => call(SCHEDULE, slot(provider.id, THURSDAY_9))),
    );
    expect(booked.filter((r) => !r.errors)).toHaveLength(1);
    for (const loser of booked.filter((r) => r.errors)) {
      expect(codeOf(loser)).toBe('A102');
      expect(reasonOf(loser)).toBe('slotTaken');
      expect(alternativesOf(loser)).toHaveLength(3);
    }
    const next = plusMinutes(THURSDAY_9, 60);
    const held = await Promise.all(racers.map(({ call }) => call(HOLD, slot(provider.id, next))));
    expect(held.filter((r) => !r.errors)).toHaveLength(1);
    expect(held.filter((r) => reasonOf(r) === 'slotTaken')).toHaveLength(racers.length - 1);
  });
});
