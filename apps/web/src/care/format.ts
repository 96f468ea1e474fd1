import { formatMoney } from '../lib/format';
import { currentLocale } from './language/language';

// The console shows times in the care team member's own zone (the browser's), with the date
// and the time: a queue is read in "how long has this waited", not in the patient's calendar.

const DATE_TIME: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};
const DATE_ONLY: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' };
const formatters = new Map<string, Intl.DateTimeFormat>();
/** A formatter in the console's language, made once per language and shape. */
function formatter(shape: 'dateTime' | 'dateOnly'): Intl.DateTimeFormat {
  const key = `${currentLocale()} ${shape}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(currentLocale(), shape === 'dateTime' ? DATE_TIME : DATE_ONLY);
    formatters.set(key, found);
  }
  return found;
}

function valid(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatWhen(value: unknown): string {
  const date = valid(value);
  return date ? formatter('dateTime').format(date) : '';
}

export function formatDay(value: unknown): string {
  // A calendar date (yyyy-MM-dd) is a day, not an instant: no zone may move it.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    return formatter('dateOnly').format(new Date(y, m - 1, d));
  }
  const date = valid(value);
  return date ? formatter('dateOnly').format(date) : '';
}

/** How long ago, in the largest whole unit: "5 min", "3 h", "2 d". */
export function waited(since: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  if (minutes < 60) return `${String(minutes)} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${String(hours)} h`;
  return `${String(Math.floor(hours / 24))} d`;
}

/** Whole years between a date of birth (yyyy-MM-dd) and now. */
export function ageOn(dateOfBirth: string, now: Date): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(dateOfBirth);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  let age = now.getFullYear() - y;
  if (now.getMonth() + 1 < m || (now.getMonth() + 1 === m && now.getDate() < d)) age -= 1;
  return age;
}

export const money = (cents: unknown) => (typeof cents === 'number' ? formatMoney(cents) : '');

/** A value of a loosely read record as text (the patient record's rows are not typed here). */
export function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/**
 * A status code as a person reads it: "in_review" → "In review", "payment_due" → "Payment
 * due". The codes are the server's own; the console shows them without underscores rather
 * than keep a second table of every module's statuses.
 */
export function statusLabel(value: unknown): string {
  const code = text(value).trim();
  if (code === '') return '';
  const words = code.replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
