import { CURRENCY } from './constants';

const formatters = new Map<string, Intl.NumberFormat>();

function formatterFor(locale: string): Intl.NumberFormat {
  let formatter = formatters.get(locale);
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency: CURRENCY });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/**
 * Spec 02 §9; DESIGN §4: money is integer cents end to end and shown with two decimals,
 * e.g. 123450 → '$1,234.50'. A fractional cent means a bug upstream, so it throws.
 */
export function formatCents(cents: number, locale = 'en-US'): string {
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`formatCents expects integer cents, got ${String(cents)}`);
  }
  return formatterFor(locale).format(cents / 100);
}
