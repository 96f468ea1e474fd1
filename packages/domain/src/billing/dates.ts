// Calendar dates (yyyy-MM-dd) for billing terms. Terms run on calendar dates in the
// customer's time zone; the caller turns "now" into today's date there. Arithmetic is done
// on UTC midnights so no zone or DST can shift a day.

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

function parts(date: string): [number, number, number] {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`not a yyyy-MM-dd date: ${date}`);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) {
    throw new RangeError(`not a calendar date: ${date}`);
  }
  return [y, mo, d];
}

function format(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function utc(date: string): number {
  const [y, mo, d] = parts(date);
  return Date.UTC(y, mo - 1, d);
}

/**
 * `months` calendar months after `date`; a day the target month lacks becomes its last day
 * (Jan 31 + 1 month = Feb 28, or Feb 29 in a leap year).
 */
export function addMonthsToDate(date: string, months: number): string {
  const [y, mo, d] = parts(date);
  const first = Date.UTC(y, mo - 1 + months, 1);
  const target = new Date(first);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  return format(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(d, lastDay)));
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((utc(to) - utc(from)) / DAY_MS);
}

/**
 * A formatter per time zone, made once: making one is far slower than using it (issue 46: the
 * billing and appointment screens called this for every date they showed). An unknown zone
 * throws each time, as the constructor does, and is not kept.
 */
const calendarDateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of an instant in a time zone. */
export function calendarDateIn(instant: Date, timeZone: string): string {
  let format = calendarDateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    calendarDateFormats.set(timeZone, format);
  }
  return format.format(instant);
}
