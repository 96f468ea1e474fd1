import { describe, expect, it } from 'vitest';
import {
  availabilityLabel,
  groupSlotsByTimeOfDay,
  slotsByDay,
  splitGroup,
  timeGroupOf,
} from './presentation';

const slot = (start: string) => ({ start: new Date(start) });
const starts = (slots: readonly { start: Date }[]) => slots.map((s) => s.start.toISOString());

describe('availability label per day (spec 01 §9: ≤6 few, ≤12 some, more many)', () => {
  it.each([
    [0, null],
    [1, 'few'],
    [6, 'few'],
    [7, 'some'],
    [12, 'some'],
    [13, 'many'],
  ])('%i slots → %s', (count, label) => {
    expect(availabilityLabel(count)).toBe(label);
  });

  it('counts slots by the customer local day (Asia/Kolkata, UTC+5:30)', () => {
    // 18:29 UTC is 23:59 IST on the 10th; 18:30 UTC is 00:00 IST on the 11th.
    const days = slotsByDay(
      [slot('2026-03-10T18:30:00Z'), slot('2026-03-10T18:29:00Z'), slot('2026-03-10T04:00:00Z')],
      'Asia/Kolkata',
    );
    expect(days.map((d) => [d.date, d.slots.length, d.label])).toEqual([
      ['2026-03-10', 2, 'few'],
      ['2026-03-11', 1, 'few'],
    ]);
  });
});

describe('morning / afternoon / evening in the customer zone (spec 01 §9: <12, <18, else)', () => {
  it('groups by the local hour in a half-hour-offset zone (Asia/Kolkata)', () => {
    expect(timeGroupOf(new Date('2026-03-10T06:29:00Z'), 'Asia/Kolkata')).toBe('morning'); // 11:59
    expect(timeGroupOf(new Date('2026-03-10T06:30:00Z'), 'Asia/Kolkata')).toBe('afternoon'); // 12:00
    expect(timeGroupOf(new Date('2026-03-10T12:29:00Z'), 'Asia/Kolkata')).toBe('afternoon'); // 17:59
    expect(timeGroupOf(new Date('2026-03-10T12:30:00Z'), 'Asia/Kolkata')).toBe('evening'); // 18:00
  });

  it('groups by the local hour in America/St_Johns (UTC-2:30 in summer)', () => {
    // 2026-07-01 14:29 UTC is 11:59 NDT; 14:30 UTC is 12:00 NDT.
    const groups = groupSlotsByTimeOfDay(
      [slot('2026-07-01T14:30:00Z'), slot('2026-07-01T14:29:00Z'), slot('2026-07-01T20:30:00Z')],
      'America/St_Johns',
    );
    expect(starts(groups.morning)).toEqual(['2026-07-01T14:29:00.000Z']);
    expect(starts(groups.afternoon)).toEqual(['2026-07-01T14:30:00.000Z']);
    expect(starts(groups.evening)).toEqual(['2026-07-01T20:30:00.000Z']);
  });

  it('follows the customer clock across the Los Angeles DST change', () => {
    // 19:30 UTC is 11:30 PST on 2026-03-07 but 12:30 PDT on 2026-03-09.
    expect(timeGroupOf(new Date('2026-03-07T19:30:00Z'), 'America/Los_Angeles')).toBe('morning');
    expect(timeGroupOf(new Date('2026-03-09T19:30:00Z'), 'America/Los_Angeles')).toBe('afternoon');
  });
});

describe('first 3 per group, See more when at least 3 remain (spec 01 §9)', () => {
  const list = (n: number) => Array.from({ length: n }, (_, i) => i);

  it('shows 3 and hides the rest under See more when 3 or more remain', () => {
    expect(splitGroup(list(6))).toEqual({ shown: [0, 1, 2], more: [3, 4, 5], hasSeeMore: true });
    expect(splitGroup(list(9)).more).toHaveLength(6);
  });

  it('shows all without See more when fewer than 3 remain', () => {
    expect(splitGroup(list(3))).toEqual({ shown: [0, 1, 2], more: [], hasSeeMore: false });
    expect(splitGroup(list(5))).toEqual({ shown: [0, 1, 2, 3, 4], more: [], hasSeeMore: false });
    expect(splitGroup([])).toEqual({ shown: [], more: [], hasSeeMore: false });
  });
});
