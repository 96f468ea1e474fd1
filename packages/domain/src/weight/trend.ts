import { WEIGHT_TIP_LB_PER_WEEK } from '../constants';
import { addDaysToDate, daysBetweenDates } from '../treatment/runway';
import { roundTo } from './measures';

// Beyond the spec (issue 13; REFERENCES "Weight"): a 7-day trend beside the raw points, the
// pace in lb a week, the day the goal is reached at that pace, and the "Is this right?" check.

export interface WeightPoint {
  /** yyyy-MM-dd */
  date: string;
  lb: number;
}

/** The trend averages the entries of the 7 days ending on each entry's day. */
export const TREND_WINDOW_DAYS = 7;
/** The pace is the slope of the trend over the last 4 weeks. */
export const PACE_WINDOW_DAYS = 28;
/** An entry this many pounds off the nearest entry within a day asks "Is this right?". */
export const OUTLIER_LB_PER_DAY = 15;
/** The allowance grows by this many pounds for each further day between the entries. */
export const OUTLIER_EXTRA_LB_PER_DAY = 2;

/**
 * Orders yyyy-MM-dd dates: their characters' order is the calendar's. Not localeCompare, which
 * collates through the locale's rules: sorting a year of entries with it was most of /weight's
 * trend work in a profile (issue 46).
 */
export function compareCalendarDates(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function byDate(points: readonly WeightPoint[]): WeightPoint[] {
  return [...points].sort((a, b) => compareCalendarDates(a.date, b.date));
}

/**
 * One trend point per entry day: the mean of the entries of the 7 days ending that day. The
 * window's ends only move forward through the sorted entries (issue 46: filtering all of them
 * for each entry made a year of daily weights ~130,000 comparisons, four times per render of
 * /weight); each mean still adds its window's entries in date order.
 */
export function weightTrend(points: readonly WeightPoint[]): WeightPoint[] {
  const sorted = byDate(points);
  let first = 0;
  let end = 0;
  return sorted.map((point) => {
    const from = addDaysToDate(point.date, -(TREND_WINDOW_DAYS - 1));
    while ((sorted[first] as WeightPoint).date < from) first += 1;
    // Every entry of the point's own day, those sorted after it included.
    while (end < sorted.length && (sorted[end] as WeightPoint).date <= point.date) end += 1;
    let sum = 0;
    for (let i = first; i < end; i += 1) sum += (sorted[i] as WeightPoint).lb;
    return { date: point.date, lb: roundTo(sum / (end - first), 2) };
  });
}

/**
 * Pace in lb a week over the last 4 weeks of the trend (least squares; negative when losing),
 * two decimals. Null with fewer than two days of entries in the window.
 */
export function weightPace(points: readonly WeightPoint[]): number | null {
  const trend = weightTrend(points);
  const last = trend.at(-1);
  if (!last) return null;
  const from = addDaysToDate(last.date, -PACE_WINDOW_DAYS);
  const window = trend.filter((p) => p.date >= from);
  if (window.length < 2) return null;
  const xs = window.map((p) => daysBetweenDates(from, p.date));
  const meanX = xs.reduce((a, b) => a + b, 0) / xs.length;
  const meanY = window.reduce((a, p) => a + p.lb, 0) / window.length;
  let num = 0;
  let den = 0;
  window.forEach((p, i) => {
    const dx = (xs[i] as number) - meanX;
    num += dx * (p.lb - meanY);
    den += dx * dx;
  });
  if (den === 0) return null;
  return roundTo((num / den) * 7, 2);
}

/**
 * The day the goal is reached at the current pace, from the last trend point; null when the
 * pace does not head towards the goal or the goal is already reached.
 */
export function goalDateAtPace(points: readonly WeightPoint[], goalLb: number): string | null {
  const pace = weightPace(points);
  const last = weightTrend(points).at(-1);
  if (pace === null || !last) return null;
  const remaining = goalLb - last.lb;
  if (remaining === 0 || Math.sign(remaining) !== Math.sign(pace)) return null;
  const days = Math.ceil((remaining / pace) * 7);
  return addDaysToDate(last.date, days);
}

/** Spec 02 §9 tip: where a weekly pace sits against the 0.5–1 lb a week advice. */
export function paceAdvice(paceLbPerWeek: number | null): 'none' | 'slow' | 'healthy' | 'fast' {
  if (paceLbPerWeek === null) return 'none';
  const loss = -paceLbPerWeek;
  if (loss < WEIGHT_TIP_LB_PER_WEEK.min) return 'slow';
  if (loss > WEIGHT_TIP_LB_PER_WEEK.max) return 'fast';
  return 'healthy';
}

/**
 * "Is this right?": true when a new entry is far from the nearest existing entry, 15 lb within
 * a day, plus 2 lb for each further day between them (an entry weeks later may well differ).
 */
export function needsWeightConfirmation(
  entry: WeightPoint,
  existing: readonly WeightPoint[],
): boolean {
  let nearest: { days: number; lb: number } | null = null;
  for (const p of existing) {
    const days = Math.abs(daysBetweenDates(p.date, entry.date));
    if (!nearest || days < nearest.days) nearest = { days, lb: p.lb };
  }
  if (!nearest) return false;
  const allowance = OUTLIER_LB_PER_DAY + OUTLIER_EXTRA_LB_PER_DAY * Math.max(0, nearest.days - 1);
  return Math.abs(entry.lb - nearest.lb) >= allowance;
}
