import { tzOffset } from '@date-fns/tz';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** A calendar date in some zone; month is 1..12. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

export interface ZonedParts extends LocalDate {
  /** 0 is Sunday, as in Date#getDay. */
  weekday: number;
  hour: number;
  minute: number;
  /** yyyy-MM-dd */
  dateKey: string;
}

function offsetMinutes(timeZone: string, instant: number): number {
  const offset = tzOffset(timeZone, new Date(instant));
  if (Number.isNaN(offset)) throw new RangeError(`Unknown time zone: ${timeZone}`);
  return offset;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

export function dateKey(date: LocalDate): string {
  return `${date.year}-${pad(date.month)}-${pad(date.day)}`;
}

/** The wall clock of an instant in a zone. */
export function zonedParts(instant: Date, timeZone: string): ZonedParts {
  const shifted = new Date(
    instant.getTime() + offsetMinutes(timeZone, instant.getTime()) * MINUTE_MS,
  );
  const parts = {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
  return {
    ...parts,
    weekday: shifted.getUTCDay(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    dateKey: dateKey(parts),
  };
}

/** The calendar date `days` after `date` (calendar arithmetic, no zone involved). */
export function addLocalDays(date: LocalDate, days: number): LocalDate {
  const shifted = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
  };
}

export function localWeekday(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
}

// Zone rules never change while the process runs, so conversions can be remembered; the
// bound keeps a long-lived server from growing it without end.
const instantCache = new Map<string, number | null>();
const INSTANT_CACHE_MAX = 100_000;

/**
 * The instant a wall-clock time (minutes from local midnight; 1440 is the next midnight)
 * names in a zone, or null when the clocks skip it (the spring-forward gap). A time the
 * clocks pass twice (fall back) is its first occurrence.
 */
export function wallTimeToInstant(
  date: LocalDate,
  minuteOfDay: number,
  timeZone: string,
): Date | null {
  const key = `${timeZone}|${date.year}-${date.month}-${date.day}|${minuteOfDay}`;
  let cached = instantCache.get(key);
  if (cached === undefined) {
    cached = computeInstant(date, minuteOfDay, timeZone);
    if (instantCache.size >= INSTANT_CACHE_MAX) instantCache.clear();
    instantCache.set(key, cached);
  }
  return cached === null ? null : new Date(cached);
}

function computeInstant(date: LocalDate, minuteOfDay: number, timeZone: string): number | null {
  const wall = Date.UTC(date.year, date.month - 1, date.day) + minuteOfDay * MINUTE_MS;
  // The offsets a day either side bracket at most one transition: each gives a candidate,
  // and a candidate counts only if reading it back gives the same wall time.
  const candidates = [
    wall - offsetMinutes(timeZone, wall - DAY_MS) * MINUTE_MS,
    wall - offsetMinutes(timeZone, wall + DAY_MS) * MINUTE_MS,
  ].filter((instant) => instant + offsetMinutes(timeZone, instant) * MINUTE_MS === wall);
  return candidates.length > 0 ? Math.min(...candidates) : null;
}
