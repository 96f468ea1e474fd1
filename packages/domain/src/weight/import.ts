import { isWeightInBounds } from './measures';

// Spec 01 §2, spec 02 §2, §5: the home address's `weightData` parameter: dot-separated
// `date_value` entries, the value in hundredths of a pound (2026-11-01_21050 is 210.50 lb).
// Entries without a date or with a zero value are skipped; so are unreadable and out-of-bounds
// ones (the server would refuse them anyway, and one bad entry must not sink the others).

export interface WeightImportEntry {
  /** yyyy-MM-dd */
  date: string;
  /** Hundredths of a pound. */
  value: number;
}

export interface WeightImportParse {
  entries: WeightImportEntry[];
  skipped: number;
}

/** At most this many entries from one link (ours: a year of daily weights). */
export const WEIGHT_IMPORT_MAX_ENTRIES = 366;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

export function parseWeightData(param: string): WeightImportParse {
  const entries: WeightImportEntry[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const raw of param.split('.')) {
    if (raw.trim() === '') continue;
    const [date = '', valueText = '', ...rest] = raw.trim().split('_');
    const value = /^\d+$/.test(valueText) ? Number(valueText) : NaN;
    if (
      rest.length > 0 ||
      !isCalendarDate(date) ||
      !Number.isSafeInteger(value) ||
      value === 0 ||
      !isWeightInBounds(value / 100) ||
      seen.has(date) ||
      entries.length >= WEIGHT_IMPORT_MAX_ENTRIES
    ) {
      skipped += 1;
      continue;
    }
    seen.add(date);
    entries.push({ date, value });
  }
  return { entries, skipped };
}
