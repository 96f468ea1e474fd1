import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/appointments';
import { auditLog } from '../../db/schema/platform';
import { AppError } from '../../platform/errors';
import { BookingService } from './booking-service';
import { BookingStore } from './booking-store';
import { AvailabilityStore } from './availability-store';
import { SlotAlternatives } from './holds-alternatives';
import { HoldStore } from './holds-store';
import { SlotStore } from './slot-store';
import { AppointmentStore } from './store';
import {
  SCHEDULE,
  TUESDAY,
  callerFor,
  codeOf,
  createPatient,
  createScheduledProvider,
  type TestTreatment,
  useAppointmentServer,
  insertAppointment,
  plusMinutes,
  reasonOf,
} from '../../../test/appointment-fixtures';
import type { TestServer } from '../../../test/harness';

// Issue 16: a booking's insert carries its audit row in the same statement (ON CONFLICT DO
// NOTHING against the live-slot index). What that must not change: a refused booking leaves no
// audit row, and one customer's double click still books once. Issue 38: the domain's rule
// judges the customer's visits as the facts read them, and the statement books only while
// they are still those.

let server: TestServer;
let treatment: TestTreatment;
useAppointmentServer({}, (opened) => ({ server, treatment } = opened));

const plus = plusMinutes;

function booking(providerId: string, start: Date) {
  return {
    providerId,
    treatmentShortId: treatment.shortId,
    start: start.toISOString(),
    end: plus(start, 30).toISOString(),
    origin: 'portal',
  };
}

describe('a booking and its audit row in one statement', () => {
  it('the winner of a slot has one audit row; the nine refused bookings have none', async () => {
    server.clock.set(TUESDAY);
    const db = server.database.db;
    const provider = await createScheduledProvider(db, { treatmentIds: [treatment.id] });
    const start = new Date('2026-11-12T18:00:00Z');
    const people = await Promise.all(
      Array.from({ length: 10 }, () => createPatient(db, treatment.id)),
    );
    const results = await Promise.all(
      people.map((person) => callerFor(server, person)(SCHEDULE, booking(provider.id, start))),
    );
    const refused = results.filter((r) => r.errors);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(refused).toHaveLength(9);
    for (const r of refused) {
      expect(codeOf(r)).toBe('A102');
      expect(reasonOf(r)).toBe('slotTaken');
    }
    const booked = await db
      .select({ id: appointments.id, customerId: appointments.customerId })
      .from(appointments)
      .where(and(eq(appointments.providerId, provider.id), eq(appointments.start, start)));
    expect(booked).toHaveLength(1);
    await server.flushAudit();
    const rows = await db
      .select({ entityId: auditLog.entityId, actorId: auditLog.actorId, details: auditLog.details })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'appointment'),
          eq(auditLog.action, 'create'),
          inArray(
            auditLog.actorId,
            people.map((p) => p.customer.id),
          ),
        ),
      );
    expect(rows).toEqual([
      {
        entityId: booked[0]!.id,
        actorId: booked[0]!.customerId,
        details: {
          operation: 'ScheduleAdhocAppointmentV2',
          providerId: provider.id,
          start: start.toISOString(),
        },
      },
    ]);
  });

  it("one customer's double click on two free slots books one; the other is existingAppointment", async () => {
    server.clock.set(TUESDAY);
    const db = server.database.db;
    const provider = await createScheduledProvider(db, { treatmentIds: [treatment.id] });
    const person = await createPatient(db, treatment.id);
    const asPerson = callerFor(server, person);
    const first = new Date('2026-11-12T19:00:00Z');
    const results = await Promise.all([
      asPerson(SCHEDULE, booking(provider.id, first)),
      asPerson(SCHEDULE, booking(provider.id, plus(first, 30))),
    ]);
    const refused = results.filter((r) => r.errors);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(codeOf(refused[0]!)).toBe('A102');
    expect(reasonOf(refused[0]!)).toBe('existingAppointment');
    const live = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.customerId, person.customer.id));
    expect(live).toHaveLength(1);
  });
});

describe('the booking rule judges the visits the statement books against (issue 38)', () => {
  /** A BookingService whose facts read runs `between` once, right after its first read. */
  function bookingWith(between: () => Promise<unknown>) {
    const db = server.database.db;
    const bookings = new BookingStore(db);
    const read = bookings.bookingFacts.bind(bookings);
    let reads = 0;
    bookings.bookingFacts = async (...args) => {
      const facts = await read(...args);
      reads += 1;
      if (reads === 1) await between();
      return facts;
    };
    const { customers } = server.services;
    const service = new BookingService(
      new AppointmentStore(db),
      bookings,
      new SlotStore(db),
      customers,
      server.platform.uow,
      server.clock,
      {
        store: new HoldStore(db),
        alternatives: new SlotAlternatives(new AvailabilityStore(db), new SlotStore(db)),
      },
    );
    return { service, reads: () => reads };
  }

  async function scene() {
    server.clock.set(TUESDAY);
    const db = server.database.db;
    const provider = await createScheduledProvider(db, { treatmentIds: [treatment.id] });
    const person = await createPatient(db, treatment.id);
    const customerId = person.customer.id;
    const start = new Date('2026-11-12T17:00:00Z');
    const input = {
      providerId: provider.id,
      treatmentShortId: treatment.shortId,
      start,
      end: plus(start, 30),
      origin: 'portal',
    };
    const actor = { type: 'customer' as const, id: customerId };
    const visit = (status: string) =>
      insertAppointment(db, {
        customerId,
        providerId: provider.id,
        start: plus(start, 60),
        status,
      });
    const mine = () =>
      db
        .select({ id: appointments.id, status: appointments.status })
        .from(appointments)
        .where(eq(appointments.customerId, customerId));
    return { input, actor, customerId, visit, mine };
  }

  it('a visit of theirs that appears after the read blocks at the statement, read once', async () => {
    const { input, actor, customerId, visit, mine } = await scene();
    const { service, reads } = bookingWith(() => visit('scheduled'));
    const error = await service.schedule(customerId, input, actor).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'A102', reason: 'existingAppointment' });
    expect(reads()).toBe(1);
    expect(await mine()).toHaveLength(1);
  });

  it('a change that does not block (a cancelled visit) is read again, and the booking holds', async () => {
    const { input, actor, customerId, visit, mine } = await scene();
    const { service, reads } = bookingWith(() => visit('cancelled'));
    const booked = await service.schedule(customerId, input, actor);
    expect(reads()).toBe(2);
    expect((await mine()).map((r) => r.status).sort()).toEqual(['cancelled', 'scheduled']);
    expect(booked.start).toEqual(input.start);
  });
});
