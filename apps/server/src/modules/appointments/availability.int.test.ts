import { slotsByDay, thinDuplicateStarts } from '@portal/domain';
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
  type Caller,
} from '../../../test/appointment-fixtures';
import { startTestServer, type TestServer } from '../../../test/harness';

// The booking dialog's questions (issue 16): the day strip's summary and one day's slots,
// computed in the database, must say what the full GetAvailableSlots answer implies.

const SUMMARY = `query AvailabilitySummary($state: String!, $treatmentId: ID!, $startTime: DateTime!, $providerId: ID, $forReschedule: Boolean, $timeZone: String!) {
  availabilitySummary(state: $state, treatmentId: $treatmentId, startTime: $startTime, providerId: $providerId, forReschedule: $forReschedule, timeZone: $timeZone) {
    providers { id displayName } days { date label } } }`;
const DAY_SLOTS = `query GetAvailableSlots($state: String!, $treatmentId: ID!, $startTime: DateTime!, $providerId: ID, $distinctStart: Boolean, $day: String, $timeZone: String) {
  availableSlots(state: $state, treatmentId: $treatmentId, startTime: $startTime, providerId: $providerId, distinctStart: $distinctStart, day: $day, timeZone: $timeZone) {
    start end provider { id } } }`;

const FIRST_DAY = `query AvailabilitySummary($state: String!, $treatmentId: ID!, $startTime: DateTime!, $providerId: ID, $timeZone: String!) {
  availabilitySummary(state: $state, treatmentId: $treatmentId, startTime: $startTime, providerId: $providerId, timeZone: $timeZone, firstDay: true) {
    days { date } firstDay { date slots { start end providerId providerName } } } }`;
/** FIRST_DAY with the providers too: a chosen provider's times are named from that list. */
const FIRST_DAY_AND_PROVIDERS = FIRST_DAY.replace(
  'days { date }',
  'providers { id } days { date }',
);
const PROVIDERS_ONLY = `query GetAvailableProviders($state: String!, $treatmentId: ID!, $startTime: DateTime!, $timeZone: String!) {
  availabilitySummary(state: $state, treatmentId: $treatmentId, startTime: $startTime, timeZone: $timeZone) {
    ...Who } }
  fragment Who on AvailabilitySummary { providers { id displayName } }`;

interface Slot {
  start: string;
  end: string;
  provider: { id: string };
}
interface ProviderName {
  id: string;
  displayName: string;
}
interface Summary {
  providers: { id: string }[];
  days: { date: string; label: string | null }[];
}

let server: TestServer;
let treatment: { id: string; shortId: string };
let ask: Caller;
const providerIds: string[] = [];
// Wednesday 2026-10-28: the window crosses the end of US daylight time (Sunday 1 November).
const NOW = new Date('2026-10-28T15:00:00Z');
const ZONES = ['America/Los_Angeles', 'America/New_York', 'Asia/Kolkata', 'America/Chicago'];

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  treatment = await createTreatment(db);
  server.clock.set(NOW);
  for (const [i, timeZone] of ZONES.entries()) {
    const provider = await createScheduledProvider(db, {
      treatmentIds: [treatment.id],
      timeZone,
      visitMinutes: i === 3 ? 45 : 30,
      schedule:
        i === 2
          ? [{ weekday: 3, startMinute: 600, endMinute: 690 }]
          : [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 480, endMinute: 1020 })),
    });
    providerIds.push(provider.id);
  }
  const patient = await createPatient(db, treatment.id);
  ask = callerFor(server, patient);
  const holder = await createPatient(db, treatment.id);
  // On the grid, off the grid (10:10–10:50 blocks two half-hours) and a cancelled one.
  await insertAppointment(db, {
    customerId: holder.customer.id,
    providerId: providerIds[0]!,
    start: new Date('2026-10-30T16:00:00Z'),
  });
  await insertAppointment(db, {
    customerId: holder.customer.id,
    providerId: providerIds[1]!,
    start: new Date('2026-10-30T14:10:00Z'),
    end: new Date('2026-10-30T14:50:00Z'),
  });
  await insertAppointment(db, {
    customerId: holder.customer.id,
    providerId: providerIds[3]!,
    start: new Date('2026-10-30T14:00:00Z'),
    end: new Date('2026-10-30T14:45:00Z'),
    status: 'cancelled',
  });
});
afterAll(async () => {
  await server.close();
});

