import { BOOKING_WINDOW, RESCHEDULE_SEARCH_DAYS } from '../constants';
import { addLocalDays, DAY_MS, HOUR_MS, wallTimeToInstant, type LocalDate } from './zoned-time';

/** The instants a slot's start may lie between, both ends included. */
export interface SlotWindow {
  earliest: Date;
  latest: Date;
}

/**
 * Spec 01 §9: the earliest bookable start is 24 hours ahead, or 48 hours when today is a
 * Saturday or a Sunday in UTC terms.
 */
export function earliestSlotStart(now: Date): Date {
  const weekday = now.getUTCDay();
  const hours =
    weekday === 0 || weekday === 6
      ? BOOKING_WINDOW.earliestHoursWeekend
      : BOOKING_WINDOW.earliestHours;
  return new Date(now.getTime() + hours * HOUR_MS);
}

/** Spec 01 §9: booking looks from the earliest start up to 13 days ahead. */
export function bookingWindow(now: Date): SlotWindow {
  return {
    earliest: earliestSlotStart(now),
    latest: new Date(now.getTime() + BOOKING_WINDOW.latestDays * DAY_MS),
  };
}

/**
 * Spec 01 §9: "except for two treatments that use a fixed start of 2025-05-28". The spec does
 * not name them; these are the demo catalogue's two GLP-1 treatments, the likeliest reading
 * (a date-bound launch of the GLP-1 programme). Change the list here if the provider names
 * others.
 */
export const FIXED_START_RESCHEDULE_TREATMENTS: readonly string[] = [
  'weightmanagement',
  'tirzepatide',
];

/** Spec 01 §9: the fixed reschedule start of those two treatments (UTC midnight). */
export const FIXED_RESCHEDULE_START = new Date('2025-05-28T00:00:00.000Z');

/**
 * Spec 01 §9: the reschedule search looks up to 14 days ahead. The spec gives it no earliest
 * start of its own, so the booking rule applies: a moved visit needs the same notice as a new
 * one. For the two fixed-start treatments the search starts at 2025-05-28 instead of now, so
 * the window starts at the later of that date and the notice rule; once the date has passed
 * (as it has for any real clock) it no longer narrows anything.
 */
export function rescheduleWindow(now: Date, treatmentShortId?: string | null): SlotWindow {
  const notice = earliestSlotStart(now);
  const fixed = treatmentShortId && FIXED_START_RESCHEDULE_TREATMENTS.includes(treatmentShortId);
  return {
    earliest:
      fixed && FIXED_RESCHEDULE_START.getTime() > notice.getTime()
        ? new Date(FIXED_RESCHEDULE_START.getTime())
        : notice,
    latest: new Date(now.getTime() + RESCHEDULE_SEARCH_DAYS * DAY_MS),
  };
}

export function isWithinWindow(start: Date, window: SlotWindow): boolean {
  const time = start.getTime();
  return time >= window.earliest.getTime() && time <= window.latest.getTime();
}

/** The part of a window that also lies within [from, to]; null when they do not meet. */
export function narrowWindow(
  window: SlotWindow,
  from?: Date | null,
  to?: Date | null,
): SlotWindow | null {
  const earliest = Math.max(window.earliest.getTime(), from?.getTime() ?? -Infinity);
  const latest = Math.min(window.latest.getTime(), to?.getTime() ?? Infinity);
  return earliest <= latest ? { earliest: new Date(earliest), latest: new Date(latest) } : null;
}

const DAY_KEY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * The instants of one local day (yyyy-MM-dd) in a zone, both ends included: the booking
 * dialog asks for one day's times of the day strip. Null for a malformed date.
 */
export function localDayWindow(day: string, timeZone: string): SlotWindow | null {
  const match = DAY_KEY.exec(day);
  if (!match) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const start = startOfLocalDay(date, timeZone);
  const next = startOfLocalDay(addLocalDays(date, 1), timeZone);
  if (!start || !next || next <= start) return null;
  return { earliest: new Date(start), latest: new Date(next - 1) };
}

/** Local midnight, or the first minute that exists when the clocks skip midnight. */
function startOfLocalDay(date: LocalDate, timeZone: string): number | null {
  for (let minute = 0; minute <= 120; minute += 30) {
    const instant = wallTimeToInstant(date, minute, timeZone);
    if (instant) return instant.getTime();
  }
  return null;
}
