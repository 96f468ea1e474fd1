import { describe, expect, it } from 'vitest';
import {
  bookingBlockHorizon,
  bookingBlockReason,
  canJoinVisit,
  canReschedule,
  chooseProvider,
  classifyAppointments,
  isUpcoming,
  type AppointmentLike,
} from './rules';

const NOW = new Date('2026-03-06T15:00:00Z'); // a Friday
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

function appointment(startOffsetMinutes: number, overrides: Partial<AppointmentLike> = {}) {
  const start = minutes(startOffsetMinutes);
  return {
    id: `a${startOffsetMinutes}`,
    start,
    end: new Date(start.getTime() + 30 * 60_000),
    status: 'scheduled',
    isAsync: false,
    encounterSigned: false,
    ...overrides,
  };
}

describe('appointments list classification (spec 01 §4)', () => {
  it('upcoming means a start later than 30 minutes before now', () => {
    expect(isUpcoming(minutes(-29), NOW)).toBe(true);
    expect(isUpcoming(minutes(-30), NOW)).toBe(false);
  });

  it('splits upcoming, previous and async; leaves out expired, reserved, cancelled, voided', () => {
    const list = [
      appointment(60),
      appointment(-10),
      appointment(-31),
      appointment(-600),
      appointment(120, { status: 'cancelled' }),
      appointment(120, { status: 'voided' }),
      appointment(-120, { status: 'expired' }),
      appointment(240, { status: 'reserved' }),
      appointment(-5, { isAsync: true, id: 'async' }),
      appointment(-50, { isAsync: true, id: 'async-cancelled', status: 'cancelled' }),
    ];
    const result = classifyAppointments(list, NOW);
    expect(result.upcoming.map((a) => a.id)).toEqual(['a-10', 'a60']);
    expect(result.previous.map((a) => a.id)).toEqual(['a-31', 'a-600']);
    expect(result.async.map((a) => a.id)).toEqual(['async']);
  });

  it('keeps the 50 most recent previous appointments', () => {
    const list = Array.from({ length: 60 }, (_, i) => appointment(-60 * (i + 1)));
    const { previous } = classifyAppointments(list, NOW);
    expect(previous).toHaveLength(50);
    expect(previous[0]?.id).toBe('a-60');
    expect(previous.at(-1)?.id).toBe('a-3000');
  });
});

describe('join window (spec 01 §4: 30 min before start to 30 min after, not async, not past)', () => {
  it('opens 30 minutes before the start and closes 30 minutes after it', () => {
    expect(canJoinVisit(appointment(31), NOW)).toBe(false);
    expect(canJoinVisit(appointment(30), NOW)).toBe(true);
    expect(canJoinVisit(appointment(0), NOW)).toBe(true);
    expect(canJoinVisit(appointment(-29), NOW)).toBe(true);
    expect(canJoinVisit(appointment(-30), NOW)).toBe(false);
  });

  it('never for an async or a cancelled appointment', () => {
    expect(canJoinVisit(appointment(5, { isAsync: true }), NOW)).toBe(false);
    expect(canJoinVisit(appointment(5, { status: 'cancelled' }), NOW)).toBe(false);
  });
});

describe('reschedule eligibility (spec 01 §4: ≥1 h ahead, has an id, no signed encounter)', () => {
  it('needs at least an hour of lead time', () => {
    expect(canReschedule(appointment(60), NOW)).toBe(true);
    expect(canReschedule(appointment(59), NOW)).toBe(false);
  });

  it('needs an id and an unsigned encounter', () => {
    expect(canReschedule(appointment(600, { id: null }), NOW)).toBe(false);
    expect(canReschedule(appointment(600, { encounterSigned: true }), NOW)).toBe(false);
  });
});

describe('booking blocking reasons (spec 01 §4)', () => {
  it('an appointment in progress (now between start and end) blocks first', () => {
    expect(
      bookingBlockReason({
        appointments: [appointment(-10), appointment(600)],
        activeTreatmentCount: 1,
        now: NOW,
      }),
    ).toBe('appointmentInProgress');
  });

  it('an existing upcoming appointment blocks with the reschedule offer', () => {
    expect(
      bookingBlockReason({ appointments: [appointment(600)], activeTreatmentCount: 0, now: NOW }),
    ).toBe('existingAppointment');
  });

  it('no active treatments blocks with the subscribe offer', () => {
    expect(
      bookingBlockReason({ appointments: [appointment(-600)], activeTreatmentCount: 0, now: NOW }),
    ).toBe('noActiveTreatments');
  });

  it('async, cancelled and past appointments do not block', () => {
    const appointments = [
      appointment(600, { isAsync: true }),
      appointment(600, { status: 'cancelled' }),
      appointment(-10, { status: 'voided' }),
      appointment(-600),
    ];
    expect(bookingBlockReason({ appointments, activeTreatmentCount: 2, now: NOW })).toBeNull();
  });

  it('the end instant itself is no longer in progress', () => {
    expect(
      bookingBlockReason({ appointments: [appointment(-30)], activeTreatmentCount: 1, now: NOW }),
    ).toBeNull();
  });

  it('an appointment that started and ended by the horizon never counts; one after it may', () => {
    const horizon = bookingBlockHorizon(NOW);
    const at = (offset: number) => new Date(horizon.getTime() + offset * 60_000);
    const over = [
      { ...appointment(-30), start: at(-30), end: at(0) },
      { ...appointment(-90), start: at(-90), end: at(-60) },
      // A row whose end is before its start, as bad data might be.
      { ...appointment(-5), start: at(-5), end: at(-20) },
    ];
    for (const activeTreatmentCount of [0, 1]) {
      for (const extra of [[], [appointment(600)], [appointment(-10)]]) {
        const without = bookingBlockReason({ appointments: extra, activeTreatmentCount, now: NOW });
        expect(
          bookingBlockReason({ appointments: [...over, ...extra], activeTreatmentCount, now: NOW }),
        ).toBe(without);
      }
    }
    const endsAfter = { ...appointment(-30), start: at(-30), end: at(1) };
    expect(
      bookingBlockReason({ appointments: [endsAfter], activeTreatmentCount: 1, now: NOW }),
    ).toBe('appointmentInProgress');
  });
});

describe('provider fallback (spec 01 §4)', () => {
  const withSlots = new Set(['p2', 'p3']);
  const hasSlots = (id: string) => withSlots.has(id);

  it('keeps the chosen provider when it has slots', () => {
    expect(
      chooseProvider({ chosenProviderId: 'p2', previousProviderIds: ['p3'], hasSlots }),
    ).toEqual({
      kind: 'provider',
      providerId: 'p2',
      fellBack: false,
    });
  });

  it('falls back to the first previous provider with slots', () => {
    expect(
      chooseProvider({
        chosenProviderId: 'p1',
        previousProviderIds: ['p1', 'p4', 'p3', 'p2'],
        hasSlots,
      }),
    ).toEqual({ kind: 'provider', providerId: 'p3', fellBack: true });
  });

  it('falls back to Any available provider when no previous provider has slots', () => {
    expect(
      chooseProvider({ chosenProviderId: 'p1', previousProviderIds: ['p4'], hasSlots }),
    ).toEqual({
      kind: 'any',
      fellBack: true,
    });
  });

  it('no chosen provider means Any available provider', () => {
    expect(
      chooseProvider({ chosenProviderId: null, previousProviderIds: ['p2'], hasSlots }),
    ).toEqual({
      kind: 'any',
      fellBack: false,
    });
  });
});