const base = () => ({ state: TEST_STATE, treatmentId: treatment.id, startTime: NOW.toISOString() });

async function fullAnswer(providerId?: string): Promise<Slot[]> {
  const result = await ask<{ availableSlots: Slot[] }>(AVAILABLE_SLOTS, { ...base(), providerId });
  expect(result.errors).toBeUndefined();
  return result.data?.availableSlots ?? [];
}

const key = (s: Slot) => `${s.provider.id} ${s.start} ${s.end}`;

describe('availabilitySummary (issue 16)', () => {
  for (const timeZone of ['America/Los_Angeles', 'Asia/Kolkata']) {
    it(`any provider: the days and labels of the full answer, thinned, in ${timeZone}`, async () => {
      const full = await fullAnswer();
      const expected = slotsByDay(
        thinDuplicateStarts(
          full.map((s) => ({ ...s, start: new Date(s.start) })),
          () => 0,
        ),
        timeZone,
      ).map((d) => ({ date: d.date, label: d.label }));
      const result = await ask<{ availabilitySummary: Summary }>(SUMMARY, { ...base(), timeZone });
      expect(result.errors).toBeUndefined();
      expect(result.data?.availabilitySummary.days).toEqual(expected);
      expect(expected.length).toBeGreaterThan(5);
      const withSlots = new Set(full.map((s) => s.provider.id));
      expect(new Set(result.data?.availabilitySummary.providers.map((p) => p.id) ?? [])).toEqual(
        withSlots,
      );
    });
  }

  it('one provider: that provider’s days and labels', async () => {
    const providerId = providerIds[2]!;
    const full = await fullAnswer(providerId);
    const expected = slotsByDay(
      full.map((s) => ({ ...s, start: new Date(s.start) })),
      'Asia/Kolkata',
    ).map((d) => ({ date: d.date, label: d.label }));
    const result = await ask<{ availabilitySummary: Summary }>(SUMMARY, {
      ...base(),
      providerId,
      timeZone: 'Asia/Kolkata',
    });
    expect(result.data?.availabilitySummary.days).toEqual(expected);
    expect(expected.map((d) => d.label)).toEqual(['few']);
  });

  for (const [timeZone, providerIndex] of [
    ['America/Los_Angeles', null],
    ['Asia/Kolkata', null],
    ['Asia/Kolkata', 2],
    ['America/New_York', 1],
  ] as const) {
    it(`firstDay: the strip's first day with its slots, ${providerIndex === null ? 'one free provider per start' : 'one provider'}, in ${timeZone}`, async () => {
      const providerId = providerIndex === null ? undefined : providerIds[providerIndex];
      const full = await fullAnswer(providerId);
      const [first] = slotsByDay(
        full.map((s) => ({ ...s, start: new Date(s.start) })),
        timeZone,
      );
      const result = await ask<{
        availabilitySummary: {
          days: { date: string }[];
          firstDay: {
            date: string;
            slots: { start: string; end: string; providerId: string; providerName: string }[];
          };
        };
      }>(FIRST_DAY, { ...base(), providerId, timeZone });
      expect(result.errors).toBeUndefined();
      const summary = result.data?.availabilitySummary;
      // Issue 46: each time names its provider (the strip is asked without the providers).
      const who = await ask<{ availabilitySummary: { providers: ProviderName[] } }>(
        PROVIDERS_ONLY,
        { ...base(), timeZone },
      );
      const names = new Map(
        (who.data?.availabilitySummary.providers ?? []).map((p) => [p.id, p.displayName]),
      );
      expect(summary?.firstDay.slots.length).toBeGreaterThan(0);
      for (const slot of summary?.firstDay.slots ?? []) {
        expect(slot.providerName).toBe(names.get(slot.providerId));
      }
      // Asked with the providers, the same times and names (any provider's pick among those
      // free at a start is random, spec 01 §9: there, each still names its own provider).
      const both = await ask<typeof result.data>(FIRST_DAY_AND_PROVIDERS, {
        ...base(),
        providerId,
        timeZone,
      });
      expect(both.errors).toBeUndefined();
      if (providerId) {
        expect(both.data?.availabilitySummary.firstDay).toEqual(summary?.firstDay);
      }
      for (const slot of both.data?.availabilitySummary.firstDay.slots ?? []) {
        expect(slot.providerName).toBe(names.get(slot.providerId));
      }
      expect(first).toBeDefined();
      expect(summary?.firstDay.date).toBe(first?.date);
      expect(summary?.days[0]?.date).toBe(first?.date);
      const slots = (summary?.firstDay.slots ?? []).map((s) => ({
        start: s.start,
        end: s.end,
        provider: { id: s.providerId },
      }));
      if (providerId) {
        expect(slots.map(key)).toEqual(
          first?.slots.map((s) => `${s.provider.id} ${s.start.toISOString()} ${s.end}`),
        );
      } else {
        expect(slots.map((s) => s.start)).toEqual([
          ...new Set(first?.slots.map((s) => s.start.toISOString())),
        ]);
        const fullKeys = new Set(full.map(key));
        for (const slot of slots) expect(fullKeys.has(key(slot))).toBe(true);
      }
    });
  }

  it('computes the asked parts only: the providers alone, or the strip alone (issue 46)', async () => {
    const timeZone = 'America/Los_Angeles';
    const both = await ask<{ availabilitySummary: Summary }>(SUMMARY, { ...base(), timeZone });
    const providers = await ask<{ availabilitySummary: { providers: ProviderName[] } }>(
      PROVIDERS_ONLY,
      { ...base(), timeZone },
    );
    expect(providers.errors).toBeUndefined();
    expect(providers.data?.availabilitySummary.providers.map((p) => p.id)).toEqual(
      both.data?.availabilitySummary.providers.map((p) => p.id),
    );
    const strip = await ask<{ availabilitySummary: { days: Summary['days'] } }>(
      SUMMARY.replace('providers { id displayName } ', ''),
      { ...base(), timeZone },
    );
    expect(strip.errors).toBeUndefined();
    expect(strip.data?.availabilitySummary.days).toEqual(both.data?.availabilitySummary.days);
    // Nothing free in the state: T101 whichever part is asked.
    for (const document of [PROVIDERS_ONLY, FIRST_DAY, SUMMARY]) {
      const none = await ask(document, { ...base(), state: 'AK', timeZone });
      expect(codeOf(none)).toBe('T101');
    }
  });

  it('firstDay is null unless asked', async () => {
    const result = await ask<{ availabilitySummary: { firstDay: null } }>(
      SUMMARY.replace('days { date label }', 'days { date label } firstDay { date }'),
      { ...base(), timeZone: 'America/Los_Angeles' },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.availabilitySummary.firstDay).toBeNull();
  });

  it('a zone that does not exist is T100', async () => {
    const result = await ask(SUMMARY, { ...base(), timeZone: 'Mars/Olympus' });
    expect(codeOf(result)).toBe('T100');
  });
});

