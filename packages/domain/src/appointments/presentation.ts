import {
  AVAILABILITY_LABEL_THRESHOLDS,
  SEE_MORE_MIN_REMAINING,
  SLOTS_SHOWN_PER_GROUP,
  TIME_GROUP_BOUNDARIES,
  type AvailabilityLabel,
  type TimeGroup,
} from '../constants';
import { zonedParts } from './zoned-time';

/**
 * Spec 01 §9: a day's label by its number of slots: up to 6 few, up to 12 some, above that
 * many. A day with no slot has no label (the day strip shows it as unavailable).
 */
export function availabilityLabel(slotCount: number): AvailabilityLabel | null {
  if (slotCount <= 0) return null;
  if (slotCount <= AVAILABILITY_LABEL_THRESHOLDS.fewMax) return 'few';
  if (slotCount <= AVAILABILITY_LABEL_THRESHOLDS.someMax) return 'some';
  return 'many';
}

export interface DayAvailability<T> {
  /** yyyy-MM-dd in the customer's zone. */
  date: string;
  slots: T[];
  label: AvailabilityLabel | null;
}

/** The day strip: slots by the customer's local day, in date order, each with its label. */
export function slotsByDay<T extends { start: Date }>(
  slots: readonly T[],
  timeZone: string,
): DayAvailability<T>[] {
  const days = new Map<string, T[]>();
  for (const slot of [...slots].sort((a, b) => a.start.getTime() - b.start.getTime())) {
    const key = zonedParts(slot.start, timeZone).dateKey;
    const day = days.get(key);
    if (day) day.push(slot);
    else days.set(key, [slot]);
  }
  return [...days.entries()].map(([date, daySlots]) => ({
    date,
    slots: daySlots,
    label: availabilityLabel(daySlots.length),
  }));
}

/** Spec 01 §9: before 12 morning, before 18 afternoon, otherwise evening, on the local clock. */
export function timeGroupOf(start: Date, timeZone: string): TimeGroup {
  const { hour } = zonedParts(start, timeZone);
  if (hour < TIME_GROUP_BOUNDARIES.afternoonStartHour) return 'morning';
  if (hour < TIME_GROUP_BOUNDARIES.eveningStartHour) return 'afternoon';
  return 'evening';
}

export type GroupedSlots<T> = Record<TimeGroup, T[]>;

export function groupSlotsByTimeOfDay<T extends { start: Date }>(
  slots: readonly T[],
  timeZone: string,
): GroupedSlots<T> {
  const groups: GroupedSlots<T> = { morning: [], afternoon: [], evening: [] };
  for (const slot of [...slots].sort((a, b) => a.start.getTime() - b.start.getTime())) {
    groups[timeGroupOf(slot.start, timeZone)].push(slot);
  }
  return groups;
}

export interface GroupDisplay<T> {
  /** Shown at once. */
  shown: T[];
  /** Shown after See more. */
  more: T[];
  hasSeeMore: boolean;
}

/**
 * Spec 01 §9: the first 3 slots of a group are shown; the rest expand under See more when at
 * least 3 remain. When only 1 or 2 remain they are shown with the first 3: a See more for
 * fewer than 3 is what the rule avoids, and hiding them would make bookable times unreachable.
 */
export function splitGroup<T>(slots: readonly T[]): GroupDisplay<T> {
  const remaining = slots.length - SLOTS_SHOWN_PER_GROUP;
  if (remaining >= SEE_MORE_MIN_REMAINING) {
    return {
      shown: slots.slice(0, SLOTS_SHOWN_PER_GROUP),
      more: slots.slice(SLOTS_SHOWN_PER_GROUP),
      hasSeeMore: true,
    };
  }
  return { shown: [...slots], more: [], hasSeeMore: false };
}
