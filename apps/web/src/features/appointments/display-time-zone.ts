import { BOOKING_TIME_ZONES, DEFAULT_TIME_ZONE, isBookingTimeZone } from '@portal/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { GetDisplayTimeZoneDocument, SetDisplayTimeZoneDocument } from '../../gql/graphql';
import { CUSTOMER_QUERY_KEY, type Customer } from '../../lib/customer/customer';
import { useServices, useSession } from '../../lib/services';
import { zoneAbbreviation } from './format-time';

// Issues 9 and 43: one zone for visit times. Until the customer chooses, the device's zone,
// recorded on their record (customers.time_zone) so the mails and calendar files agree with
// the dialogs; once they choose (in the dialogs or on the appointments page) the choice is
// stamped on the record and wins on every device. The cards, the dialogs, the mails and the
// calendar file all show it and name it.

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

/**
 * A zone the customer's record can hold (the offered US zones: displayTimeZoneSchema's enum,
 * checked without zod so the screens that show times paint without it, issue 46).
 */
export function isSavableTimeZone(zone: string): boolean {
  return isBookingTimeZone(zone);
}

function storedZone(): string | null {
  try {
    const value = window.localStorage.getItem(DISPLAY_TIME_ZONE_KEY);
    return isTimeZone(value) ? value : null;
  } catch {
    return null;
  }
}

function storeZone(zone: string): void {
  try {
    window.localStorage.setItem(DISPLAY_TIME_ZONE_KEY, zone);
  } catch {
    // Storage blocked: the record still holds a savable choice.
  }
}

/**
 * Which zone times are shown in: the customer's choice, which every device follows (the
 * mails and calendar files use it too); until they choose, this device's own zone. A zone
 * this device remembers that the record cannot hold (outside the offered list) wins here.
 */
export function resolveDisplayTimeZone(input: {
  saved: string | null | undefined;
  chosen: boolean;
  stored: string | null;
  device: string;
}): string {
  const { saved, chosen, stored, device } = input;
  if (stored && !isSavableTimeZone(stored)) return stored;
  if (chosen && isTimeZone(saved)) return saved;
  return device;
}

/**
 * The device's zone goes on the record while the customer has chosen none, so the mails and
 * calendar files name the times the dialogs showed. Not when the record already holds it, a
 * choice stands, or the record cannot hold it (outside the offered list).
 */
export function deviceZoneToRecord(
  record: { timeZone: string; chosen: boolean } | undefined,
  device: string,
): string | null {
  if (!record || record.chosen || record.timeZone === device) return null;
  return isSavableTimeZone(device) ? device : null;
}

export const DISPLAY_TIME_ZONE_QUERY_KEY = ['displayTimeZone'] as const;

type DisplayZone = { timeZone: string; chosen: boolean };

/** The record's zone; a screen that opens a dialog with times reads it first (no jump). */
export function useDisplayTimeZoneQuery() {
  const { graphql } = useServices();
  const { status } = useSession();
  return useQuery({
    queryKey: DISPLAY_TIME_ZONE_QUERY_KEY,
    queryFn: async () => (await graphql.request(GetDisplayTimeZoneDocument)).displayTimeZone,
    enabled: status === 'authenticated',
    staleTime: 5 * 60_000,
  });
}

/** Saves a zone on the customer's record; the cached records take what the server kept. */
function useSaveDisplayTimeZone() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  const keep = (zone: DisplayZone) => {
    queryClient.setQueryData<DisplayZone | null>(DISPLAY_TIME_ZONE_QUERY_KEY, zone);
    queryClient.setQueryData<Customer | null>(CUSTOMER_QUERY_KEY, (customer) =>
      customer ? { ...customer, time_zone: zone.timeZone } : customer,
    );
  };
  return useMutation({
    mutationFn: async (input: { timeZone: string; fromDevice: boolean }) =>
      (await graphql.request(SetDisplayTimeZoneDocument, input)).setDisplayTimeZone.data,
    onMutate: (input) => {
      // A choice shows at once; the device's zone waits for the server (a choice may stand).
      if (!input.fromDevice) keep({ timeZone: input.timeZone, chosen: true });
    },
    onSuccess: keep,
    // Refused (it should not be: the list is the schema's): read the record as it is.
    onError: () => queryClient.invalidateQueries({ queryKey: DISPLAY_TIME_ZONE_QUERY_KEY }),
  });
}

/** Device zones already sent this page load: a failing save is not retried in a loop. */
const recorded = new Set<string>();

/** The zone visit times are shown in, and a setter that saves and remembers the choice. */
export function useDisplayTimeZone(): [string, (zone: string) => void] {
  const record = useDisplayTimeZoneQuery();
  const [stored, setStored] = useState(storedZone);
  const { mutate } = useSaveDisplayTimeZone();
  const device = deviceTimeZone();
  const zone = resolveDisplayTimeZone({
    saved: record.data?.timeZone,
    chosen: record.data?.chosen ?? false,
    stored,
    device,
  });
  const toRecord = deviceZoneToRecord(record.data ?? undefined, device);
  useEffect(() => {
    if (!toRecord || recorded.has(toRecord)) return;
    recorded.add(toRecord);
    mutate({ timeZone: toRecord, fromDevice: true });
  }, [toRecord, mutate]);
  const choose = useCallback(
    (next: string) => {
      if (!isTimeZone(next)) return;
      setStored(next);
      storeZone(next);
      if (isSavableTimeZone(next)) mutate({ timeZone: next, fromDevice: false });
    },
    [mutate],
  );
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
