import { describe, expect, it } from 'vitest';
import { generateSlots, removeBooked, thinDuplicateStarts, type TimeRange } from './slots';
import { wallTimeToInstant, zonedParts } from './zoned-time';

const iso = (slots: readonly TimeRange[]) => slots.map((s) => s.start.toISOString());
const LA = 'America/Los_Angeles';
const SUNDAY = 0;

describe('slot generation from a weekly schedule in the provider zone (spec 01 §3 slot, issue 5)', () => {
  it('keeps 8:00–17:00 local on a Friday, 30-minute visits, end excluded', () => {
    // Friday 2026-11-20 in Los Angeles is PST (UTC-8).
    const slots = generateSlots({
      schedule: [{ weekday: 5, startMinute: 8 * 60, endMinute: 17 * 60 }],
      timeZone: LA,
      visitMinutes: 30,
      from: new Date('2026-11-20T00:00:00Z'),
      to: new Date('2026-11-21T12:00:00Z'),
    });
    expect(slots).toHaveLength(18);
    expect(slots[0]?.start.toISOString()).toBe('2026-11-20T16:00:00.000Z');
    expect(slots[0]?.end.toISOString()).toBe('2026-11-20T16:30:00.000Z');
    expect(slots.at(-1)?.start.toISOString()).toBe('2026-11-21T00:30:00.000Z');
  });

  it('moves the UTC instants by an hour across the March DST change in America/Los_Angeles', () => {
    const schedule = [{ weekday: SUNDAY, startMinute: 8 * 60, endMinute: 9 * 60 }];
    const before = generateSlots({
      schedule,
      timeZone: LA,
      visitMinutes: 30,
      from: new Date('2026-03-01T00:00:00Z'),
      to: new Date('2026-03-09T00:00:00Z'),
    });
    // 2026-03-01 is PST (UTC-8); 2026-03-08 is PDT (UTC-7) from 2:00 local.
    expect(iso(before)).toEqual([
      '2026-03-01T16:00:00.000Z',
      '2026-03-01T16:30:00.000Z',
      '2026-03-08T15:00:00.000Z',
      '2026-03-08T15:30:00.000Z',
    ]);
  });

  it('skips wall times the clocks jump over on the March change (2:00–3:00 does not exist)', () => {
    const slots = generateSlots({
      schedule: [{ weekday: SUNDAY, startMinute: 60, endMinute: 4 * 60 }],
      timeZone: LA,
      visitMinutes: 30,
      from: new Date('2026-03-08T00:00:00Z'),
      to: new Date('2026-03-09T00:00:00Z'),
    });
    // 1:00, 1:30 PST; 3:00, 3:30 PDT. 2:00 and 2:30 are never on the clock.
    expect(iso(slots)).toEqual([
      '2026-03-08T09:00:00.000Z',
      '2026-03-08T09:30:00.000Z',
      '2026-03-08T10:00:00.000Z',
      '2026-03-08T10:30:00.000Z',
    ]);
  });

  it('places 8:00 local an hour later in UTC after the November DST change', () => {
    const slots = generateSlots({
      schedule: [{ weekday: SUNDAY, startMinute: 8 * 60, endMinute: 8 * 60 + 30 }],
      timeZone: LA,
      visitMinutes: 30,
      from: new Date('2026-10-25T00:00:00Z'),
      to: new Date('2026-11-02T00:00:00Z'),
    });
    expect(iso(slots)).toEqual(['2026-10-25T15:00:00.000Z', '2026-11-01T16:00:00.000Z']);
  });

  it('offers a repeated wall hour once, at its first occurrence, on the November change', () => {
    const slots = generateSlots({
      schedule: [{ weekday: SUNDAY, startMinute: 0, endMinute: 3 * 60 }],
      timeZone: LA,
      visitMinutes: 60,
      from: new Date('2026-11-01T00:00:00Z'),
      to: new Date('2026-11-02T00:00:00Z'),
    });
    // 0:00 PDT, 1:00 PDT (first of two), 2:00 PST.
    expect(iso(slots)).toEqual([
      '2026-11-01T07:00:00.000Z',
      '2026-11-01T08:00:00.000Z',
      '2026-11-01T10:00:00.000Z',
    ]);
  });

  it('reads a half-hour-offset provider zone (Asia/Kolkata, UTC+5:30) on its own clock', () => {
    // Saturday 2026-03-07 9:00 IST is 03:30 UTC.
    const slots = generateSlots({
      schedule: [{ weekday: 6, startMinute: 9 * 60, endMinute: 10 * 60 }],
      timeZone: 'Asia/Kolkata',
      visitMinutes: 20,
      from: new Date('2026-03-06T00:00:00Z'),
      to: new Date('2026-03-08T00:00:00Z'),
    });
    expect(iso(slots)).toEqual([
      '2026-03-07T03:30:00.000Z',
      '2026-03-07T03:50:00.000Z',
      '2026-03-07T04:10:00.000Z',
    ]);
  });

  it('keeps only slots starting inside [from, to]', () => {
    const slots = generateSlots({
      schedule: [{ weekday: 5, startMinute: 8 * 60, endMinute: 10 * 60 }],
      timeZone: LA,
      visitMinutes: 30,
      from: new Date('2026-11-20T16:30:00Z'),
      to: new Date('2026-11-20T17:00:00Z'),
    });
    expect(iso(slots)).toEqual(['2026-11-20T16:30:00.000Z', '2026-11-20T17:00:00.000Z']);
  });

  it('converts wall times both ways in America/St_Johns (UTC-3:30)', () => {
    const instant = wallTimeToInstant(
      { year: 2026, month: 1, day: 15 },
      9 * 60,
      'America/St_Johns',
    );
    expect(instant?.toISOString()).toBe('2026-01-15T12:30:00.000Z');
    expect(zonedParts(new Date('2026-01-15T12:30:00Z'), 'America/St_Johns')).toMatchObject({
      dateKey: '2026-01-15',
      hour: 9,
      minute: 0,
      weekday: 4,
    });
  });
});

