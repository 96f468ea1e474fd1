import { formatMinuteOfDay, type WeeklyHoursBlock } from '@portal/domain';
import { WEEKDAYS, providerStrings as t } from './provider-strings';

/** An instant as the provider's clock shows it: "Nov 10, 9:00 AM". */
export function inZone(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** "Mon 08:00–17:00, Tue 08:00–12:00 and 13:00–17:00", or "No hours". */
export function hoursSummary(blocks: readonly WeeklyHoursBlock[]): string {
  if (blocks.length === 0) return t.noHours;
  const days = WEEKDAYS.map((day, weekday) => {
    const ranges = blocks
      .filter((b) => b.weekday === weekday)
      .sort((a, b) => a.startMinute - b.startMinute)
      .map((b) => `${formatMinuteOfDay(b.startMinute)}–${formatMinuteOfDay(b.endMinute)}`);
    return ranges.length ? `${day.slice(0, 3)} ${ranges.join(' and ')}` : null;
  });
  return days.filter(Boolean).join(', ');
}
