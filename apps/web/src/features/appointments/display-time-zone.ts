import { BOOKING_TIME_ZONES, DEFAULT_TIME_ZONE, displayTimeZoneSchema } from '@portal/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { SetDisplayTimeZoneDocument } from '../../gql/graphql';
import { CUSTOMER_QUERY_KEY, type Customer } from '../../lib/customer/customer';
import { useCustomerQuery } from '../../lib/customer/use-customer';
import { useServices } from '../../lib/services';
import { zoneAbbreviation } from './format-time';

// Issues 9 and 43: one zone for visit times. The customer chooses it in the booking and
// reschedule dialogs; the choice is saved on their record (customers.time_zone, which the
// mails and calendar files use too) and remembered on the device. The cards, the dialogs,
// the mails and the calendar file all show it; with no record to read, the device's zone.

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

/** A zone the customer's record can hold (the offered US zones). */
export function isSavableTimeZone(zone: string): boolean {
  return displayTimeZoneSchema.safeParse({ timeZone: zone }).success;
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
 * Which zone times are shown in: the customer's saved zone, which mails and calendar files
 * use too; a zone this device remembers that the record cannot hold (outside the offered
 * list) wins on this device; with neither, what the device remembers, then its own zone.
 */
export function resolveDisplayTimeZone(input: {
  saved: string | null | undefined;
  stored: string | null;
  device: string;
}): string {
  const { saved, stored, device } = input;
  if (stored && !isSavableTimeZone(stored)) return stored;
  if (isTimeZone(saved)) return saved;
  return stored ?? device;
}

/** Saves the choice on the customer's record; the cached record takes it at once. */
function useSaveDisplayTimeZone() {
  const { graphql } = useServices();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (timeZone: string) => graphql.request(SetDisplayTimeZoneDocument, { timeZone }),
    onMutate: (timeZone: string) => {
      queryClient.setQueryData<Customer | null>(CUSTOMER_QUERY_KEY, (customer) =>
        customer ? { ...customer, time_zone: timeZone } : customer,
      );
    },
    // Refused (it should not be: the list is the schema's): read the record as it is.
    onError: () => queryClient.invalidateQueries({ queryKey: CUSTOMER_QUERY_KEY }),
  });
}

/** The zone visit times are shown in, and a setter that saves and remembers the choice. */
export function useDisplayTimeZone(): [string, (zone: string) => void] {
  const customer = useCustomerQuery();
  const [stored, setStored] = useState(storedZone);
  const { mutate } = useSaveDisplayTimeZone();
  const zone = resolveDisplayTimeZone({
    saved: customer.data?.time_zone,
    stored,
    device: deviceTimeZone(),
  });
  const choose = useCallback(
    (next: string) => {
      if (!isTimeZone(next)) return;
      setStored(next);
      storeZone(next);
      if (isSavableTimeZone(next)) mutate(next);
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
