import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { formatDate } from '../../lib/format';

// lib/format.ts holds the spec's date formats; slots also need their clock time.

export function formatClock(instant: Date, timeZone: string): string {
  return format(new TZDate(instant.getTime(), timeZone), 'h:mm a');
}

/** "Monday, June 2" (spec 01 §9: EEEE, MMMM d). */
export function formatDay(instant: Date, timeZone: string): string {
  return `${formatDate(instant, 'weekday', timeZone)}, ${formatDate(instant, 'monthDay', timeZone)}`;
}

/** A yyyy-MM-dd day key as its weekday and date, read at noon UTC so no zone moves it. */
export function dayKeyParts(dateKey: string): { weekday: string; date: string } {
  const noon = new TZDate(`${dateKey}T12:00:00Z`, 'UTC');
  return { weekday: format(noon, 'EEE'), date: format(noon, 'MMM d') };
}
