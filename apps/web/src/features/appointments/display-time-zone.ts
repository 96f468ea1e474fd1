import { BOOKING_TIME_ZONES, DEFAULT_TIME_ZONE } from '@portal/domain';
import { useCallback, useState } from 'react';
import { zoneAbbreviation } from './format-time';

// Issue 9: the booking and reschedule dialogs show times in a zone the customer can change.
// The default is the device's zone; a choice holds for the rest of the browser session.

export const DISPLAY_TIME_ZONE_KEY = 'portal.appointments.time-zone';

export function isTimeZone(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** The device's zone, or the spec's default when the browser does not say. */
export function deviceTimeZone(): string {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

function storedZone(storage: Storage): string | null {
  try {
    const value = storage.getItem(DISPLAY_TIME_ZONE_KEY);
    return isTimeZone(value) ? value : null;
  } catch {
    return null;
  }
}

/** The zone the dialogs show times in, and a setter that keeps the choice for the session. */
export function useDisplayTimeZone(): [string, (zone: string) => void] {
  const [zone, setZone] = useState(() => storedZone(window.sessionStorage) ?? deviceTimeZone());
  const choose = useCallback((next: string) => {
    if (!isTimeZone(next)) return;
    setZone(next);
    try {
      window.sessionStorage.setItem(DISPLAY_TIME_ZONE_KEY, next);
    } catch {
      // Storage blocked: the choice lasts while the dialog is open.
    }
  }, []);
  return [zone, choose];
}

export interface TimeZoneOption {
  id: string;
  /** "Pacific Time (PDT)": the name (a catalogue key or the browser's) and the short name. */
  nameKey: string | null;
  name: string;
  short: string;
  device: boolean;
}

/** The offered US zones by their everyday names (catalogue keys under appointments.zones). */
const ZONE_NAME_KEYS: Record<string, string> = {
  'Pacific/Honolulu': 'hawaii',
  'America/Anchorage': 'alaska',
  'America/Los_Angeles': 'pacific',
  'America/Phoenix': 'arizona',
  'America/Denver': 'mountain',
  'America/Chicago': 'central',
  'America/New_York': 'eastern',
  UTC: 'utc',
  'Etc/UTC': 'utc',
};

function genericName(zone: string, language: string): string {
  try {
    return (
      new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'longGeneric' })
        .formatToParts(new Date(0))
        .find((part) => part.type === 'timeZoneName')?.value ?? zone
    );
  } catch {
    return zone;
  }
}

/**
 * The picker's choices: the US zones west to east, then the device's zone, the customer's
 * zone and the current choice when they are not among them. Each carries its short name at
 * `at`, so it says PST or PDT as the shown times do.
 */
export function timeZoneOptions(input: {
  at: Date;
  language: string;
  device: string;
  extra: readonly (string | null | undefined)[];
}): TimeZoneOption[] {
  const ids: string[] = [...BOOKING_TIME_ZONES];
  for (const zone of [input.device, ...input.extra]) {
    if (isTimeZone(zone) && !ids.includes(zone)) ids.push(zone);
  }
  return ids.map((id) => {
    const key = ZONE_NAME_KEYS[id];
    return {
      id,
      nameKey: key ? `appointments.zones.${key}` : null,
      name: genericName(id, input.language),
      short: zoneAbbreviation(input.at, id),
      device: id === input.device,
    };
  });
}
