// Beyond the spec (issue 13): treatment events on the weight chart, from the prescriptions of
// issue "Treatment records": the first dose (the first prescription with a weekly dose) and each
// later prescription whose weekly dose differs from the one before it.

import { compareCalendarDates } from './trend';

/** A prescription as the chart needs it: the day it was written and its weekly dose. */
export interface TreatmentDoseRecord {
  /** yyyy-MM-dd */
  date: string;
  /** The prescribed weekly dose in mg; null when the prescription has none (a non-injectable). */
  weeklyDoseMg: number | null;
  treatment: string;
}

export interface TreatmentEvent {
  /** yyyy-MM-dd */
  date: string;
  kind: 'start' | 'dose_change';
  treatment: string;
  doseMg: number;
  /** The dose before a change; null for a start. */
  previousDoseMg: number | null;
}

/**
 * The start of each treatment and its dose changes, oldest first. Records without a dose are
 * ignored; the same dose again (a refill) is no event.
 */
export function treatmentEvents(records: readonly TreatmentDoseRecord[]): TreatmentEvent[] {
  const sorted = [...records]
    .filter((r): r is TreatmentDoseRecord & { weeklyDoseMg: number } => r.weeklyDoseMg !== null)
    .sort((a, b) => compareCalendarDates(a.date, b.date));
  const lastDose = new Map<string, number>();
  const events: TreatmentEvent[] = [];
  for (const record of sorted) {
    const previous = lastDose.get(record.treatment);
    if (previous === undefined) {
      events.push({
        date: record.date,
        kind: 'start',
        treatment: record.treatment,
        doseMg: record.weeklyDoseMg,
        previousDoseMg: null,
      });
    } else if (previous !== record.weeklyDoseMg) {
      events.push({
        date: record.date,
        kind: 'dose_change',
        treatment: record.treatment,
        doseMg: record.weeklyDoseMg,
        previousDoseMg: previous,
      });
    }
    lastDose.set(record.treatment, record.weeklyDoseMg);
  }
  return events;
}

/**
 * The weight on or just before a day (the last entry up to it), else the first entry after it:
 * what "since the start of treatment" measures from.
 */
export function weightAtDate(
  points: readonly { date: string; lb: number }[],
  date: string,
): number | null {
  const sorted = [...points].sort((a, b) => compareCalendarDates(a.date, b.date));
  const before = sorted.filter((p) => p.date <= date).at(-1);
  return (before ?? sorted.at(0))?.lb ?? null;
}
