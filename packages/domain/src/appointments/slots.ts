import {
  MINUTE_MS,
  addLocalDays,
  localWeekday,
  wallTimeToInstant,
  zonedParts,
  type LocalDate,
} from './zoned-time';

/**
 * One block of a provider's weekly hours, in the provider's own zone: weekday 0 is Sunday;
 * minutes from local midnight, the end excluded.
 */
export interface WeeklyScheduleBlock {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

export interface TimeRange {
  start: Date;
  end: Date;
}

export interface SlotGenerationInput {
  schedule: readonly WeeklyScheduleBlock[];
  /** The provider's zone: the schedule's wall clock. */
  timeZone: string;
  /** Length of a visit; slots follow each other at this step from the block's start. */
  visitMinutes: number;
  /** Slots start at or after `from` and at or before `to`. */
  from: Date;
  to: Date;
}

/**
 * The visits a weekly schedule offers between two instants, in start order. Each local day
 * is read on the provider's own clock, so a block of 8:00–17:00 stays 8:00–17:00 local across
 * a DST change (its UTC instants move by an hour); a slot whose wall time the clocks skip is
 * not offered.
 */
export function generateSlots(input: SlotGenerationInput): TimeRange[] {
  const { schedule, timeZone, visitMinutes, from, to } = input;
  const visitMs = visitMinutes * MINUTE_MS;
  const fromMs = from.getTime();
  const toMs = to.getTime();
  if (visitMinutes <= 0 || fromMs > toMs || schedule.length === 0) return [];
  const first = zonedParts(from, timeZone);
  const last = zonedParts(to, timeZone);
  const slots: TimeRange[] = [];
  for (let date: LocalDate = first; ; date = addLocalDays(date, 1)) {
    const weekday = localWeekday(date);
    for (const block of schedule) {
      if (block.weekday !== weekday) continue;
      for (const start of blockStarts(date, block, timeZone, visitMinutes)) {
        if (start >= fromMs && start <= toMs) {
          slots.push({ start: new Date(start), end: new Date(start + visitMs) });
        }
      }
    }
    if (date.year === last.year && date.month === last.month && date.day === last.day) break;
  }
  return slots.sort((a, b) => a.start.getTime() - b.start.getTime());
}

function blockStarts(
  date: LocalDate,
  block: WeeklyScheduleBlock,
  timeZone: string,
  visitMinutes: number,
): number[] {
  const starts: number[] = [];
  const blockStart = wallTimeToInstant(date, block.startMinute, timeZone);
  const blockEnd = wallTimeToInstant(date, block.endMinute, timeZone);
  const wallLength = (block.endMinute - block.startMinute) * MINUTE_MS;
  if (blockStart && blockEnd && blockEnd.getTime() - blockStart.getTime() === wallLength) {
    // No clock change inside the block: plain arithmetic, the common and fast case.
    const end = blockEnd.getTime();
    const step = visitMinutes * MINUTE_MS;
    for (let start = blockStart.getTime(); start + step <= end; start += step) starts.push(start);
    return starts;
  }
  // The clocks change inside the block: place each slot by its own wall time.
  for (
    let minute = block.startMinute;
    minute + visitMinutes <= block.endMinute;
    minute += visitMinutes
  ) {
    const start = wallTimeToInstant(date, minute, timeZone);
    if (start) starts.push(start.getTime());
  }
  return starts;
}

/**
 * Slots that overlap none of the booked ranges. Both lists in start order; one pass.
 */
export function removeBooked<T extends TimeRange>(
  slots: readonly T[],
  booked: readonly TimeRange[],
): T[] {
  const sorted = [...booked].sort((a, b) => a.start.getTime() - b.start.getTime());
  const free: T[] = [];
  let next = 0;
  for (const slot of slots) {
    const start = slot.start.getTime();
    const end = slot.end.getTime();
    while (next < sorted.length && (sorted[next] as TimeRange).end.getTime() <= start) next += 1;
    const candidate = sorted[next];
    if (candidate && candidate.start.getTime() < end) continue;
    free.push(slot);
  }
  return free;
}

/**
 * Spec 01 §9: duplicate slots at the same start (several providers free then) are thinned at
 * random to one. `random` returns a number in [0, 1), like Math.random; tests pass their own.
 * The result keeps start order.
 */
export function thinDuplicateStarts<T extends { start: Date }>(
  slots: readonly T[],
  random: () => number,
): T[] {
  const byStart = new Map<number, T[]>();
  for (const slot of slots) {
    const key = slot.start.getTime();
    const group = byStart.get(key);
    if (group) group.push(slot);
    else byStart.set(key, [slot]);
  }
  return [...byStart.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, group]) => {
      const index = Math.min(group.length - 1, Math.floor(random() * group.length));
      return group[index] as T;
    });
}
