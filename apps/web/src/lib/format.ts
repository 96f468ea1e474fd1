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
