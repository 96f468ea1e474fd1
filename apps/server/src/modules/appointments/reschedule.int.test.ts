import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments, providerSchedules } from '../../db/schema/appointments';
import { auditLog } from '../../db/schema/platform';
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
  createTreatment,
  type TestTreatment,
  useAppointmentServer,
  plusMinutes,
  reasonOf,
} from '../../../test/appointment-fixtures';
import type { TestServer } from '../../../test/harness';

// Rescheduling over HTTP (spec 01 §4, §7, §8; issue 5); booking is in booking.int.test.ts.

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

describe('RescheduleAppointmentV2 (spec 01 §4)', () => {
  type Moved = {
    rescheduleAppointmentV2: {
      data: { start: string; sequence: number; provider: { id: string } };
    };
  };

  async function booked() {
    server.clock.set(TUESDAY);
    const context = await setup();
    const start = at('2026-11-12T20:00:00Z');
    const result = await context.asAlice<{ scheduleAdhocAppointmentV2: { data: { id: string } } }>(
      SCHEDULE,
      booking(context.provider.id, start),
    );
    const id = result.data?.scheduleAdhocAppointmentV2.data.id ?? '';
    return { ...context, id, start };
  }

  it('moves the appointment and frees the old time', async () => {
    const { provider, asAlice, id, start } = await booked();
    const target = at('2026-11-13T21:00:00Z');
    const moved = await asAlice<Moved>(RESCHEDULE, {
      appointmentId: id,
      providerId: provider.id,
      start: target.toISOString(),
      end: plus(target, 30).toISOString(),
    });
    expect(moved.errors).toBeUndefined();
    expect(moved.data?.rescheduleAppointmentV2.data.start).toBe(target.toISOString());
    // The calendar event keeps its UID; SEQUENCE goes up so calendars replace the old time.
    expect(moved.data?.rescheduleAppointmentV2.data.sequence).toBe(1);
    const slots = await asAlice<{ availableSlots: { start: string }[] }>(AVAILABLE_SLOTS, {
      state: TEST_STATE,
      treatmentId: treatment.id,
      startTime: start.toISOString(),
      endTime: target.toISOString(),
      providerId: provider.id,
    });
    const starts = slots.data?.availableSlots.map((s) => s.start);
    expect(starts).toContain(start.toISOString());
    expect(starts).not.toContain(target.toISOString());
    await server.flushAudit();
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'appointment'),
          eq(auditLog.entityId, id),
          eq(auditLog.action, 'update'),
        ),
      );
    expect(audit).toHaveLength(1);
  });

  it('a slot taken by someone else is A102', async () => {
    const { provider, asAlice, asBob, id } = await booked();
    const taken = at('2026-11-13T22:00:00Z');
    expect((await asBob(SCHEDULE, booking(provider.id, taken))).errors).toBeUndefined();
    const result = await asAlice(RESCHEDULE, {
      appointmentId: id,
      providerId: provider.id,
      start: taken.toISOString(),
      end: plus(taken, 30).toISOString(),
    });
    expect(codeOf(result)).toBe('A102');
    expect(reasonOf(result)).toBe('slotTaken');
  });

  it('a slot that vanished from the schedule is A102', async () => {
    const { provider, asAlice, id } = await booked();
    const target = at('2026-11-13T23:00:00Z');
    await server.database.db
      .delete(providerSchedules)
      .where(eq(providerSchedules.providerId, provider.id));
    const result = await asAlice(RESCHEDULE, {
      appointmentId: id,
      providerId: provider.id,
      start: target.toISOString(),
      end: plus(target, 30).toISOString(),
    });
    expect(codeOf(result)).toBe('A102');
    expect(reasonOf(result)).toBe('slotUnavailable');
  });

  it('less than an hour ahead, or a signed encounter, is A100', async () => {
    const { provider, asAlice, id, start } = await booked();
    const target = at('2026-11-14T17:00:00Z');
    const variables = {
      appointmentId: id,
      providerId: provider.id,
      start: target.toISOString(),
      end: plus(target, 30).toISOString(),
    };
    server.clock.set(plus(start, -59));
    const late = await asAlice(RESCHEDULE, variables);
    expect(codeOf(late)).toBe('A100');
    expect(reasonOf(late)).toBe('notReschedulable');
    server.clock.set(TUESDAY);
    await server.database.db
      .update(appointments)
      .set({ encounterSigned: true })
      .where(eq(appointments.id, id));
    expect(codeOf(await asAlice(RESCHEDULE, variables))).toBe('A100');
  });

  it("another customer cannot reschedule someone else's appointment", async () => {
    const { provider, asBob, id, start } = await booked();
    const target = at('2026-11-14T18:00:00Z');
    const result = await asBob(RESCHEDULE, {
      appointmentId: id,
      providerId: provider.id,
      start: target.toISOString(),
      end: plus(target, 30).toISOString(),
    });
    expect(codeOf(result)).toBe('A100');
    expect(reasonOf(result)).toBe('notFound');
    const [row] = await server.database.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, id));
    expect(row?.start.toISOString()).toBe(start.toISOString());
  });

  it('a fixed-start treatment moves only within the window its search offers (spec 01 §9)', async () => {
    // weightmanagement and tirzepatide reschedule from 2025-05-28 on: the search offers
    // nothing earlier, so the move refuses an earlier time as the search would.
    const db = server.database.db;
    const fixed = await createTreatment(db, { shortId: 'tirzepatide' });
    const provider = await createScheduledProvider(db, { treatmentIds: [fixed.id] });
    const carol = await createPatient(db, fixed.id);
    const asCarol = callerFor(server, carol);
    server.clock.set(at('2025-05-19T17:00:00Z'));
    const first = at('2025-05-21T20:00:00Z');
    const booked = await asCarol<{ scheduleAdhocAppointmentV2: { data: { id: string } } }>(
      SCHEDULE,
      { ...booking(provider.id, first), treatmentShortId: fixed.shortId },
    );
    expect(booked.errors).toBeUndefined();
    const id = booked.data?.scheduleAdhocAppointmentV2.data.id ?? '';
    const move = (start: Date) =>
      asCarol(RESCHEDULE, {
        appointmentId: id,
        providerId: provider.id,
        start: start.toISOString(),
        end: plus(start, 30).toISOString(),
      });
    const slots = await asCarol<{ availableSlots: { start: string }[] }>(AVAILABLE_SLOTS, {
      state: TEST_STATE,
      treatmentId: fixed.id,
      startTime: '2025-05-19T17:00:00Z',
      endTime: '2025-06-02T00:00:00Z',
      providerId: provider.id,
      forReschedule: true,
    });
    const offered = slots.data?.availableSlots.map((s) => s.start) ?? [];
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((start) => start >= '2025-05-28T00:00:00.000Z')).toBe(true);

    const early = await move(at('2025-05-22T20:00:00Z'));
    expect(codeOf(early)).toBe('A102');
    expect(reasonOf(early)).toBe('slotUnavailable');
    expect((await move(at('2025-05-28T20:00:00Z'))).errors).toBeUndefined();
    server.clock.set(TUESDAY);
  });
});
