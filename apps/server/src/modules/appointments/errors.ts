import { GraphQLError } from 'graphql';

export type AppointmentErrorCode =
  'A100' | 'A102' | 'A103' | 'T100' | 'T101' | 'C108' | 'FORBIDDEN';

/** An expected failure with the spec's code; `reason` tells the web which dialog applies. */
export function appointmentError(
  code: AppointmentErrorCode,
  message: string,
  extra: { reason?: string; fields?: Record<string, string> } = {},
) {
  return new GraphQLError(message, { extensions: { code, ...extra } });
}