describe('availableSlots with a day (issue 16)', () => {
  it('every provider: exactly the full answer’s slots of that local day, in the same order', async () => {
    const full = await fullAnswer();
    const timeZone = 'America/New_York';
    for (const day of slotsByDay(
      full.map((s) => ({ ...s, start: new Date(s.start) })),
      timeZone,
    )) {
      const result = await ask<{ availableSlots: Slot[] }>(DAY_SLOTS, {
        ...base(),
        day: day.date,
        timeZone,
      });
      expect(result.errors).toBeUndefined();
      expect(result.data?.availableSlots.map(key)).toEqual(
        day.slots.map((s) => `${s.provider.id} ${s.start.toISOString()} ${s.end}`),
      );
    }
  });

  it('distinctStart: one free provider per start of the day', async () => {
    const full = await fullAnswer();
    const timeZone = 'America/Los_Angeles';
    const day = slotsByDay(
      full.map((s) => ({ ...s, start: new Date(s.start) })),
      timeZone,
    ).find((d) => d.date === '2026-10-30');
    const result = await ask<{ availableSlots: Slot[] }>(DAY_SLOTS, {
      ...base(),
      day: '2026-10-30',
      timeZone,
      distinctStart: true,
    });
    const slots = result.data?.availableSlots ?? [];
    const fullKeys = new Set(full.map(key));
    expect(slots.map((s) => s.start)).toEqual([
      ...new Set(day?.slots.map((s) => s.start.toISOString())),
    ]);
    for (const slot of slots) expect(fullKeys.has(key(slot))).toBe(true);
  });
});
