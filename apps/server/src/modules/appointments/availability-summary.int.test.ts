import { describe, expect, it } from 'vitest';
import { bookingWindow } from '@portal/domain';
import { providerTimeOff, slotClaims } from '../../db/schema/appointments';
import { AvailabilityStore } from './availability-store';
import {
  TEST_STATE,
  TUESDAY,
  createPatient,
  createScheduledProvider,
  insertAppointment,
  plusMinutes,
  type TestTreatment,
  useAppointmentServer,
} from '../../../test/appointment-fixtures';
import type { TestServer } from '../../../test/harness';

// Issue 46: the dialog's first question for any provider is one statement (summary) instead of
// three (providersWithSlots, dayCounts, firstDaySlots). Its answers must be theirs, with
// bookings, time off, someone's live hold, the viewer's own hold and a lapsed hold about.

let server: TestServer;
let treatment: TestTreatment;
useAppointmentServer({}, (opened) => ({ server, treatment } = opened));

describe('AvailabilityStore.summary (issue 46)', () => {
  it('answers what the three questions answer', async () => {
    server.clock.set(TUESDAY);
    const db = server.database.db;
    const zones = ['America/Los_Angeles', 'America/New_York', 'America/Chicago'];
    const ids: string[] = [];
    for (const timeZone of zones) {
      ids.push((await createScheduledProvider(db, { treatmentIds: [treatment.id], timeZone })).id);
    }
    const [a, b, c] = ids as [string, string, string];
    const viewer = await createPatient(db, treatment.id);
    const other = await createPatient(db, treatment.id);
    const window = bookingWindow(TUESDAY);
    const first = new Date('2026-11-11T17:00:00Z'); // the window's first start
    // a: off for the whole first bookable day; b: held by someone else at the first start, and
    // by the viewer (which leaves it free for them) half an hour later; c: booked there, and a
    // hold of someone else that lapsed.
    await db.insert(providerTimeOff).values({
      providerId: a,
      startsAt: first,
      endsAt: plusMinutes(first, 24 * 60),
      createdBy: 'test',
    });
    const hold = (providerId: string, customerId: string, start: Date, expiresAt: Date) =>
      db.insert(slotClaims).values({
        providerId,
        customerId,
        start,
        end: plusMinutes(start, 30),
        expiresAt,
        createdAt: TUESDAY,
      });
    await hold(b, other.customer.id, first, plusMinutes(TUESDAY, 5));
    await hold(b, viewer.customer.id, plusMinutes(first, 30), plusMinutes(TUESDAY, 5));
    await insertAppointment(db, { customerId: other.customer.id, providerId: c, start: first });
    await hold(c, other.customer.id, plusMinutes(first, 30), plusMinutes(TUESDAY, -1));

    const store = new AvailabilityStore(db);
    const filter = {
      state: TEST_STATE,
      treatmentId: treatment.id,
      providerId: null,
      language: 'en-US',
      holdsAt: TUESDAY,
      viewerId: viewer.customer.id,
    };
    const range = { from: window.earliest, to: window.latest };
    for (const zone of ['America/Los_Angeles', 'Asia/Kolkata']) {
      const one = await store.summary(filter, range, zone, { firstDay: true });
      const [providers, days, firstDay] = await Promise.all([
        store.providersWithSlots(filter, range),
        store.dayCounts(filter, range, zone),
        store.firstDaySlots(filter, range, zone, { distinctStart: true }),
      ]);
      expect(one.providers).toEqual(providers);
      expect(one.days).toEqual(days);
      expect(one.firstDay?.date).toBe(firstDay?.date);
      // Off, held by someone else, booked: the first start is nobody's; the next is free.
      expect(one.firstDay?.slots[0]?.start).toEqual(plusMinutes(first, 30));
      const starts = (slots: { start: Date }[] | undefined) => slots?.map((s) => s.start);
      expect(starts(one.firstDay?.slots)).toEqual(starts(firstDay?.slots));
      // Each start's provider is picked at random: it must be one free then.
      const free = await store.freeSlots(
        filter,
        {
          from: one.firstDay!.slots[0]!.start,
          to: one.firstDay!.slots.at(-1)!.start,
        },
        { distinctStart: false },
      );
      const freeKeys = new Set(free.map((s) => `${s.providerId} ${s.start.getTime()}`));
      for (const slot of one.firstDay!.slots) {
        expect(freeKeys.has(`${slot.providerId} ${slot.start.getTime()}`)).toBe(true);
      }
      expect((await store.summary(filter, range, zone, { firstDay: false })).firstDay).toBeNull();
      // Each part only when asked (issue 46), and the first day's times name their provider.
      const strip = await store.summary(filter, range, zone, { firstDay: true, providers: false });
      expect(strip.providers).toEqual([]);
      expect(strip.days).toEqual(days);
      expect(starts(strip.firstDay?.slots)).toEqual(starts(firstDay?.slots));
      const names = new Map(providers.map((p) => [p.id, p.displayName]));
      for (const slot of strip.firstDay!.slots) {
        expect(slot.providerName).toBe(names.get(slot.providerId));
      }
      const who = await store.summary(filter, range, zone, { firstDay: false, days: false });
      expect(who.providers).toEqual(providers);
      expect(who.days).toEqual([]);
    }
  });
});
