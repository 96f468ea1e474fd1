import { formatMinuteOfDay, type WeeklyHoursBlock } from '@portal/domain';
import { currentLocale } from '../language/language';
import { WEEKDAYS, providerStrings as t } from './provider-strings';

/** An instant as the provider's clock shows it: "Nov 10, 9:00 AM". */
export function inZone(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(currentLocale(), {
    timeZone,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

/**
 * The weekly hours as lines, consecutive days with the same hours together:
 * ["Mon–Fri 08:00–17:00", "Sat 09:00–12:00 and 13:00–15:00"], or ["No hours"].
 */
export function hoursLines(blocks: readonly WeeklyHoursBlock[]): string[] {
  if (blocks.length === 0) return [t.noHours];
  const perDay = WEEKDAYS.map((_day, weekday) =>
    blocks
      .filter((b) => b.weekday === weekday)
      .sort((a, b) => a.startMinute - b.startMinute)
      .map((b) => `${formatMinuteOfDay(b.startMinute)}–${formatMinuteOfDay(b.endMinute)}`)
      .join(t.and),
  );
  const short = (weekday: number) => (WEEKDAYS[weekday] ?? '').slice(0, 3);
  const lines: string[] = [];
  for (let first = 0; first < perDay.length; first += 1) {
    const ranges = perDay[first];
    if (!ranges) continue;
    let last = first;
    while (last + 1 < perDay.length && perDay[last + 1] === ranges) last += 1;
    const days = last > first ? `${short(first)}–${short(last)}` : short(first);
    lines.push(`${days} ${ranges}`);
    first = last;
  }
  return lines;
}

/** The weekly hours on one line: "Mon–Fri 08:00–17:00, Sat 08:00–12:00", or "No hours". */
export function hoursSummary(blocks: readonly WeeklyHoursBlock[]): string {
  return hoursLines(blocks).join(', ');
}
