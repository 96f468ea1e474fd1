import { describe, expect, it } from 'vitest';
import {
  SLOT_ALTERNATIVES_COUNT,
  SLOT_HOLD_MINUTES,
  holdExpiry,
  holdTimeLeft,
  nearestAlternatives,
} from './rules';
import { holdAppointmentSlotSchema, scheduleAppointmentSchema } from './schemas';

// Issue 43: a picked time is held for five minutes; a taken one is answered with the three
// nearest free times, the same provider's first.

const NOW = new Date('2026-03-07T18:00:00Z'); // a Saturday
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const slot = (providerId: string, minutes: number) => ({
  providerId,
  start: at(minutes),
  end: at(minutes + 30),
});

describe('the hold (issue 43: five minutes)', () => {
  it('lapses five minutes after it is taken', () => {
    expect(SLOT_HOLD_MINUTES).toBe(5);
    expect(holdExpiry(NOW).toISOString()).toBe('2026-03-07T18:05:00.000Z');
  });

  it('counts whole seconds down, and minutes for a screen reader rounded up', () => {
    const expires = holdExpiry(NOW);
    expect(holdTimeLeft(expires, NOW)).toEqual({ seconds: 300, minutes: 5 });
    expect(holdTimeLeft(expires, new Date(NOW.getTime() + 28_000))).toEqual({
      seconds: 272,
      minutes: 5,
    });
    expect(holdTimeLeft(expires, at(1))).toEqual({ seconds: 240, minutes: 4 });
    expect(holdTimeLeft(expires, new Date(expires.getTime() - 500))).toEqual({
      seconds: 1,
      minutes: 1,
    });
    expect(holdTimeLeft(expires, at(6))).toEqual({ seconds: 0, minutes: 0 });
  });
});

describe('the nearest free times to a taken one (issue 43)', () => {
  const taken = { providerId: 'p1', start: at(60) };

  it('offers three, the same provider first by distance, then others', () => {
    const same = [slot('p1', 0), slot('p1', 90), slot('p1', 30)];
    const any = [slot('p2', 60), slot('p1', 120), slot('p3', 30)];
    const picked = nearestAlternatives(taken, same, any);
    expect(SLOT_ALTERNATIVES_COUNT).toBe(3);
    // 30 and 90 are both 30 minutes away: the earlier first; then 0.
    expect(picked.map((s) => [s.providerId, s.start.getTime() - NOW.getTime()])).toEqual([
      ['p1', 30 * 60_000],
      ['p1', 90 * 60_000],
      ['p1', 0],
    ]);
  });

  it('fills from any provider when the same one has fewer, never the taken time itself', () => {
    const same = [slot('p1', 60), slot('p1', 240)];
    const any = [slot('p2', 300), slot('p2', 60), slot('p1', 90), slot('p3', 0)];
    const picked = nearestAlternatives(taken, same, any);
    expect(
      picked.map((s) => `${s.providerId}@${(s.start.getTime() - NOW.getTime()) / 60_000}`),
    ).toEqual(['p1@240', 'p2@60', 'p3@0']);
  });

  it('offers none when nothing is free', () => {
    expect(nearestAlternatives(taken, [], [])).toEqual([]);
  });
});

describe('hold and booking input (issue 43)', () => {
  const input = {
    providerId: '3f1d3b3e-8d4a-4f55-9a43-0c8b0d6f7a11',
    treatmentShortId: 'weightmanagement',
    start: at(0),
    end: at(30),
  };

  it('a hold needs what a booking needs; a reschedule names its appointment', () => {
    expect(holdAppointmentSlotSchema.safeParse(input).success).toBe(true);
    expect(
      holdAppointmentSlotSchema.safeParse({ ...input, appointmentId: 'not-an-id' }).success,
    ).toBe(false);
    expect(holdAppointmentSlotSchema.safeParse({ ...input, end: at(0) }).success).toBe(false);
  });

  it('a booking may carry its hold by id', () => {
    const holdId = '6f1d3b3e-8d4a-4f55-9a43-0c8b0d6f7a22';
    expect(scheduleAppointmentSchema.parse({ ...input, holdId }).holdId).toBe(holdId);
    expect(scheduleAppointmentSchema.safeParse({ ...input, holdId: 'x' }).success).toBe(false);
  });
});
