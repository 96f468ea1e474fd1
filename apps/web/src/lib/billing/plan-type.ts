/** Whole months from `today` to `end` (yyyy-MM-dd), counting a started month; never below 0. */
export function monthsLeft(today: string, end: string): number {
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const [ey, em, ed] = end.split('-').map(Number) as [number, number, number];
  const months = (ey - ty) * 12 + (em - tm) + (ed > td ? 1 : 0);
  return Math.max(0, months);
}
