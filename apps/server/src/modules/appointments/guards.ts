import { isSupportedStateCode } from '@portal/domain';
import { z } from 'zod';
import type { GraphQLContext } from '../../graphql/context';
import { appointmentError, type AppointmentErrorCode } from './errors';
import type { SlotSearch } from './slots';

/** The customer comes from the token only; a customerId argument must name the same one. */
export function viewerCustomer(ctx: GraphQLContext, customerId?: string | null): string {
  const own = ctx.viewer?.customerId;
  if (!own) throw appointmentError('C108', 'No customer record.');
  if (customerId != null && customerId !== own) {
    throw appointmentError('FORBIDDEN', 'Not your customer record.');
  }
  return own;
}

/** Zod issues as field errors under the spec's code (STYLE.md rules 5, 6). */
export function parse<S extends z.ZodType>(
  schema: S,
  input: unknown,
  code: AppointmentErrorCode,
): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = Object.fromEntries(
    result.error.issues.map((i) => [i.path.join('.') || 'input', i.message]),
  );
  throw appointmentError(code, 'Invalid input.', { fields });
}

export const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** Slot searches: a state we serve and a treatment id, else T100/T101. */
export function slotSearch(args: SlotSearch): SlotSearch {
  if (!isSupportedStateCode(args.state)) {
    throw appointmentError('T100', 'Unknown state.', {
      fields: { state: 'appointments.validation.stateInvalid' },
    });
  }
  if (!isUuid(args.treatmentId))
    throw appointmentError('T101', 'No slots for this location and treatment.');
  if (args.providerId && !isUuid(args.providerId)) {
    throw appointmentError('T100', 'Unknown provider.', {
      fields: { providerId: 'appointments.validation.providerRequired' },
    });
  }
  return args;
}

export const ok = <T>(name: string, message: string, data: T) => ({
  data,
  message,
  name,
  statusCode: 200,
});