describe('available slots = schedule minus live appointments (spec 01 §3, issue 5)', () => {
  const slot = (start: string, minutes = 30): TimeRange => ({
    start: new Date(start),
    end: new Date(new Date(start).getTime() + minutes * 60_000),
  });

  it('removes every slot a booked range overlaps, and no other', () => {
    const slots = [
      slot('2026-11-20T16:00:00Z'),
      slot('2026-11-20T16:30:00Z'),
      slot('2026-11-20T17:00:00Z'),
      slot('2026-11-20T17:30:00Z'),
      slot('2026-11-20T18:00:00Z'),
    ];
    const booked = [slot('2026-11-20T17:15:00Z', 30), slot('2026-11-20T16:00:00Z')];
    expect(iso(removeBooked(slots, booked))).toEqual([
      '2026-11-20T16:30:00.000Z',
      '2026-11-20T18:00:00.000Z',
    ]);
  });

  it('handles a long booking that covers several slots', () => {
    const slots = [
      slot('2026-11-20T16:00:00Z'),
      slot('2026-11-20T16:30:00Z'),
      slot('2026-11-20T17:00:00Z'),
    ];
    expect(iso(removeBooked(slots, [slot('2026-11-20T15:00:00Z', 120)]))).toEqual([
      '2026-11-20T17:00:00.000Z',
    ]);
  });
});

describe('thinning duplicate starts at random (spec 01 §9)', () => {
  const slots = [
    { start: new Date('2026-11-20T16:00:00Z'), provider: 'a' },
    { start: new Date('2026-11-20T16:00:00Z'), provider: 'b' },
    { start: new Date('2026-11-20T16:00:00Z'), provider: 'c' },
    { start: new Date('2026-11-20T16:30:00Z'), provider: 'a' },
  ];

  it('keeps one slot per start, chosen by the random function, in start order', () => {
    expect(thinDuplicateStarts(slots, () => 0).map((s) => s.provider)).toEqual(['a', 'a']);
    expect(thinDuplicateStarts(slots, () => 0.5).map((s) => s.provider)).toEqual(['b', 'a']);
    expect(thinDuplicateStarts(slots, () => 0.999).map((s) => s.provider)).toEqual(['c', 'a']);
  });

  it('never indexes past the group even if random returns 1', () => {
    expect(thinDuplicateStarts(slots, () => 1).map((s) => s.provider)).toEqual(['c', 'a']);
  });
});
