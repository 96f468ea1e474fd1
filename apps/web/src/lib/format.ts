import { TZDate } from '@date-fns/tz';
import { DATE_FORMATS, DEFAULT_TIME_ZONE, formatCents } from '@portal/domain';
import { differenceInHours, differenceInMinutes, format, isSameDay } from 'date-fns';

// UI.md: dates and money go through one formatter each. Times are shown in the customer's time
// zone (DESIGN §4: America/Los_Angeles when the customer has none).

export type DateFormat = keyof typeof DATE_FORMATS;

export function formatDate(
  instant: Date | string,
  pattern: DateFormat,
  timeZone: string | null | undefined = DEFAULT_TIME_ZONE,
): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  return format(new TZDate(date.getTime(), timeZone ?? DEFAULT_TIME_ZONE), DATE_FORMATS[pattern]);
}

/** A calendar date (yyyy-MM-dd, no time) in the spec's MM/dd/yyyy, without any zone shift. */
export function formatCalendarDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return year && month && day ? `${month}/${day}/${year}` : isoDate;
}

export type RelativeTime =
  { unit: 'minutes' | 'hours'; count: number } | { unit: 'date'; text: string };

/** Spec 01 §9: 'N minutes/hours ago' within the same day, otherwise MMM dd, yyyy. */
export function relativeTime(
  instant: Date | string,
  now: Date,
  timeZone: string | null | undefined = DEFAULT_TIME_ZONE,
): RelativeTime {
  const zone = timeZone ?? DEFAULT_TIME_ZONE;
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (isSameDay(new TZDate(date.getTime(), zone), new TZDate(now.getTime(), zone))) {
    const minutes = Math.max(0, differenceInMinutes(now, date));
    return minutes < 60
      ? { unit: 'minutes', count: minutes }
      : { unit: 'hours', count: differenceInHours(now, date) };
  }
  return { unit: 'date', text: formatDate(date, 'messageDate', zone) };
}

/** Integer cents as US dollars with two decimals. */
export const formatMoney = formatCents;

// Titles before a name, and credentials after a comma, are not part of its initials.
const NAME_TITLES = new Set(['dr', 'doctor', 'mr', 'mrs', 'ms', 'miss', 'mx', 'prof']);

/** The first letter of a word, skipping leading punctuation; surrogate pairs stay whole. */
function firstLetter(word: string): string {
  return Array.from(word.replace(/^[^\p{L}\p{N}]+/u, ''))[0] ?? '';
}

/**
 * The one initials rule for avatars (issue 9): the first letters of the first and the last word
 * of a person's name, upper-cased, without a leading title ("Dr. Maria Lopez" → "ML") or
 * credentials after a comma ("Maria Lopez, MD" → "ML"); one word gives one letter. Null when
 * the name has no letter to show, so the avatar shows its fallback icon instead.
 */
export function initialsOf(name: string | null | undefined): string | null {
  const [beforeComma = ''] = (name ?? '').split(',');
  const words = beforeComma.split(/\s+/).filter((word) => /\p{L}/u.test(word));
  const titled =
    words.length > 1 && NAME_TITLES.has(words[0]?.replace(/\.$/, '').toLowerCase() ?? '');
  const [first, ...rest] = titled ? words.slice(1) : words;
  if (!first) return null;
  const last = rest.at(-1);
  return `${firstLetter(first)}${last ? firstLetter(last) : ''}`.toLocaleUpperCase();
}
