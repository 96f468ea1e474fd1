import { isSupportedStateCode } from '@portal/domain';
import { codedError } from '../../graphql/errors';
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
