import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/appointments';
import { subscriptions } from '../../db/schema/customers';
import { AppError } from '../../platform/errors';
import { BookingService } from './booking-service';
import { BookingStore } from './booking-store';
import { AvailabilityStore } from './availability-store';
import { SlotAlternatives } from './holds-alternatives';
import { HoldStore } from './holds-store';
import { SlotStore } from './slot-store';
import { AppointmentStore } from './store';
import {
  TUESDAY,
  createPatient,
  createScheduledProvider,
  type TestTreatment,
  useAppointmentServer,
  plusMinutes,
} from '../../../test/appointment-fixtures';
import type { TestServer } from '../../../test/harness';

// Issue 46: attempts on one slot in one process run one after the other (booking-flight.ts).
// When the one before booked the slot, the next is answered slotTaken without reading its
// booking facts or running its statement; when it failed for its own reasons, or a claim it
// could not see past refused it (a hold another customer may own), the next goes on.

let server: TestServer;
let treatment: TestTreatment;
useAppointmentServer({}, (opened) => ({ server, treatment } = opened));

/** A BookingService of its own (its own flights) that counts its booking-facts reads. */
function countingService() {
  const db = server.database.db;
  const bookings = new BookingStore(db);
  const read = bookings.bookingFacts.bind(bookings);
  let reads = 0;
  bookings.bookingFacts = (...args) => {
    reads += 1;
    return read(...args);
  };
  const slotStore = new SlotStore(db);
  const service = new BookingService(
    new AppointmentStore(db),
    bookings,
    slotStore,
    server.services.customers,
    server.platform.uow,
    server.clock,
    {
      store: new HoldStore(db),
      alternatives: new SlotAlternatives(new AvailabilityStore(db), slotStore),
    },
  );
  return { service, reads: () => reads };
}

async function scene(people: number) {
  server.clock.set(TUESDAY);
  const db = server.database.db;
  const provider = await createScheduledProvider(db, { treatmentIds: [treatment.id] });
  const patients = await Promise.all(
    Array.from({ length: people }, () => createPatient(db, treatment.id)),
  );
  const start = new Date('2026-11-12T18:00:00Z');
  const input = {
    providerId: provider.id,
    treatmentShortId: treatment.shortId,
    start,
    end: plusMinutes(start, 30),
    origin: 'portal',
  };
  const attempt = (service: BookingService, customerId: string, extra: object = {}) =>
    service
      .schedule(customerId, { ...input, ...extra }, { type: 'customer', id: customerId })
      .catch((error: unknown) => error);
  const live = () =>
    db
      .select({ customerId: appointments.customerId })
      .from(appointments)
      .where(and(eq(appointments.providerId, provider.id), eq(appointments.start, start)));
  return { patients, input, attempt, live };
}

describe('attempts on one slot in one process (issue 46)', () => {
  it('ten at once: one reads its facts and books; nine are slotTaken with alternatives, unread', async () => {
    const { patients, attempt, live } = await scene(10);
    const { service, reads } = countingService();
    const results = await Promise.all(patients.map((p) => attempt(service, p.customer.id)));
    const refused = results.filter((r) => r instanceof AppError);
    expect(results.filter((r) => !(r instanceof Error))).toHaveLength(1);
    expect(refused).toHaveLength(9);
    for (const error of refused) {
      expect(error).toMatchObject({ code: 'A102', reason: 'slotTaken' });
      expect(error.answer?.alternatives).toHaveLength(3);
    }
    expect(reads()).toBe(1);
    expect(await live()).toHaveLength(1);
  });

  it('the first fails for its own reason (a subscription not theirs): the next reads and books', async () => {
    const { patients, attempt, live } = await scene(2);
    const [mallory, bob] = patients;
    const [bobsPlan] = await server.database.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(eq(subscriptions.customerId, bob!.customer.id));
    const { service, reads } = countingService();
    const [first, second] = await Promise.all([
      attempt(service, mallory!.customer.id, { subscriptionId: bobsPlan!.id }),
      attempt(service, bob!.customer.id),
    ]);
    expect(first).toMatchObject({ code: 'A102', reason: 'notFound' });
    expect(second).not.toBeInstanceOf(Error);
    expect(reads()).toBe(2);
    expect(await live()).toEqual([{ customerId: bob!.customer.id }]);
  });

  it("the same customer's second attempt on the slot they just booked reads its own facts", async () => {
    const { patients, attempt, live } = await scene(1);
    const id = patients[0]!.customer.id;
    const { service, reads } = countingService();
    const [first, second] = await Promise.all([attempt(service, id), attempt(service, id)]);
    expect(first).not.toBeInstanceOf(Error);
    expect(second).toMatchObject({ code: 'A102', reason: 'existingAppointment' });
    expect(reads()).toBe(2);
    expect(await live()).toHaveLength(1);
  });

  it("a hold's owner behind someone the hold refused goes on, and books the held time", async () => {
    const { patients, input, attempt, live } = await scene(2);
    const [holder, other] = patients;
    const { service, reads } = countingService();
    const holderId = holder!.customer.id;
    await service.slotHolds.hold(holderId, input, { type: 'customer', id: holderId });
    const [refused, booked] = await Promise.all([
      attempt(service, other!.customer.id),
      attempt(service, holderId),
    ]);
    expect(refused).toMatchObject({ code: 'A102', reason: 'slotTaken' });
    expect(booked).not.toBeInstanceOf(Error);
    expect(reads()).toBe(2);
    expect(await live()).toEqual([{ customerId: holderId }]);
  });

  it('an attempt just after a booking is answered from it; once the visit moved away, the next books', async () => {
    const { patients, input, attempt, live } = await scene(3);
    const [alice, bob, carol] = patients.map((p) => p.customer.id);
    const { service, reads } = countingService();
    const booked = await attempt(service, alice!);
    expect(booked).not.toBeInstanceOf(Error);
    expect(await attempt(service, bob!)).toMatchObject({ code: 'A102', reason: 'slotTaken' });
    expect(reads()).toBe(1);
    const later = plusMinutes(input.start, 30);
    await service.moveAppointment(
      alice!,
      {
        appointmentId: (booked as { id: string }).id,
        providerId: input.providerId,
        start: later,
        end: plusMinutes(later, 30),
      },
      { type: 'customer', id: alice! },
    );
    expect(await attempt(service, carol!)).not.toBeInstanceOf(Error);
    expect(reads()).toBe(2);
    expect(await live()).toEqual([{ customerId: carol }]);
  });

  it("the care team's cancel frees the slot in the server's flights: the next attempt books", async () => {
    const { patients, attempt } = await scene(3);
    const [alice, bob, carol] = patients.map((p) => p.customer.id);
    const service = server.services.appointments.booking;
    const booked = await attempt(service, alice!);
    expect(booked).not.toBeInstanceOf(Error);
    expect(await attempt(service, bob!)).toMatchObject({ code: 'A102', reason: 'slotTaken' });
    const cancelled = await server.services.visitCancellation.cancel(
      alice!,
      (booked as { id: string }).id,
      { type: 'staff', id: 'care-team' },
    );
    expect(cancelled?.status).toBe('cancelled');
    // Within the second the flight would otherwise have answered from Alice's booking.
    expect(await attempt(service, carol!)).not.toBeInstanceOf(Error);
  });
});
