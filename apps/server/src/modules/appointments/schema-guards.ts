import { isSupportedStateCode } from '@portal/domain';
import { codedError } from '../../platform/errors';
import { isUuid } from '../../graphql/guards';
import type { SlotSearch } from './slots';

/** Slot searches: a state we serve and a treatment id, else T100/T101. */
export function slotSearch(args: SlotSearch): SlotSearch {
  if (!isSupportedStateCode(args.state)) {
    throw codedError('T100', 'Unknown state.', {
      fields: { state: 'appointments.validation.stateInvalid' },
    });
  }
  if (!isUuid(args.treatmentId))
    throw codedError('T101', 'No slots for this location and treatment.');
  if (args.providerId && !isUuid(args.providerId)) {
    throw codedError('T100', 'Unknown provider.', {
      fields: { providerId: 'appointments.validation.providerRequired' },
    });
  }
  return args;
}

/**
 * Zones already accepted. Building an Intl.DateTimeFormat to check a zone costs ~0.4 ms of
 * event loop (issue 16: the booking dialog's every question carries its zone); the runtime
 * knows a few hundred, so the set stays small, and a refused name is never kept.
 */
const knownTimeZones = new Set<string>();

/** An IANA zone the runtime knows; anything else is bad input (T100). */
export function timeZoneArg(timeZone: string): string {
  if (knownTimeZones.has(timeZone)) return timeZone;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw codedError('T100', 'Unknown time zone.', {
      fields: { timeZone: 'appointments.validation.timeZoneInvalid' },
    });
  }
  knownTimeZones.add(timeZone);
  return timeZone;
}
