import { TZDate } from '@date-fns/tz';
import { DEFAULT_TIME_ZONE } from '@portal/domain';
import { format } from 'date-fns';
import { formatDate } from '../../lib/format';

/** "03/07/2026, 2:10 PM": a scan's date (spec 02 §9: MM/dd/yyyy) and clock time in the zone. */
export function formatScanTime(instant: string, timeZone: string | null | undefined): string {
  const zone = timeZone ?? DEFAULT_TIME_ZONE;
  const clock = format(new TZDate(Date.parse(instant), zone), 'h:mm a');
  return `${formatDate(instant, 'date', zone)}, ${clock}`;
}

/** A dose figure without trailing zeros: 0.25, 10, 12.5. */
export function formatNumber(value: number): string {
  return String(Number(value.toFixed(3)));
}
